// The second set's rate limit: a fixed window per account and minute, told in X-RateLimit-Limit,
// X-RateLimit-Remaining and X-RateLimit-Reset (Unix epoch seconds when the window starts again),
// and Retry-After on a 429.

/** What the limiter says about one request. */
export interface WindowAdmission {
  admitted: boolean
  headers: Record<string, string>
}

/**
 * A fixed one-minute window per account, starting at the account's first request of it.
 * @example const limiter = createWindowLimiter(900); limiter.admit(userId).headers['x-ratelimit-remaining']
 */
export function createWindowLimiter(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<number, { start: number; used: number }>()
  return {
    admit(account: number): WindowAdmission {
      const time = now()
      let window = windows.get(account)
      if (!window || time >= window.start + 60_000) windows.set(account, (window = { start: time, used: 0 }))
      const admitted = window.used < perMinute
      if (admitted) window.used++
      const resetAt = Math.ceil((window.start + 60_000) / 1000)
      const headers: Record<string, string> = {
        'x-ratelimit-limit': String(perMinute),
        'x-ratelimit-remaining': String(perMinute - window.used),
        'x-ratelimit-reset': String(resetAt),
      }
      if (!admitted) headers['retry-after'] = String(Math.max(1, resetAt - Math.floor(time / 1000)))
      return { admitted, headers }
    },
  }
}
