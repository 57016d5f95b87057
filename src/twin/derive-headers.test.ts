import { expect, it } from 'vitest'
import { deriveHeaders } from './derive-headers.js'

// Rate-limit headers as templates, from two answers in a row.

const limits = { per_minute: 60, per_day: 5000 }

it("reads GitHub's X-RateLimit-*: the limit, what is left (one less), what is used (one more), a Unix reset, a constant resource", () => {
  const first = {
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '58',
    'x-ratelimit-used': '2',
    'x-ratelimit-reset': '1767225660',
    'x-ratelimit-resource': 'core',
  }
  const second = { ...first, 'x-ratelimit-remaining': '57', 'x-ratelimit-used': '3' }
  expect(deriveHeaders({ first, second, limits })).toEqual([
    { name: 'X-RateLimit-Limit', value: '{limit}' },
    { name: 'X-RateLimit-Remaining', value: '{remaining}' },
    { name: 'X-RateLimit-Reset', value: '{reset}' },
    { name: 'X-RateLimit-Used', value: '{used}' },
    { name: 'X-RateLimit-Resource', value: 'core' },
  ])
})

it('reads the IETF fields: the limit, what is left, seconds to the reset, and a structured policy', () => {
  const first = {
    'ratelimit-limit': '60',
    'ratelimit-remaining': '59',
    'ratelimit-reset': '41',
    'ratelimit-policy': '60;w=60',
  }
  const second = { ...first, 'ratelimit-remaining': '58', 'ratelimit-reset': '41' }
  expect(deriveHeaders({ first, second, limits })).toEqual([
    { name: 'RateLimit-Limit', value: '{limit}' },
    { name: 'RateLimit-Remaining', value: '{remaining}' },
    { name: 'RateLimit-Reset', value: '{reset_after}' },
    { name: 'RateLimit-Policy', value: '{limit};w={window}' },
  ])
})

it("keeps the mock's own two-window lists as the slots that write them", () => {
  const first = {
    'ratelimit-policy': '"minute";q=60;w=60, "day";q=5000;w=86400',
    ratelimit: '"minute";r=59;t=30, "day";r=4999;t=600',
  }
  const second = { ...first, ratelimit: '"minute";r=58;t=30, "day";r=4998;t=600' }
  expect(deriveHeaders({ first, second, limits })).toEqual([
    { name: 'RateLimit-Policy', value: '{policy}' },
    { name: 'RateLimit', value: '{ratelimit}' },
  ])
})

it('reads a number by its name before its move: a reset that moved by one between the two answers is still a reset', () => {
  const first = { ratelimit: '"default";r=58;t=41', 'x-ratelimit-reset': '41' }
  const second = { ratelimit: '"default";r=57;t=42', 'x-ratelimit-reset': '40' }
  expect(deriveHeaders({ first, second, limits })).toEqual([
    { name: 'X-RateLimit-Reset', value: '{reset_after}' },
    { name: 'RateLimit', value: '"default";r={remaining};t={reset_after}' },
  ])
})
