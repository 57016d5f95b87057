import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import { readRateLimit } from '../../contract-tests/lib/client/rate-limit-reading.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { deriveHeaders } from './derive-headers.js'
import { accepted, integerOf, isJson, type LearnContext } from './learn-context.js'

// Rate limits, from what the capture already answered (no request of its own): the headers that
// say them, each as a template learned from two answers one right after the other (derive-headers.ts),
// and the account's tier with its limits. A 429 is never provoked: it would spend the key's whole
// window, which the learner does not do (its code and Retry-After keep the default).

/** Learns the rate-limit headers, the account's tier and its limits. */
export async function probeRateLimits(ctx: LearnContext): Promise<void> {
  const account = ctx.account
  if (!account) return
  learnHeaders(ctx, account.userExchange, account.balanceExchange)
  learnTier(ctx, account.userExchange)
  ctx.observations.cannot(
    'errors.codes.rate_limit_exceeded',
    "a 429 costs the key's whole per-minute window; the learner does not spend it",
  )
}

/** The headers of two answers in a row, as templates; Retry-After on a 429 kept as the mock sends it. */
function learnHeaders(ctx: LearnContext, first: Exchange, second: Exchange): void {
  const limits = isJson(ctx.account?.user.api_tier_limits) ? ctx.account.user.api_tier_limits : {}
  const [perMinute = 0, perDay = 0] = ['per_minute', 'per_day'].map((key) => integerOf(limits[key]) ?? 0)
  if (!accepted(first) || !accepted(second)) {
    ctx.observations.cannot(
      'rateLimits.headers',
      'GET /user or GET /user/balance was refused',
      ctx.evidence(first, String(first.response.status)),
    )
    return
  }
  const headers = deriveHeaders({
    first: first.response.headers,
    second: second.response.headers,
    limits: { per_minute: perMinute, per_day: perDay },
  })
  const names = headers.map((header) => header.name)
  const seen = (exchange: Exchange) =>
    Object.entries(exchange.response.headers)
      .filter(([name]) => names.some((known) => known.toLowerCase() === name))
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ') || 'no rate-limit header'
  const retryAfter = DEFAULT_PROFILE.rateLimits.headers.filter((header) => header.only429)
  ctx.observations.learn(
    'rateLimits.headers',
    [...headers, ...retryAfter],
    ctx.evidence(first, seen(first)),
    ctx.evidence(second, seen(second)),
  )
  ctx.observations.note(
    'rateLimits.headers',
    "Retry-After on a 429 is the mock's (the learner does not spend the window)",
  )
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
