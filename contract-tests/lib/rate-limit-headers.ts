// What the client reads of an answer's rate-limit headers to pace itself: how many requests are
// left, and how long until a spent window reopens.

/**
 * Seconds until the exhausted window reopens, in the server's own time: X-RateLimit-Reset is an
 * instant on the server's clock (which a mock's control plane may have moved, and a live server's
 * may be skewed), so it is measured from the response's Date header when there is one, and the
 * draft RateLimit header's relative `t` of the exhausted policies (the longest: all must reopen) is
 * preferred over both.
 * @example secondsUntilReset({ ratelimit: '"minute";r=0;t=42' }) // 42
 */
export function secondsUntilReset(headers: Record<string, string>): number | undefined {
  const exhausted = (headers.ratelimit ?? '')
    .split(',')
    .filter((policy) => /;\s*r=0\b/.test(policy))
    .map((policy) => Number(/;\s*t=(\d+)/.exec(policy)?.[1]))
    .filter(Number.isFinite)
  if (exhausted.length > 0) return Math.max(...exhausted)
  const reset = Number(headers['x-ratelimit-reset'])
  if (!Number.isFinite(reset)) return undefined
  const serverNow = Date.parse(headers.date ?? '')
  return reset - (Number.isFinite(serverNow) ? serverNow : Date.now()) / 1000
}

/**
 * Requests left before the server refuses: X-RateLimit-Remaining, else the smallest `r` of the
 * IETF draft RateLimit header (each policy must have room); undefined when neither says.
 * @example remainingOf({ ratelimit: '"minute";r=4;t=30, "day";r=900;t=5000' }) // 4
 */
export function remainingOf(headers: Record<string, string>): number | undefined {
  const legacy = headers['x-ratelimit-remaining']
  if (legacy !== undefined && /^\d+$/.test(legacy.trim())) return Number(legacy)
  const left = (headers.ratelimit ?? '')
    .split(',')
    .map((policy) => Number(/;\s*r=(\d+)/.exec(policy)?.[1]))
    .filter(Number.isFinite)
  return left.length > 0 ? Math.min(...left) : undefined
}
