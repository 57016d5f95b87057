import { expect, it } from 'vitest'
import { readRateLimit, sameWindow, valueAt, windowEnd } from './rate-limit-reading.js'

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

it('reads RateLimit-Reset by its size: seconds as they are, an epoch instant less Date', () => {
  const date = 'Wed, 31 Dec 2025 23:59:30 GMT'
  expect(readRateLimit({ 'ratelimit-reset': '30', date })).toMatchObject({ fieldReset: 30, resetIn: 30 })
  expect(readRateLimit({ 'ratelimit-reset': '1767225600', date })).toMatchObject({
    fieldReset: 1767225600,
    resetIn: 30,
  })
})

// A window's end, from X-RateLimit-Reset and Date (23:59:30 is 1767225570): `counted` where the document says it counts seconds.
it.each([
  { reset: '1767225600', counted: false, end: { at: 1767225600, slack: 0 } },
  { reset: '1767225600', counted: true, end: { at: 1767225600, slack: 0 } },
  { reset: '30', counted: true, end: { at: 1767225600, slack: 1 } },
  { reset: '30', counted: false, end: undefined },
  { reset: '1767225570', counted: false, end: undefined },
])('names the end of the window of X-RateLimit-Reset $reset (counted: $counted)', ({ reset, counted, end }) => {
  const reading = readRateLimit({ 'x-ratelimit-reset': reset, date: 'Wed, 31 Dec 2025 23:59:30 GMT' })
  expect(windowEnd(reading, counted)).toEqual(end)
})

it('takes two ends a second apart for one window where they were counted from Date, not otherwise', () => {
  expect(sameWindow({ at: 100, slack: 1 }, { at: 101, slack: 1 })).toBe(true)
  expect(sameWindow({ at: 100, slack: 1 }, { at: 160, slack: 1 })).toBe(false)
  expect(sameWindow({ at: 100, slack: 0 }, { at: 101, slack: 0 })).toBe(false)
  expect(sameWindow({ at: 100, slack: 0 }, undefined)).toBe(false)
})
