import { expect, it } from 'vitest'
import { afterWarmup, formatSoak, heapSlopeMbPerMin, judgeSoak, type HeapSample, type SoakReport } from './soak.js'

const line = (mbPerMin: number, from = 0, to = 30_000, step = 2_000, base = 40e6): HeapSample[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => ({
    atMs: from + i * step,
    bytes: base + ((from + i * step) / 60_000) * mbPerMin * 1e6,
  }))

const healthy: SoakReport = {
  startedAt: '2026-11-23T05:00:00.000Z',
  machine: 'test machine',
  connections: 100,
  durationSec: 30,
  warmupSec: 10,
  requests: 90_000,
  rps: 3_000,
  p50Ms: 20,
  p99Ms: 60,
  statuses: { open: { '200': 70_000, '201': 10_000 }, throttled: { '200': 120, '429': 9_880 } },
  socketErrors: 0,
  timeouts: 0,
  heapAfterGc: line(0.1),
  heapPeakBytes: 90e6,
  heapBeforeBytes: 40e6,
  heapAfterBytes: 40.1e6,
  campaignsBefore: 2_000,
  campaignsAfter: 2_000,
  healthy: true,
}

it('measures the slope of a straight line exactly, in MB per minute', () => {
  expect(heapSlopeMbPerMin(line(3))).toBeCloseTo(3, 9)
  expect(heapSlopeMbPerMin(line(-1))).toBeCloseTo(-1, 9)
  expect(heapSlopeMbPerMin([{ atMs: 0, bytes: 1 }])).toBeNaN()
})

it('sees through a sawtooth: half a megabyte of noise around a flat line is no slope to speak of', () => {
  const sawtooth = line(0).map((sample, i) => ({ ...sample, bytes: sample.bytes + (i % 2 === 0 ? 0.5e6 : -0.5e6) }))
  expect(Math.abs(heapSlopeMbPerMin(sawtooth))).toBeLessThan(1)
})

it('keeps only the samples after warm-up', () => {
  expect(afterWarmup(line(1), 10).map(({ atMs }) => atMs)).toEqual([
    10_000, 12_000, 14_000, 16_000, 18_000, 20_000, 22_000, 24_000, 26_000, 28_000, 30_000,
  ])
})

it('passes a healthy run on every count', () => {
  expect(judgeSoak(healthy).filter(({ passed }) => !passed)).toEqual([])
})

it.each([
  [
    'an unexpected answer',
    { unexpected: { request: 'GET /api/v1/campaigns', status: 500, body: '{"success":false}' } },
    'only expected answers and intended 429s',
  ],
  [
    'no 429 for the throttled user',
    { statuses: { open: healthy.statuses.open, throttled: { '200': 10_000 } } },
    'the throttled user met its limit',
  ],
  ['socket errors', { socketErrors: 3 }, 'no socket errors or timeouts'],
  ['a process that no longer answers', { healthy: false }, 'healthy after the load'],
  ['a heap that grows 5 MB a minute after warm-up', { heapAfterGc: line(5) }, 'heap flat after warm-up'],
  [
    'a store that grew by more than one campaign per connection',
    { campaignsAfter: 2_101 },
    'store bounded: writes balance',
  ],
] as const)('fails %s, and only on that count', (_name, change, failing) => {
  const verdicts = judgeSoak({ ...healthy, ...change } as SoakReport)
  expect(verdicts.filter(({ passed }) => !passed).map(({ name }) => name)).toEqual([failing])
})

it('does not blame warm-up growth on the steady state', () => {
  const warmup = [...line(30, 0, 8_000), ...line(0, 10_000, 30_000, 2_000, 44e6)]
  expect(
    judgeSoak({ ...healthy, heapAfterGc: warmup }).find(({ name }) => name === 'heap flat after warm-up')!.passed,
  ).toBe(true)
})

it('writes a report that leads with the figures and ends with each verdict', () => {
  const text = formatSoak(healthy, judgeSoak(healthy))
  expect(text).toContain('| requests per second | 3,000 |')
  expect(text).toContain('| statuses, the throttled user | 200: 120, 429: 9,880 |')
  expect(text).toMatch(/\| heap flat after warm-up \| passed \| 0\.10 MB\/min after 10 s \(bound < 2\)/)
})
