import { ArrangeError, type Arrange } from '../control-plane/arrange.js'
import { validationFailed, type ApiError } from '../errors/api-error.js'
import * as op from '../operations/control-plane-arrange.js'
import type { Operation } from '../operations/define-operation.js'
import { implementOperation, type OperationResolver } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/**
 * POST /__admin/arrange/{helper}: each arrange helper over HTTP, given the body's user (and count)
 * and the rest as its options, answering what the helper answers. A refusal is a 422 whose message
 * is the helper's ArrangeError, naming the field; the helper checks before it writes, so nothing changed.
 * @example arrangeRoutes(ctx, createArrange(ctx))
 */
export function arrangeRoutes(ctx: MockContext, arrange: Arrange): OperationRoute[] {
  const route = <O extends Operation>(operation: O, helper: keyof Arrange, resolve: OperationResolver<O>) =>
    implementOperation(ctx, operation, resolve, { refuseBody: (refusal) => refused(ArrangeError.of(helper, refusal)) })
  return [
    route(op.arrangeUser, 'user', ({ body }) => answer(() => arrange.user(body))),
    route(op.arrangeAdvert, 'advert', ({ body: { user, ...options } }) => answer(() => arrange.advert(user, options))),
    route(op.arrangeCampaign, 'campaign', ({ body: { user, ...options } }) =>
      answer(() => arrange.campaign(user, options)),
    ),
    route(op.arrangeCampaigns, 'campaigns', ({ body: { user, count, ...options } }) =>
      answer(() => arrange.campaigns(user, count, options)),
    ),
    route(op.arrangeAdvertInUse, 'advertInUse', ({ body: { user, ...options } }) =>
      answer(() => arrange.advertInUse(user, options)),
    ),
    route(op.arrangeRateLimited, 'rateLimited', ({ body }) => answer(() => arrange.rateLimited(body.user))),
    route(op.arrangeResetKey, 'resetKey', ({ body }) => answer(() => arrange.resetKey(body.user))),
  ]
}

/** A helper's result as the envelope's data; its refusal as a 422 carrying the ArrangeError's message and field. */
async function answer<T>(helper: () => Promise<T>): Promise<{ data: T }> {
  try {
    return { data: await helper() }
  } catch (error) {
    throw error instanceof ArrangeError ? refused(error) : error
  }
}

/** An ArrangeError as the 422 it answers: its message once, and each field with what is wrong with it alone. */
function refused(error: ArrangeError): ApiError {
  return validationFailed(error.message, error.fields)
}
