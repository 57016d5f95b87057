import { expect, it } from 'vitest'
import { DEFAULT_MODEL } from '../model/api-model.js'

const rateLimitHeaders = (decision: Parameters<typeof DEFAULT_MODEL.headers.render>[0]) =>
  DEFAULT_MODEL.headers.render(decision)
import { createRateLimiter, rateLimitDecision, windowStart } from './rate-limit.js'

const T0 = Date.parse('2026-03-01T10:00:00.000Z')
const limits = { per_minute: 3, per_day: 5 }

it('admits exactly per_minute requests in a minute and refuses the next without counting it', () => {
  const limiter = createRateLimiter()
  const results = Array.from({ length: 5 }, (_, i) => limiter.consume(1, limits, T0 + i * 1000))
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false])
  expect(results[2]!.binding).toMatchObject({ window: 'minute', remaining: 0 })
  expect(results[3]!.retryAfterSeconds).toBe(57)
  // The refused requests were not counted: a new minute admits again, and the day has 2 left.
  expect(limiter.consume(1, limits, T0 + 60_000)).toMatchObject({
    allowed: true,
    binding: { window: 'day', remaining: 1 },
  })
})

it('starts a window again at the UTC minute boundary, not a minute after the first request', () => {
  const limiter = createRateLimiter()
  const late = T0 + 59_500
  for (let i = 0; i < 3; i++) limiter.consume(1, limits, late)
  expect(limiter.consume(1, limits, late).retryAfterSeconds).toBe(1)
  expect(limiter.consume(1, limits, T0 + 60_000).allowed).toBe(true)
})

it('keeps refusing on the day window after the minute window resets', () => {
  const limiter = createRateLimiter()
  for (let i = 0; i < 5; i++) expect(limiter.consume(1, limits, T0 + i * 20_000).allowed).toBe(true)
  const refused = limiter.consume(1, limits, T0 + 10 * 60_000)
  expect(refused).toMatchObject({ allowed: false, binding: { window: 'day', remaining: 0 } })
  expect(refused.retryAfterSeconds).toBe(14 * 3600 - 600)
  expect(limiter.consume(1, limits, Date.parse('2026-03-02T00:00:00.000Z')).allowed).toBe(true)
})

it('waits for the later window when both are exhausted', () => {
  const limiter = createRateLimiter()
  const tight = { per_minute: 2, per_day: 2 }
  limiter.consume(1, tight, T0)
  limiter.consume(1, tight, T0)
  expect(limiter.consume(1, tight, T0)).toMatchObject({ binding: { window: 'day' }, retryAfterSeconds: 14 * 3600 })
})

it('counts each user on their own', () => {
  const limiter = createRateLimiter()
  for (let i = 0; i < 3; i++) limiter.consume(1, limits, T0)
  expect(limiter.consume(1, limits, T0).allowed).toBe(false)
  expect(limiter.consume(2, limits, T0)).toMatchObject({ allowed: true, binding: { remaining: 2 } })
})

it('starts over when the clock is set back before the current window', () => {
  const limiter = createRateLimiter()
  for (let i = 0; i < 3; i++) limiter.consume(1, limits, T0)
  expect(limiter.consume(1, limits, T0 - 60_000).allowed).toBe(true)
})

it('aligns days to UTC midnight', () => {
  expect(new Date(windowStart('day', Date.parse('2026-03-01T23:59:59.999Z'))).toISOString()).toBe(
    '2026-03-01T00:00:00.000Z',
  )
})

it('keeps memory bounded by dropping users whose day has ended', () => {
  const limiter = createRateLimiter()
  for (let user = 1; user <= 10_000; user++) limiter.consume(user, limits, T0)
  limiter.consume(10_001, limits, T0 + 86_400_000)
  expect(limiter.size).toBe(1)
})

it('renders the draft and X- headers for the binding window', () => {
  const limiter = createRateLimiter()
  const now = T0 + 18_000
  const headers = rateLimitHeaders(limiter.consume(1, { per_minute: 300, per_day: 20_000 }, now))
  expect(headers).toEqual({
    'X-RateLimit-Limit': '300',
    'X-RateLimit-Remaining': '299',
    'X-RateLimit-Reset': String((T0 + 60_000) / 1000),
    'RateLimit-Policy': '"minute";q=300;w=60, "day";q=20000;w=86400',
    RateLimit: '"minute";r=299;t=42, "day";r=19999;t=50382',
  })
})

it('adds Retry-After only to a refusal', () => {
  const limiter = createRateLimiter()
  const one = { per_minute: 1, per_day: 10 }
  limiter.consume(1, one, T0 + 500)
  const headers = rateLimitHeaders(limiter.consume(1, one, T0 + 500))
  expect(headers['Retry-After']).toBe('60')
  expect(headers['X-RateLimit-Remaining']).toBe('0')
})

it('exhausts what a user has left in both windows at once, however large the limit: the next request is refused', () => {
  const limiter = createRateLimiter()
  const limits = { per_minute: 1e9, per_day: 2e9 }
  const now = Date.parse('2026-03-01T10:00:15Z')
  limiter.consume(1, limits, now)
  const started = performance.now()
  limiter.exhaust(1, limits, now)
  expect(performance.now() - started).toBeLessThan(50)
  expect(limiter.consume(1, limits, now)).toMatchObject({ allowed: false, retryAfterSeconds: 45 })
  // The day counted as many: after the minute, it has per_day - per_minute left.
  expect(limiter.consume(1, limits, now + 60_000).windows[1]).toMatchObject({ window: 'day', remaining: 1e9 - 1 })
})

it('decides from counts kept elsewhere as from its own: the fewest left binds, a refusal waits for its window', () => {
  const limits = { per_minute: 5, per_day: 100 }
  const counts = { minute: { start: 60_000, count: 5 }, day: { start: 0, count: 40 } }
  const refused = rateLimitDecision(counts, limits, false, 90_500)
  expect(refused).toMatchObject({ allowed: false, binding: { window: 'minute', remaining: 0, resetAt: 120_000 } })
  expect(refused.retryAfterSeconds).toBe(30)
  const local = createRateLimiter()
  for (let i = 0; i < 4; i++) local.consume(1, limits, 60_000)
  expect(
    rateLimitDecision({ minute: { start: 60_000, count: 5 }, day: { start: 0, count: 5 } }, limits, true, 60_000),
  ).toEqual(local.consume(1, limits, 60_000))
})
