import { http, type HttpHandler } from 'msw'
import type { z } from 'zod'
import { assertAdmin, authenticate } from '../domain/auth.js'
import { ApiError } from '../http/api-error.js'
import { isPlainDecimal, readJsonBody, validate, validateQuery } from '../http/parse-input.js'
import { refuseBody } from '../http/refuse-body.js'
import { successResponse } from '../http/respond.js'
import type { MockContext } from '../mock-context.js'
import { hasIdParam, type Operation } from '../operations/define-operation.js'
import { IdParam, type Pagination } from '../schemas/common.js'
import type { UserRecord } from '../store/models.js'
import { caseSensitiveRoute } from './case-sensitive-route.js'
import { handleSafely } from './handle-safely.js'
import { admitUser, applyFaults, serveApiRequest, type Exchange } from './serve-api-request.js'

type Output<S> = S extends z.ZodType ? z.output<S> : undefined

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

export type OperationResolver<O extends Operation> = (input: OperationInput<O>, ctx: MockContext) => Promise<OperationResult<O>>

/** Turns an OpenAPI path template into msw's: `/campaigns/{id}` -> `/campaigns/:id`. */
export function toMswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/**
 * Makes the msw handler for an operation. Every request goes through the same steps,
 * in this order: authenticate (401, or 403 for the control plane), then for user
 * operations the rate limit (429) and injected faults, read the id (404),
 * validate the query (422) and the body (415, 400, 422; a 422 too for any body sent to an
 * operation that takes none), then resolve; the success status comes from the operation itself.
 */
export function implementOperation<O extends Operation>(ctx: MockContext, operation: O, resolve: OperationResolver<O>): HttpHandler {
  const isAdmin = operation.auth === 'admin'
  const base = isAdmin ? ctx.adminBase : ctx.apiBase
  const bodyIsOptional = operation.body?.safeParse(undefined).success ?? false
  const route = base + toMswPath(operation.path)
  const spelledExactly = caseSensitiveRoute(route)
  return http[operation.method](route, ({ request, params }) => {
    // msw matches paths case-insensitively; answering nothing lets /CAMPAIGNS fall through to the 404.
    if (!spelledExactly(request.url)) return undefined
    const steps = async (exchange?: Exchange) => {
      // Rate limiting and faults sit right after authentication, for user operations only.
      const user = exchange ? admitUser(ctx, request, exchange) : assertAdmin(ctx, request)
      if (exchange) await applyFaults(ctx, request, operation, exchange)
      const id = hasIdParam(operation) ? parseId(String(params.id)) : undefined
      const query = operation.query ? validateQuery(operation.query, new URL(request.url)) : undefined
      const body = operation.body
        ? validate(operation.body, await readJsonBody(request, { optional: bodyIsOptional }), 'request body')
        : await refuseBody(request)
      const input = { user, id, query, body } as OperationInput<O>
      // Public writes queue behind each other (and behind control-plane writes); control
      // operations queue inside the control plane itself, so they are not wrapped twice.
      // A write re-reads its caller in the queue: a write queued before it may have reset the
      // key (then this one is a 401, as the old key must be at once) or changed the user.
      const writes = !isAdmin && operation.method !== 'get'
      const result: { data: unknown; pagination?: Pagination } = writes
        ? await ctx.exclusive(() => {
            const caller = authenticate(ctx.store, request.headers.get('authorization'))
            return resolve({ ...input, user: caller } as OperationInput<O>, ctx)
          })
        : await resolve(input, ctx)
      return successResponse(operation.response.status, result.data, result.pagination)
    }
    return isAdmin ? handleSafely(() => steps()) : serveApiRequest(ctx, request, operation, steps)
  })
}

/** The id in a path, with the same bounds as a query's ids; anything else is no resource at all. */
function parseId(raw: string): number {
  const id = IdParam.safeParse(raw)
  if (!id.success || !isPlainDecimal(raw, id.data)) {
    throw new ApiError('not_found', `No resource has the id "${raw}": ids are positive integers`)
  }
  return id.data
}
