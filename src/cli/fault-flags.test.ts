import { expect, it } from 'vitest'
import { faultFlags } from './fault-flags.js'

it('leaves faults unset when no fault flag is given', () => {
  expect(faultFlags({})).toBeUndefined()
})

it('reads a fixed latency or a range', () => {
  expect(faultFlags({ latency: '200' })).toEqual({ latency: { min_ms: 200 } })
  expect(faultFlags({ latency: '100-500' })).toEqual({ latency: { min_ms: 100, max_ms: 500 } })
})

it('adds an error rule with its route filter to the settings of a --faults file', () => {
  const file = { errors: [{ status: 500 as const, rate: 0.1 }] }
  expect(faultFlags({ file, errorRate: '1', errorStatus: '503', errorRoute: 'post /campaigns', seed: '7' })).toEqual({
    errors: [
      { status: 500, rate: 0.1 },
      { status: 503, rate: 1, method: 'POST', path: '/campaigns' },
    ],
    seed: 7,
  })
  expect(faultFlags({ errorRate: '0.5', errorRoute: '/campaigns/*' })).toEqual({
    errors: [{ status: 500, rate: 0.5, path: '/campaigns/*' }],
  })
  expect(faultFlags({ errorRate: '0.5', errorRoute: 'DELETE' })).toEqual({
    errors: [{ status: 500, rate: 0.5, method: 'DELETE' }],
  })
})
