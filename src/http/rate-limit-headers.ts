import type { RateLimitChoices } from '../profile/profile.js'
import type { RateLimitDecision } from '../domain/rate-limit.js'
import { WINDOW_SECONDS } from '../domain/rate-limit.js'

/**
 * The rate-limit headers of every authenticated response (and Retry-After on a 429),
 * with what each means: the limiter writes them and the OpenAPI document lists them.
 * @example RATE_LIMIT_HEADERS.remaining.name // 'X-RateLimit-Remaining'
 */
export const RATE_LIMIT_HEADERS = {
  limit: {
    name: 'X-RateLimit-Limit',
    description: 'Requests admitted in the window closest to exhaustion (per minute or per UTC day).',
    example: 300,
    minimum: 1,
  },
  remaining: {
    name: 'X-RateLimit-Remaining',
    description: 'Requests left in that window, this one already counted.',
    example: 299,
    minimum: 0,
  },
  reset: {
    name: 'X-RateLimit-Reset',
    description: 'When that window starts again from zero, in Unix epoch seconds (integer).',
    example: 1767225660,
    minimum: 0,
  },
  policy: {
    name: 'RateLimit-Policy',
    description: 'IETF draft RateLimit-Policy: one policy per window, quota q and window w in seconds.',
    example: '"minute";q=300;w=60, "day";q=20000;w=86400',
  },
  rateLimit: {
    name: 'RateLimit',
    description: 'IETF draft RateLimit: for each policy, requests remaining r and seconds t until it resets.',
    example: '"minute";r=299;t=42, "day";r=19999;t=50000',
  },
  retryAfter: {
    name: 'Retry-After',
    description: 'On a 429 only: whole seconds until a request would be admitted (at least 1).',
    example: 42,
    minimum: 1,
  },
} as const

export type RateLimitHeader = keyof typeof RATE_LIMIT_HEADERS

/** Headers sent on every authenticated response; Retry-After only on a 429. */
export const RATE_LIMIT_RESPONSE_HEADERS: readonly RateLimitHeader[] = [
  'limit',
  'remaining',
  'reset',
  'policy',
  'rateLimit',
]

/**
 * Renders a decision as response headers, in the families the profile sends: X-RateLimit-*, the
 * IETF draft's RateLimit-Policy and RateLimit, or both (the default).
 * @example rateLimitHeaders(limiter.consume(1, limits, now))['X-RateLimit-Remaining'] // '299'
 */
export function rateLimitHeaders(
  decision: RateLimitDecision,
  family: RateLimitChoices['headers'] = 'both',
): Record<string, string> {
  const { binding, windows, nowMs } = decision
  const secondsLeft = (resetAt: number) => Math.max(0, Math.ceil((resetAt - nowMs) / 1000))
  const headers: Record<string, string> = {}
  if (family !== 'ietf') {
    headers[RATE_LIMIT_HEADERS.limit.name] = String(binding.limit)
    headers[RATE_LIMIT_HEADERS.remaining.name] = String(binding.remaining)
    headers[RATE_LIMIT_HEADERS.reset.name] = String(Math.ceil(binding.resetAt / 1000))
  }
  if (family !== 'x-ratelimit') {
    headers[RATE_LIMIT_HEADERS.policy.name] = windows
      .map((w) => `"${w.window}";q=${w.limit};w=${WINDOW_SECONDS[w.window]}`)
      .join(', ')
    headers[RATE_LIMIT_HEADERS.rateLimit.name] = windows
      .map((w) => `"${w.window}";r=${w.remaining};t=${secondsLeft(w.resetAt)}`)
      .join(', ')
  }
  if (!decision.allowed) headers[RATE_LIMIT_HEADERS.retryAfter.name] = String(decision.retryAfterSeconds)
  return headers
}
