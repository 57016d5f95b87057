import { describe, expect, it } from 'vitest'
import { formatReport } from './format-report.js'
import type { BenchResults, LatencyRow, LoadRun } from './results.js'
import { lastRoundRatio, summarizeLoad, throughputRatio } from './summarize-load.js'
import { benchMeta as meta } from './support/bench-meta.js'
import { evaluateTargets, type Verdict } from './targets.js'
import type { RequestKind } from './workload.js'

const run = (target: LoadRun['target'], kind: RequestKind, round: number, rps: number, p99Ms: number): LoadRun => ({
  target,
  kind,
  round,
  rps,
  p50Ms: p99Ms / 4,
  p99Ms,
  statuses: { [kind === 'create' ? '201' : '200']: Math.round(rps * 8) },
})

const latency = (campaigns: number, kind: RequestKind, medianMs: number, others?: number): LatencyRow => {
  const summary = { median: medianMs, p99: medianMs * 3, n: 2000 }
  return { campaigns, ...(others === undefined ? {} : { others }), kind, rounds: [summary, summary, summary], summary }
}

/**
 * A whole run: the listener 2.5x Prism on the list (short of 3x) and 2.2x on PATCH, a p99 of 20 ms,
 * WireMock getting faster round after round (the listener 1.67x it by the median, 1.11x in the last
 * round), bare node:http 14x the listener, the listener faster than before on get and update but not
 * create, flat scale, writes within bounds but for a slow delete at 10,000, seeding too slow.
 */
const results: BenchResults = {
  meta,
  listener: {
    campaigns: 10_000,
    users: 100,
    connections: 50,
    durationSec: 8,
    warmupSec: { list: 30, otherKinds: 2 },
    peers: { wiremock: 'WireMock 3.13.2 on Java 17.0.15' },
    runs: [1, 2, 3].flatMap((round) => {
      const slow = round === 2 ? 0.5 : 1 // round 2 ran on a busy machine
      return [
        run('listener', 'list', round, 5000 * slow, 20),
        run('prism', 'list', round, 2000 * slow, 50),
        run('wiremock', 'list', round, [2000, 3000, 4500][round - 1]! * slow, 30),
        run('bare', 'list', round, 70_000 * slow, 1),
        run('listener', 'get', round, 6000 * slow, 15),
        run('listener', 'update', round, 4400 * slow, 25),
        run('prism', 'update', round, 2000 * slow, 60),
        run('listener', 'create', round, 3000 * slow, 25),
        run('before', 'get', round, 5000 * slow, 20),
        run('before', 'create', round, 3300 * slow, 25),
        run('before', 'update', round, 4000 * slow, 25),
      ]
    }),
  },
  inProcess: {
    seeds: [
      { campaigns: 1_000, generateMs: 30, seedMs: 20, heapMb: 20 },
      { campaigns: 100_000, generateMs: 500, seedMs: 1500, heapMb: 120 },
    ],
    rows: [
      latency(1_000, 'list', 0.1),
      latency(100_000, 'list', 0.12),
      latency(100_000, 'get', 0.3),
      { ...latency(100_000, 'get', 0.28), floor: true },
    ],
  },
  scale: {
    seeds: [
      { campaigns: 1_000, generateMs: 30, seedMs: 20, heapMb: 20 },
      { campaigns: 100_000, generateMs: 500, seedMs: 800, heapMb: 110 },
    ],
    rows: [1_000, 100_000].flatMap((campaigns) =>
      (['list', 'get', 'update'] as const).map((kind) =>
        latency(campaigns, kind, kind === 'update' && campaigns === 100_000 ? 0.5 : 0.1),
      ),
    ),
  },
  writes: {
    seeds: [
      { campaigns: 1_000, others: 0, users: 1, generateMs: 30, seedMs: 25, heapMb: 20 },
      { campaigns: 1_000, others: 99_000, users: 100, generateMs: 900, seedMs: 2500, heapMb: 150 },
      { campaigns: 10_000, others: 90_000, users: 91, generateMs: 900, seedMs: 2400, heapMb: 150 },
    ],
    rows: [
      ...(['update', 'toggle', 'delete'] as const).map((kind) => latency(1_000, kind, 0.1, 0)),
      ...(['update', 'toggle', 'delete'] as const).map((kind) => latency(1_000, kind, 0.15, 99_000)),
      ...(['update', 'toggle', 'delete'] as const).map((kind) =>
        latency(10_000, kind, kind === 'delete' ? 1.5 : 0.6, 90_000),
      ),
    ],
  },
  startup: [
    { command: 'npm start -- --port 0', runsMs: [1500, 1400, 1600], medianMs: 1500 },
    { command: 'node dist/src/cli.js --port 0', runsMs: [600, 650, 700], medianMs: 650 },
  ],
  // Issue 34's sandbox: one replica 0.625x the in-memory listener (met), 0.40x a faster --before one (missed), two replicas 1.52x one (short of 1.6x).
  sandbox: {
    campaigns: 10_000,
    connections: 50,
    durationSec: 8,
    warmupSec: 4,
    placement: 'listener and replica 1 on CPU 0, replica 2 on CPU 1',
    runs: [1, 2, 3].flatMap((round) => [
      run('listener', 'list', round, 8000, 20),
      run('store', 'list', round, 5000, 20),
      run('replicas', 'list', round, 7600, 25),
      run('before', 'list', round, 12500, 20),
    ]),
  },
}

