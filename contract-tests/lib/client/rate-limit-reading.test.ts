import { expect, it } from 'vitest'
import { readRateLimit, valueAt } from './rate-limit-reading.js'

it('reads the X- family, the Date in epoch seconds, and joins the IETF pair by policy name', () => {
  const reading = readRateLimit({
    'x-ratelimit-limit': '300',
    'x-ratelimit-remaining': '299',
    'x-ratelimit-reset': '1767225660',
    date: 'Wed, 31 Dec 2025 23:59:30 GMT',
    'ratelimit-policy': '"minute";q=300;w=60, "day";q=20000;w=86400',
    ratelimit: '"minute";r=299;t=30, "day";r=19999;t=50000',
  })
  expect(reading).toEqual({
    limit: 300,
    remaining: 299,
    reset: 1767225660,
    date: 1767225570,
    policies: [
      { name: 'minute', q: 300, w: 60, r: 299, t: 30 },
      { name: 'day', q: 20000, w: 86400, r: 19999, t: 50000 },
    ],
  })
})

it('leaves out what is missing or not a whole number, and reads an IETF pair alone', () => {
  expect(readRateLimit({ 'x-ratelimit-limit': 'many', ratelimit: '"minute";r=4;t=12' })).toEqual({
    policies: [{ name: 'minute', r: 4, t: 12 }],
  })
  expect(readRateLimit({})).toEqual({ policies: [] })
})

it('finds a value by its dotted path in a body', () => {
  expect(valueAt({ api_tier_limits: { per_minute: 60 } }, 'api_tier_limits.per_minute')).toBe(60)
  expect(valueAt({ api_tier_limits: 3 }, 'api_tier_limits.per_minute')).toBeUndefined()
  expect(valueAt(undefined, 'a')).toBeUndefined()
})
