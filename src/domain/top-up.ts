import { ApiError, validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { TopUpInput } from '../schemas/control-plane.js'
import { MAX_USD } from '../schemas/common.js'
import { exactUsdToMicros, microsToExactUsd, usdToMicros } from '../store/money.js'
import type { UserRecord } from '../store/models.js'
import { accountById } from './accounts.js'
import { stampNow } from './clock.js'
import type { DomainContext } from './domain-context.js'

/** Largest balance an account may hold (the API's Usd maximum), in micros. */
export const MAX_BALANCE_MICROS = usdToMicros(MAX_USD)

/**
 * Adds money to an account: raises balance and total top-ups and counts the top-up.
 * `max_topups` is the number of top-ups an account may make over its life; the next
 * one is refused (422 topup_limit_reached) and nothing changes.
 * @example await topUp(ctx, 1, { amount_usd: 50 })
 */
export async function topUp(ctx: DomainContext, userId: number, { amount_usd }: TopUpInput): Promise<UserRecord> {
  const user = accountById(ctx, userId)
  const { max_topups } = ctx.tiers[user.api_tier]
  if (user.topups_count >= max_topups) {
    throw new ApiError(
      'topup_limit_reached',
      MESSAGES.topup_limit_reached.tier(userId, user.api_tier, max_topups, user.topups_count),
    )
  }
  const amount = usdToMicros(amount_usd)
  const balance = exactUsdToMicros(user.balance_usd) + amount
  const total = exactUsdToMicros(user.total_topups_usd) + amount
  if (balance > MAX_BALANCE_MICROS || total > MAX_BALANCE_MICROS) {
    throw validationFailed(MESSAGES.validation_failed.balanceOverMaximum(userId), [
      { field: 'amount_usd', message: `would take balance_usd or total_topups_usd past ${MAX_USD}` },
    ])
  }
  return ctx.store.updateUser(user, (draft) => {
    draft.balance_usd = microsToExactUsd(balance)
    draft.total_topups_usd = microsToExactUsd(total)
    draft.topups_count += 1
    draft.updated_at = stampNow(ctx)
  })
}
