import { ApiError, validationFailed } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import type { TopUpInput } from '../schemas/admin.js'
import { MAX_USD } from '../schemas/common.js'
import type { UserRecord } from '../store/models.js'
import { accountById } from './accounts.js'
import { isoTimestamp } from './clock.js'
import { usdToMicros } from './money.js'

/** Largest balance an account may hold (the API's Usd maximum), in micros. */
export const MAX_BALANCE_MICROS = usdToMicros(MAX_USD)

/**
 * Adds money to an account: raises balance and total top-ups and counts the top-up.
 * `max_topups` is the number of top-ups an account may make over its life; the next
 * one is refused (422 topup_limit_reached) and nothing changes.
 * @example await topUp(ctx, 1, { amount_usd: 50 })
 */
export async function topUp(ctx: MockContext, userId: number, { amount_usd }: TopUpInput): Promise<UserRecord> {
  const user = accountById(ctx, userId)
  const { max_topups } = ctx.tiers[user.api_tier]
  if (user.topups_count >= max_topups) {
    throw new ApiError(
      'topup_limit_reached',
      `Failed to top up user ${userId}: the ${user.api_tier} tier allows ${max_topups} top-ups and ${user.topups_count} were made`,
    )
  }
  const amount = usdToMicros(amount_usd)
  if (user.balance_micros + amount > MAX_BALANCE_MICROS || user.total_topups_micros + amount > MAX_BALANCE_MICROS) {
    throw validationFailed(`Failed to top up user ${userId}: the balance would pass the maximum`, [
      { field: 'amount_usd', message: `would take balance_usd or total_topups_usd past ${MAX_USD}` },
    ])
  }
  return ctx.store.updateUser(user, (draft) => {
    draft.balance_micros += amount
    draft.total_topups_micros += amount
    draft.topups_count += 1
    draft.updated_at = isoTimestamp(ctx.clock.now())
  })
}
