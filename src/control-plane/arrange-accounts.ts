import { ArrangeError } from './arrange-error.js'
import { type ArrangeCall, parseOptions, userOf } from './arrange-call.js'
import { arrangeSchemasOf, type ArrangeUserOptions, type RecordRef } from '../schemas/arrange.js'
import { writeBalance } from './arrange-records.js'
import { createAccount, resetApiKey } from '../domain/accounts.js'
import { topUp } from '../domain/top-up.js'
import { presentUser } from '../presentation/present.js'
import { MAX_USD } from '../schemas/common.js'
import type { ApiTier, User } from '../schemas/user.js'
import { usdToMicros } from '../store/money.js'

// The arrange helpers about an account: opening one with money, spending its rate limit, a new key.

/** `arrange.user`: a new account with its API key, topped up (max_topups holds) and with the balance asked for. */
export async function arrangeUser(call: ArrangeCall, input: ArrangeUserOptions | undefined): Promise<User> {
  const { ctx } = call
  // The profile's default tier, as for a user the control plane opens (a twin's may be `starter`).
  const {
    tier = ctx.profile.rateLimits.defaultTier as ApiTier,
    email,
    topups,
    balance_usd,
  } = parseOptions(arrangeSchemasOf(ctx.profile).user, input)
  const amounts = topups ?? (balance_usd ? [balance_usd] : [])
  const { max_topups } = ctx.tiers[tier]
  if (amounts.length > max_topups)
    throw new ArrangeError(
      call.helper,
      `${amounts.length} top-ups are more than tier ${tier} allows (max_topups ${max_topups})`,
      {
        field: topups ? 'topups' : 'balance_usd',
        problem: `must be at most ${max_topups} top-ups (max_topups of tier ${tier})`,
      },
    )
  const total = amounts.reduce((sum, amount) => sum + usdToMicros(amount), 0)
  if (total > usdToMicros(MAX_USD))
    throw new ArrangeError(call.helper, `the top-ups add up to more than ${MAX_USD} USD, the most a balance holds`, {
      field: 'topups',
      problem: `must add up to at most ${MAX_USD} USD`,
    })
  if (balance_usd !== undefined && usdToMicros(balance_usd) > total) {
    throw new ArrangeError(
      call.helper,
      `balance_usd ${balance_usd} is more than the top-ups add up to (${total / 1e6}): money comes in only by top-ups`,
      { field: 'balance_usd', problem: `must be at most what the top-ups add up to (${total / 1e6})` },
    )
  }
  let user = await createAccount(ctx, { tier, email })
  for (const amount_usd of amounts) user = await topUp(ctx, user.id, { amount_usd })
  if (balance_usd !== undefined) user = await writeBalance(ctx, user, balance_usd)
  return presentUser(user, ctx)
}

/** `arrange.rateLimited`: spends what the user's key has left this minute (or day), so its next request is a 429. */
export async function arrangeRateLimited(call: ArrangeCall, ref: RecordRef): Promise<User> {
  const { ctx } = call
  const user = userOf(call, ref)
  ctx.rateLimiter.exhaust(user.id, ctx.tiers[user.api_tier], ctx.clock.now())
  return presentUser(user, ctx)
}

/** `arrange.resetKey`: a new API key for the user, through the same rule as POST /user/reset_api_key. */
export async function arrangeResetKey(call: ArrangeCall, ref: RecordRef): Promise<User> {
  return presentUser(await resetApiKey(call.ctx, userOf(call, ref)), call.ctx)
}
