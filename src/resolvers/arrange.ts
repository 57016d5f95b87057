import { ArrangeError, type Arrange } from '../control-plane/arrange.js'
import { ApiError, validationFailed } from '../errors/api-error.js'
import * as op from '../operations/control-plane-arrange.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/**
 * POST /__admin/arrange/{helper}: each arrange helper over HTTP, given the body's user (and count)
 * and the rest as its options, answering what the helper answers. A refusal is a 422 whose message
 * is the helper's ArrangeError, naming the field; the helper checks before it writes, so nothing changed.
 * @example arrangeRoutes(ctx, createArrange(ctx))
 */
export function arrangeRoutes(ctx: MockContext, arrange: Arrange): OperationRoute[] {
  return [
    implementOperation(ctx, op.arrangeUser, ({ body }) => answer(() => arrange.user(body))),
    implementOperation(ctx, op.arrangeAdvert, ({ body: { user, ...options } }) =>
      answer(() => arrange.advert(user, options)),
    ),
    implementOperation(ctx, op.arrangeCampaign, ({ body: { user, ...options } }) =>
      answer(() => arrange.campaign(user, options)),
    ),
    implementOperation(ctx, op.arrangeCampaigns, ({ body: { user, count, ...options } }) =>
      answer(() => arrange.campaigns(user, count, options)),
    ),
    implementOperation(ctx, op.arrangeAdvertInUse, ({ body: { user, ...options } }) =>
      answer(() => arrange.advertInUse(user, options)),
    ),
    implementOperation(ctx, op.arrangeRateLimited, ({ body }) => answer(() => arrange.rateLimited(body.user))),
    implementOperation(ctx, op.arrangeResetKey, ({ body }) => answer(() => arrange.resetKey(body.user))),
  ]
}

/** A helper's result as the envelope's data; its refusal as a 422 carrying the ArrangeError's message and field. */
async function answer<T>(helper: () => Promise<T>): Promise<{ data: T }> {
  try {
    return { data: await helper() }
  } catch (error) {
    if (!(error instanceof ArrangeError)) throw error
    const cause = error.cause instanceof ApiError ? error.cause : undefined
    throw validationFailed(error.message, cause?.fields ?? [{ field: error.field, message: error.message }])
  }
}
