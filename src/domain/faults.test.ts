import { expect, it } from 'vitest'
import { createFaults, pathPattern } from './faults.js'

it('matches one segment with * and {id}, any depth with **', () => {
  expect(pathPattern('/campaigns/*').test('/campaigns/7')).toBe(true)
  expect(pathPattern('/campaigns/*').test('/campaigns/7/toggle')).toBe(false)
  expect(pathPattern('/campaigns/{id}/toggle').test('/campaigns/7/toggle')).toBe(true)
  expect(pathPattern('/campaigns/**').test('/campaigns/7/toggle')).toBe(true)
  expect(pathPattern('/user').test('/user/balance')).toBe(false)
})

it('forces an error on every matching request at rate 1 and never at rate 0', () => {
  const faults = createFaults({
    latency: null,
    errors: [
      { status: 503, rate: 1, method: 'POST', path: '/campaigns' },
      { status: 500, rate: 0 },
    ],
    seed: 1,
  })
  expect(faults.forcedError('post', '/campaigns')).toEqual({ status: 503, reason: 'fault rule 1 (rate 1)' })
  expect(faults.forcedError('GET', '/campaigns')).toBeUndefined()
  expect(faults.forcedError('POST', '/adverts')).toBeUndefined()
})

it('repeats the same faults for the same seed', () => {
  const settings = { latency: { min_ms: 10, max_ms: 50 }, errors: [{ status: 500 as const, rate: 0.5 }], seed: 42 }
  const run = () => {
    const faults = createFaults(settings)
    return Array.from({ length: 20 }, () => [faults.latencyMs(), faults.forcedError('GET', '/user')?.status])
  }
  const first = run()
  expect(run()).toEqual(first)
  const statuses = first.map(([, status]) => status)
  expect(statuses).toContain(500)
  expect(statuses).toContain(undefined)
  for (const [latency] of first) expect(latency).toSatisfy((ms: number) => ms >= 10 && ms <= 50)
})

it('holds a fixed latency when only min_ms is given', () => {
  const faults = createFaults({ latency: { min_ms: 25 }, errors: [], seed: 1 })
  expect([faults.latencyMs(), faults.latencyMs()]).toEqual([25, 25])
})
