import type { BenchResults } from '../results.js'

/**
 * Where a made-up bench run ran, for the tests of the targets and the report: a two-core
 * machine, eight minutes from midnight on 2026-01-01.
 * @example evaluateTargets({ meta: benchMeta, twin })
 */
export const benchMeta: BenchResults['meta'] = {
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:08:00.000Z',
  quick: false,
  node: 'v20.19.0',
  cpu: 'Test CPU',
  cores: 2,
  memoryGb: 8,
  loadAverage: { start: 0.5, end: 1.5 },
  pinning: 'servers on CPU 0, load on CPU 1',
  commit: 'abc1234',
  settings: {},
}
