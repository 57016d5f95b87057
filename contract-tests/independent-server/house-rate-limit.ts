import type { Conventions } from './house-conventions.js'

// A house style's rate limit: a fixed window of a minute from an account's first request in it,
// or a token bucket refilled continuously (kept as GCRA keeps it); told in the style's family of
// headers (house-conventions.ts' RateLimitFamily), with Retry-After on a 429: the seconds until
// the window starts again (or until the bucket holds a token).

/** What the limiter says about one request. */
export interface HouseAdmission {
  admitted: boolean
  headers: Record<string, string>
}

/** The state of an account's quota after a request, in the terms every family is written from. */
interface Quota {
  remaining: number
  /** Seconds until the quota is whole again. */
  resetIn: number
  /** Seconds until one more request gets in (a 429's Retry-After). */
  retryIn: number
}

/**
 * A limiter of `perMinute` requests a minute per account, by the style's algorithm and family.
 * @example const limiter = createHouseLimiter(60, conventions); limiter.admit(1).headers
 */
export function createHouseLimiter(perMinute: number, conventions: Conventions, now: () => number = Date.now) {
  const { algorithm } = conventions.rateLimit
  const windows = new Map<number, { start: number; used: number }>()
  const arrivals = new Map<number, number>()

  function fixedWindow(account: number, time: number): { admitted: boolean; quota: Quota } {
    let window = windows.get(account)
    if (!window || time >= window.start + 60_000) windows.set(account, (window = { start: time, used: 0 }))
    const admitted = window.used < perMinute
    if (admitted) window.used++
    const resetIn = Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000))
    return { admitted, quota: { remaining: perMinute - window.used, resetIn, retryIn: resetIn } }
  }

  // The bucket as GCRA keeps it (redis-cell, Stripe): one "theoretical arrival time" per account,
  // each request moving it one emission interval on; a request gets in while that time is at most
  // a minute ahead of now. What is left, and when the bucket is whole again, follow from it.
  function tokenBucket(account: number, time: number): { admitted: boolean; quota: Quota } {
    const interval = 60_000 / perMinute
    const arrival = Math.max(arrivals.get(account) ?? time, time)
    const admitted = arrival + interval - time <= 60_000
    const after = admitted ? arrival + interval : arrival
    arrivals.set(account, after)
    const retryIn = Math.max(1, Math.ceil((arrival + interval - 60_000 - time) / 1000))
    const quota = {
      remaining: Math.floor((60_000 - (after - time)) / interval),
      resetIn: Math.ceil((after - time) / 1000),
      retryIn,
    }
    return { admitted, quota }
  }

  return {
    /** Counts one request of an account and says whether it gets in, with the headers of the answer. */
    admit(account: number): HouseAdmission {
      const time = now()
      const { admitted, quota } = (algorithm === 'fixed-window' ? fixedWindow : tokenBucket)(account, time)
      const headers = rateLimitHeaders(conventions, perMinute, quota, time, admitted)
      if (!admitted)
        headers['retry-after'] = String(conventions.defect === 'retry-after-full-window' ? 60 : quota.retryIn)
      return { admitted, headers }
    },
  }
}

/** The family's headers for a quota. */
function rateLimitHeaders(
  conventions: Conventions,
  limit: number,
  { remaining, resetIn }: Quota,
  time: number,
  admitted: boolean,
): Record<string, string> {
  const { family, policyName = 'default' } = conventions.rateLimit
  const resetAt = String(Math.floor(time / 1000) + resetIn)
  const x = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) }
  switch (family) {
    case 'github':
      return {
        ...x,
        'x-ratelimit-reset': resetAt,
        'x-ratelimit-used': String(limit - remaining),
        'x-ratelimit-resource': 'core',
      }
    case 'x-ratelimit':
      return { ...x, 'x-ratelimit-reset': resetAt }
    case 'x-ratelimit-delta':
      return { ...x, 'x-ratelimit-reset': String(resetIn) }
    case 'laravel':
      return admitted ? x : { ...x, 'x-ratelimit-reset': resetAt }
    case 'ietf-fields':
      return {
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': String(resetIn),
      }
    case 'ietf-structured':
      return {
        'ratelimit-policy': `"${policyName}";q=${limit};w=60`,
        ratelimit: `"${policyName}";r=${remaining};t=${resetIn}`,
      }
    case 'none':
      return {}
  }
}
