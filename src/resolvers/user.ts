import { changeEmail, resetApiKey } from '../domain/accounts.js'
import { presentBalance, presentUser } from '../presentation/present.js'
import * as op from '../operations/api.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'
import type { UserRecord } from '../store/models.js'

/** Routes of the User group: parse (the pipeline) → call the domain → present. */
export function userRoutes(ctx: MockContext): OperationRoute[] {
  const { extraFields } = ctx.profile.resources
  const present = (user: UserRecord) => presentUser(user, ctx)
  return [
    implementOperation(ctx, op.getUser, async ({ user }) => ({ data: present(user) })),
    implementOperation(ctx, op.updateUser, async ({ user, body }) => ({
      data: present(await changeEmail(ctx, user, body.user.email)),
    })),
    implementOperation(ctx, op.resetApiKey, async ({ user }) => ({ data: present(await resetApiKey(ctx, user)) })),
    implementOperation(ctx, op.getUserBalance, async ({ user }) => ({
      data: presentBalance(user, extraFields.balance),
    })),
  ]
}
