/** What the limiter says about one request. */
export interface Admission {
  admitted: boolean
  /** Headers for the answer: RateLimit-Policy and RateLimit (IETF draft), and Retry-After when refused. */
  headers: Record<string, string>
}

/**
 * A token bucket per account: `perMinute` requests at once, refilled continuously at
 * perMinute / 60 a second, so that a refused client may try again within seconds.
 * @example const limiter = createRateLimiter(300); limiter.admit(userId).admitted
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const perSecond = perMinute / 60
  const buckets = new Map<number, { tokens: number; at: number }>()
  return {
    admit(account: number): Admission {
      const time = now()
      const bucket = buckets.get(account) ?? { tokens: perMinute, at: time }
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((time - bucket.at) / 1000) * perSecond)
      bucket.at = time
      buckets.set(account, bucket)
      const admitted = bucket.tokens >= 1
      if (admitted) bucket.tokens -= 1
      const untilOne = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
      const untilFull = Math.ceil((perMinute - bucket.tokens) / perSecond)
      const headers: Record<string, string> = {
        'ratelimit-policy': `"minute";q=${perMinute};w=60`,
        // t: when the bucket is full again, or, when it is empty, when the next request gets in.
        ratelimit: `"minute";r=${Math.floor(bucket.tokens)};t=${bucket.tokens >= 1 ? untilFull : untilOne}`,
      }
      if (!admitted) headers['retry-after'] = String(untilOne)
      return { admitted, headers }
    },
  }
}