const verdictOf = (verdicts: Verdict[], title: string) => verdicts.find((verdict) => verdict.title.startsWith(title))!

describe('bench targets and report', () => {
  it('summarizes each target and kind by the median of its rounds', () => {
    const list = summarizeLoad(results.listener!.runs).find((row) => row.target === 'listener' && row.kind === 'list')
    expect(list).toEqual({ target: 'listener', kind: 'list', rps: 5000, p50Ms: 5, p99Ms: 20, rounds: 3, lastRps: 5000 })
    const wiremock = summarizeLoad(results.listener!.runs).find((row) => row.target === 'wiremock')
    expect(wiremock).toMatchObject({ rps: 2000, lastRps: 4500 })
  })

  it('pairs the listener with a baseline in the last round both ran', () => {
    expect(lastRoundRatio(results.listener!.runs, 'list', 'wiremock')).toEqual({ round: 3, ratio: 5000 / 4500 })
    expect(lastRoundRatio(results.listener!.runs, 'list', 'express')).toBeUndefined()
  })

  it('pairs the listener with a baseline round by round, and has no ratio for a baseline that never ran', () => {
    expect(throughputRatio(results.listener!.runs, 'list', 'prism')).toBe(2.5)
    expect(throughputRatio(results.listener!.runs, 'list', 'express')).toBeUndefined()
  })

  it('judges every target of a whole run, and says by how much a missed one was missed', () => {
    const verdicts = evaluateTargets(results)
    expect(verdicts).toHaveLength(18)
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs Prism')).toMatchObject({
      status: 'missed',
      measured: '2.50x',
      note: '1.20x short of it',
    })
    expect(verdictOf(verdicts, 'Listener PATCH /campaigns/{id} vs Prism')).toMatchObject({
      status: 'met',
      measured: '2.20x',
    })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs WireMock')).toMatchObject({
      status: 'missed',
      measured: 'median 1.67x, round 3 1.11x',
      note: 'the last round 1.35x short of it',
    })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs bare node:http')).toMatchObject({
      status: 'missed',
      measured: 'median 0.07x, round 3 0.07x',
      note: 'the median 3.50x short of it',
    })
    expect(verdictOf(verdicts, 'Listener GET /campaigns p99')).toMatchObject({ status: 'met', measured: '20.0 ms' })
    expect(verdictOf(verdicts, 'GET /campaigns/{id}, POST and PATCH vs the listener before')).toMatchObject({
      status: 'missed',
      measured: 'get 1.20x, create 0.91x, update 1.10x',
      note: 'create 1.10x short of it',
    })
    expect(verdictOf(verdicts, 'One account with 100,000')).toMatchObject({
      status: 'met',
      measured: 'list 1.00x, get 1.00x',
    })
    expect(verdictOf(verdicts, 'Update, toggle, delete with 1,000')).toMatchObject({
      status: 'met',
      measured: 'update 0.150, toggle 0.150, delete 0.150 ms',
    })
    expect(verdictOf(verdicts, 'Update, toggle, delete with 10,000')).toMatchObject({
      status: 'missed',
      note: 'delete is 1.50x the bound',
    })
    expect(verdictOf(verdicts, 'Writes at 1,000 campaigns: other accounts full vs empty')).toMatchObject({
      status: 'met',
      measured: 'update 1.50x, toggle 1.50x, delete 1.50x',
    })
    expect(verdictOf(verdicts, 'In-process fetch')).toMatchObject({
      status: 'missed',
      measured: 'slowest get 0.300 ms',
      note: '1.20x the bound; msw alone, one handler, same bytes: get 0.280 ms',
    })
    expect(verdictOf(verdicts, 'Seeding 100,000')).toMatchObject({
      status: 'missed',
      measured: '2500 ms',
      note: '1.25x the bound',
    })
    expect(verdictOf(verdicts, 'Heap after GC')).toMatchObject({ status: 'met', measured: '150 MB' })
    expect(verdictOf(verdicts, 'Built bin')).toMatchObject({ status: 'met', measured: '650 ms' })
    expect(verdictOf(verdicts, 'One replica with --store vs the in-memory listener,')).toMatchObject({
      status: 'met',
      measured: '0.63x',
    })
    expect(verdictOf(verdicts, 'One replica with --store vs the in-memory listener of --before')).toMatchObject({
      status: 'missed',
      measured: '0.40x',
      note: '1.25x short of it',
    })
    expect(verdictOf(verdicts, 'Two replicas on two CPUs')).toMatchObject({
      status: 'missed',
      measured: '1.52x',
      note: '1.05x short of it',
    })
  })

  it('shows a target whose section did not run as not measured, never as met', () => {
    const verdicts = evaluateTargets({ meta })
    expect(verdicts.map((verdict) => verdict.status)).toEqual(Array(18).fill('not measured'))
    expect(verdicts.every((verdict) => verdict.note)).toBe(true)
  })

  it('misses the Prism target below 3x and says how far short', () => {
    const runs = [1, 2, 3].flatMap((round) => [
      run('listener', 'list', round, 3000, 30),
      run('prism', 'list', round, 2000, 50),
    ])
    const verdicts = evaluateTargets({ meta, listener: { ...results.listener!, runs } })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs Prism')).toMatchObject({
      status: 'missed',
      measured: '1.50x',
      note: '2.00x short of it',
    })
    expect(verdictOf(verdicts, 'Listener GET /campaigns p99')).toMatchObject({ status: 'missed', note: '5.0 ms over' })
  })

  it('meets a peer target only when the median and the last round both reach the bound', () => {
    const runs = [1, 2, 3, 4, 5].flatMap((round) => [
      run('listener', 'list', round, 6000, 20),
      run('wiremock', 'list', round, round === 5 ? 3900 : 3000, 30),
      run('bare', 'list', round, 20_000, 2),
    ])
    const verdicts = evaluateTargets({ meta, listener: { ...results.listener!, runs } })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs WireMock')).toMatchObject({
      status: 'met',
      measured: 'median 2.00x, round 5 1.54x',
    })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs bare node:http')).toMatchObject({
      status: 'met',
      measured: 'median 0.30x, round 5 0.30x',
    })
  })

  it('shows WireMock left out for want of Java as not measured, saying how to get Java', () => {
    const runs = results.listener!.runs.filter((entry) => entry.target !== 'wiremock')
    const leftOut = { wiremock: 'no java on PATH (apt-get install default-jre-headless)' }
    const listener = { ...results.listener!, runs, peers: {}, leftOut }
    const verdicts = evaluateTargets({ meta, listener })
    expect(verdictOf(verdicts, 'Listener GET /campaigns vs WireMock')).toMatchObject({
      status: 'not measured',
      note: 'WireMock left out: no java on PATH (apt-get install default-jre-headless)',
    })
    expect(formatReport({ meta, listener }, verdicts)).toContain(
      'Left out: WireMock 3 (JVM), a stub mapping with our bytes (no java on PATH (apt-get install default-jre-headless)).',
    )
  })

  it('formats the run as markdown: where it ran, the verdicts, and a table per section that ran', () => {
    const report = formatReport(results, evaluateTargets(results))
    expect(report).toContain('Node v20.19.0, Test CPU x 2 cores')
    expect(report).toContain('Load average (1 min) 0.50 at the start, 1.50 at the end')
    expect(report).toContain(
      '| Listener GET /campaigns vs Prism | ≥ 3.00x Prism req/s | 2.50x | missed (1.20x short of it) |',
    )
    expect(report).toContain(
      '| Seeding 100,000 campaigns across 100 accounts | < 2,000 ms | 2500 ms | missed (1.25x the bound) |',
    )
    expect(report).toContain('| DELETE /campaigns/{id} | 0.100 | 0.300 | 0.150 | 0.450 | 1.50 | 4.50 | 15.00x |')
    expect(report).toContain(
      '3 alternating rounds after 30 s of warm-up per target on the list (2 s on each other kind)',
    )
    expect(report).toContain(
      '| our listener (node:http + the mock handler) | GET /campaigns?per_page=25 | 5,000 | 5,000 | 5.00 | 20.0 |',
    )
    expect(report).toContain(
      '| WireMock 3 (JVM), a stub mapping with our bytes | GET /campaigns?per_page=25 | 2,000 | 4,500 |',
    )
    expect(report).toContain('| Prism 5 mock, our response as its example | 2.50x | 2.50x |')
    expect(report).toContain('| WireMock 3 (JVM), a stub mapping with our bytes | 1.67x | 1.11x |')
    expect(report).toContain('| bare node:http, same bytes | 0.07x | 0.07x |')
    expect(report).toContain('WireMock 3 (JVM), a stub mapping with our bytes: WireMock 3.13.2 on Java 17.0.15.')
    expect(report).toContain('| PATCH /campaigns/{id} | 0.100 | 0.300 | 0.500 | 1.50 | 5.00x |')
    expect(report).toContain('| `node dist/src/cli.js --port 0` | 600, 650, 700 | 650 |')
    expect(report).toContain('| msw alone, one handler, same bytes: GET /campaigns/{id} | – | – | 0.280 | 0.840 | – |')
  })

  it('leaves out the sections a partial run did not make', () => {
    const report = formatReport({ meta, startup: results.startup }, evaluateTargets({ meta, startup: results.startup }))
    expect(report).toContain('## Start-up')
    expect(report).not.toContain('## Listener')
    expect(report).not.toContain('## In-process')
    expect(report).not.toContain('## Scale')
  })
})
