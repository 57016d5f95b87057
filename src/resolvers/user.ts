import { changeEmail, resetApiKey } from '../domain/accounts.js'
import { presentBalance, presentUser } from '../presentation/present.js'
import * as op from '../operations/api.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'

/** Routes of the User group: parse (the pipeline) → call the domain → present. */
export function userRoutes(ctx: MockContext): OperationRoute[] {
  return [
    implementOperation(ctx, op.getUser, async ({ user }) => ({ data: presentUser(user, ctx.tiers) })),
    implementOperation(ctx, op.updateUser, async ({ user, body }) => ({
      data: presentUser(await changeEmail(ctx, user, body.user.email), ctx.tiers),
    })),
    implementOperation(ctx, op.resetApiKey, async ({ user }) => ({
      data: presentUser(await resetApiKey(ctx, user), ctx.tiers),
    })),
    implementOperation(ctx, op.getUserBalance, async ({ user }) => ({ data: presentBalance(user) })),
  ]
}
