import type * as z from 'zod/mini'
import type { Operation } from '../operations/define-operation.js'
import type { PageFacts } from '../model/list-model.js'
import type { UserRecord } from '../store/models.js'
import type { MockContext } from './mock-context.js'
import type { OperationRoute } from './route.js'
import { targetOf } from '../operations/steps.js'
import type { JsonText } from '../store/kept-json.js'

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined

/**
 * What a resolver receives: what the steps that apply to its operation add to the request's state
 * (StepInput in route.ts), typed by its declaration: the caller, the id, the query and the body.
 */
export interface OperationInput<O extends Operation> {
  /** The caller (by `authenticate`); control-plane operations have none. */
  user: O['auth'] extends 'admin' ? undefined : UserRecord
  id: O['path'] extends `${string}{id}${string}` ? number : undefined
  query: Output<O['query']>
  body: Output<O['body']>
}

type Data<O extends Operation> = z.output<O['response']['data']>

/**
 * What a resolver returns: the envelope's data (and, for lists, where the page stands), or that
 * data's JSON already written (a record's kept JSON, IndexedCollection.json), put in as it is.
 */
export type OperationResult<O extends Operation> = O['response']['list'] extends true
  ? { data: Data<O>[] | JsonText[]; page: PageFacts }
  : { data: Data<O> | JsonText }

/** Answers an operation from its validated input: parse (done) → call the domain → present. */
export type OperationResolver<O extends Operation> = (
  input: OperationInput<O>,
  ctx: MockContext,
) => Promise<OperationResult<O>>

/**
 * Makes the route for an operation: its declaration (below the API or the control plane, as its
 * `auth` says) answered by the pipeline, which runs every check and then `resolve`.
 * @example implementOperation(ctx, getAdvert, async ({ user, id }) => ({ data: presentAdvert(ownedAdvert(ctx, user, id)) }))
 */
export function implementOperation<O extends Operation>(
  ctx: MockContext,
  operation: O,
  resolve: OperationResolver<O>,
  { refuseBody }: Pick<OperationRoute, 'refuseBody'> = {},
): OperationRoute {
  // The steps hand `resolve` what its declaration types (pipeline.test.ts holds the steps to OperationInput);
  // they validate with the profile's version of the declaration, which has the same fields.
  const profiled = ctx.model.operations.get(operation.operationId) ?? operation
  return { ...targetOf(profiled), ctx, operation: profiled, resolve, refuseBody }
}
