import { http, type HttpHandler } from 'msw'
import type * as z from 'zod/mini'
import type { Operation } from '../operations/define-operation.js'
import type { Pagination } from '../schemas/common.js'
import type { UserRecord } from '../store/models.js'
import { caseSensitiveRoute } from './case-sensitive-route.js'
import type { MockContext } from './mock-context.js'
import { createRoute, runPipeline, targetOf } from './pipeline.js'
import type { RequestState } from './route.js'

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined

/** What a resolver receives: the caller and the request's validated parts. */
export interface OperationInput<O extends Operation> {
  /** The caller; control-plane operations have none. */
  user: O['auth'] extends 'admin' ? undefined : UserRecord
  id: O['path'] extends `${string}{id}${string}` ? number : undefined
  query: Output<O['query']>
  body: Output<O['body']>
}

type Data<O extends Operation> = z.output<O['response']['data']>

/** What a resolver returns: the envelope's data (and, for lists, the pagination). */
export type OperationResult<O extends Operation> = O['response']['list'] extends true
  ? { data: Data<O>[]; pagination: Pagination }
  : { data: Data<O> }

/** Answers an operation from its validated input: parse (done) → call the domain → present. */
export type OperationResolver<O extends Operation> = (input: OperationInput<O>, ctx: MockContext) => Promise<OperationResult<O>>

/** Turns an OpenAPI path template into msw's: `/campaigns/{id}` -> `/campaigns/:id`. */
export function toMswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/**
 * Makes the msw handler for an operation: its route (below the API or the control plane, as its
 * `auth` says) answered by the pipeline, which runs every check and then `resolve`.
 * @example implementOperation(ctx, getCampaign, async ({ user, id }) => ({ data: present(ownedCampaign(ctx, user, id)) }))
 */
export function implementOperation<O extends Operation>(ctx: MockContext, operation: O, resolve: OperationResolver<O>): HttpHandler {
  const target = targetOf(operation)
  const path = (target.plane === 'admin' ? ctx.adminBase : ctx.apiBase) + toMswPath(operation.path)
  // The state carries exactly the input's fields (user, id, query, body), checked by the steps before.
  const route = createRoute(ctx, target, (state: RequestState) => resolve(state as unknown as OperationInput<O>, ctx))
  const spelledExactly = caseSensitiveRoute(path)
  return http[operation.method](path, ({ request, params }) =>
    // msw matches paths case-insensitively; answering nothing lets /CAMPAIGNS fall through to the 404.
    spelledExactly(request.url) ? runPipeline(route, request, params) : undefined,
  )
}
