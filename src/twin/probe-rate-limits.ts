import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import { readRateLimit } from '../../contract-tests/lib/client/rate-limit-reading.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { accepted, integerOf, isJson, type LearnContext } from './learn-context.js'

// Rate limits, from what the capture already answered (no request of its own): which headers say
// them, and the account's tier with its limits. A 429 is never provoked: it would spend the key's
// whole window, which the learner does not do (its code keeps the default).

/** Learns the header family, the account's tier and its limits. */
export async function probeRateLimits(ctx: LearnContext): Promise<void> {
  const account = ctx.account
  if (!account) return
  for (const exchange of [account.userExchange, account.balanceExchange].filter(accepted)) learnHeaders(ctx, exchange)
  learnTier(ctx, account.userExchange)
  ctx.observations.cannot(
    'errors.codes.rate_limit_exceeded',
    "a 429 costs the key's whole per-minute window; the learner does not spend it",
  )
}

function learnHeaders(ctx: LearnContext, exchange: Exchange): void {
  const headers = exchange.response.headers
  const legacy = 'x-ratelimit-limit' in headers || 'x-ratelimit-remaining' in headers
  const ietf = 'ratelimit' in headers || 'ratelimit-policy' in headers
  const names = Object.keys(headers).filter((name) => /ratelimit/.test(name))
  const seen = names.length > 0 ? `headers ${names.join(', ')}` : 'no rate-limit header'
  if (!legacy && !ietf) {
    ctx.observations.cannot('rateLimits.headers', 'no answer carried rate-limit headers', ctx.evidence(exchange, seen))
    return
  }
  const family = legacy && ietf ? 'both' : legacy ? 'x-ratelimit' : 'ietf'
  ctx.observations.learn('rateLimits.headers', family, ctx.evidence(exchange, seen))
}

/** The account's tier (api_tier) and its limits (api_tier_limits), beside the default tiers. */
function learnTier(ctx: LearnContext, exchange: Exchange): void {
  const user = ctx.account?.user ?? {}
  const name = user.api_tier
  const limits = isJson(user.api_tier_limits) ? user.api_tier_limits : {}
  const [perMinute, perDay, maxTopups] = ['per_minute', 'per_day', 'max_topups'].map((key) => integerOf(limits[key]))
  if (typeof name !== 'string' || !perMinute || !perDay || !maxTopups) {
    const reason = 'GET /user showed no api_tier with three whole api_tier_limits'
    ctx.observations.cannot('rateLimits.tiers', reason, ctx.evidence(exchange, JSON.stringify(user.api_tier_limits)))
    ctx.observations.cannot('rateLimits.defaultTier', reason)
    return
  }
  const reading = readRateLimit(exchange.response.headers)
  const quota = reading.limit ?? reading.policies.find((policy) => policy.w === 60)?.q
  const headerSays = quota === undefined ? '' : `; the headers say ${quota} a minute`
  const seen = `api_tier ${name}, per_minute ${perMinute}, per_day ${perDay}, max_topups ${maxTopups}${headerSays}`
  const tier = { per_minute: perMinute, per_day: perDay, max_topups: maxTopups }
  ctx.observations.learn(
    'rateLimits.tiers',
    { ...DEFAULT_PROFILE.rateLimits.tiers, [name]: tier },
    ctx.evidence(exchange, `${seen} (the mock's own tiers are kept beside it)`),
  )
  ctx.observations.learn(
    'rateLimits.defaultTier',
    name,
    ctx.evidence(
      exchange,
      `the key's account is on ${name} (a guess: a deployment does not show the tier new accounts get)`,
    ),
  )
}
