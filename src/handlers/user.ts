import type { HttpHandler } from 'msw'
import { assertEmailFree } from '../domain/accounts.js'
import { createApiKey } from '../domain/api-key.js'
import { isoTimestamp } from '../domain/clock.js'
import { microsToUsd } from '../domain/money.js'
import { presentUser } from '../domain/present.js'
import type { MockContext } from '../mock-context.js'
import { getUser, getUserBalance, resetApiKey, updateUser } from '../operations/user.js'
import { implementOperation } from './implement-operation.js'

/** Handlers of the User group. */
export function userHandlers(ctx: MockContext): HttpHandler[] {
  return [
    implementOperation(ctx, getUser, async ({ user }) => ({ data: presentUser(user, ctx.tiers) })),

    implementOperation(ctx, updateUser, async ({ user, body }) => {
      const { email } = body.user
      assertEmailFree(ctx, email, { exceptUserId: user.id })
      // The same address again is not a change: nothing is written and updated_at stays.
      if (email === user.email) return { data: presentUser(user, ctx.tiers) }
      const updated = await ctx.store.updateUser(user, (draft) => {
        draft.email = email
        draft.updated_at = isoTimestamp(ctx.clock.now())
      })
      return { data: presentUser(updated, ctx.tiers) }
    }),

    implementOperation(ctx, resetApiKey, async ({ user }) => {
      const updated = await ctx.store.updateUser(user, (draft) => {
        draft.api_key = createApiKey()
        draft.updated_at = isoTimestamp(ctx.clock.now())
      })
      return { data: presentUser(updated, ctx.tiers) }
    }),

    implementOperation(ctx, getUserBalance, async ({ user }) => ({
      data: { balance_usd: microsToUsd(user.balance_micros), total_topups_usd: microsToUsd(user.total_topups_micros) },
    })),
  ]
}
