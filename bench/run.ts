/**
 * npm run bench [-- --quick] [-- --only listener,in-process,scale,writes,startup,twin,sandbox] [-- --rounds 5]
 *   [-- --before <another checkout>]
 *
 * Starts every target itself on loopback, loads each within fixed bounds, alternates targets in
 * rounds within this one run, and judges the figures against issues 12, 16, 23, 24 and 34's targets. `--rounds`
 * sets the listener and twin sections' rounds (the listener against its peers, a twin against the
 * default listener; 5 by default, 2 quick). `--before` runs another checkout's listener (an earlier
 * commit's files, `git archive <commit> | tar -x -C <dir>`, node_modules linked) beside ours on the
 * list, get, create and update: before and after in one run. Writes
 * bench/results/latest.json and latest.md (quick.* or partial.* for a quick or partial run).
 */
import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { formatReport } from './lib/format-report.js'
import { detectPinning, stopAll } from './lib/processes.js'
import type { BenchResults } from './lib/results.js'
import { evaluateTargets } from './lib/targets.js'
import { benchListener } from './sections/listener.js'
import { benchMockLatency } from './sections/mock-latency.js'
import { benchStartup } from './sections/startup.js'
import { benchTwin } from './sections/twin.js'
import { benchSandbox } from './sections/sandbox.js'

const SECTIONS = ['listener', 'in-process', 'scale', 'writes', 'startup', 'twin', 'sandbox'] as const
type Section = (typeof SECTIONS)[number]

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    rounds: { type: 'string' },
    before: { type: 'string' },
  },
})
const only = values.only?.split(',').map((name) => name.trim()) ?? [...SECTIONS]
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name))
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`)
  process.exit(2)
}
const runs = (section: Section) => only.includes(section)
const quick = values.quick
const listenerRounds = values.rounds === undefined ? undefined : Number(values.rounds)
if (listenerRounds !== undefined && !(Number.isInteger(listenerRounds) && listenerRounds >= 1)) {
  console.error(`--rounds is a whole number of rounds, 1 or more; got ${values.rounds}`)
  process.exit(2)
}

/**
 * Full: the issues' settings; every target of the listener section is warmed 30 s on the list (a
 * JVM keeps getting faster for that long), and 5 rounds show where each ends up. Quick: a smoke
 * run of every piece in about two minutes.
 */
const settings = quick
  ? {
      rounds: 2,
      listenerRounds: listenerRounds ?? 2,
      connections: 10,
      durationSec: 1,
      warmupSec: 0.5,
      kindWarmupSec: 0.5,
      inProcessSizes: [1_000, 10_000],
      scaleSizes: [1_000, 10_000],
      writeSizes: [
        [1_000, 0],
        [1_000, 9_000],
        [10_000, 0],
      ],
      requests: 100,
      maxMs: 300,
      warmup: 50,
      startupRuns: 1,
    }
  : {
      rounds: 3,
      listenerRounds: listenerRounds ?? 5,
      connections: 50,
      durationSec: 8,
      warmupSec: 30,
      kindWarmupSec: 2,
      inProcessSizes: [1_000, 100_000],
      scaleSizes: [1_000, 100_000],
      writeSizes: [
        [1_000, 0],
        [1_000, 99_000],
        [10_000, 90_000],
      ],
      requests: 2_000,
      maxMs: 1_500,
      warmup: 300,
      startupRuns: 3,
    }

const log = (line: string) => console.log(line)
const pinning = detectPinning()
const startedAt = new Date()
const loadStart = loadavg()[0]!
const results: BenchResults = {
  meta: {
    startedAt: startedAt.toISOString(),
    finishedAt: '',
    quick,
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverage: { start: loadStart, end: loadStart },
    pinning: pinning.description,
    commit: execSync('git describe --always --dirty', { encoding: 'utf8' }).trim(),
    settings,
  },
}
log(
  `Bench${quick ? ' (quick)' : ''}: ${only.join(', ')}. Pinning: ${pinning.description}. Load average ${loadStart.toFixed(2)}.`,
)

try {
  if (runs('listener')) {
    log('\n== Listener and baselines ==')
    results.listener = await benchListener(
      {
        campaigns: 10_000,
        rounds: settings.listenerRounds,
        connections: settings.connections,
        durationSec: settings.durationSec,
        warmupSec: settings.warmupSec,
        kindWarmupSec: settings.kindWarmupSec,
        cacheDir: 'bench/.cache',
        document: 'openapi/openapi.json',
        before: values.before,
      },
      pinning,
      log,
    )
  }
  const order = { requests: settings.requests, maxMs: settings.maxMs, warmup: settings.warmup }
  if (runs('in-process')) {
    log('\n== In-process: startNodeMock + fetch ==')
    results.inProcess = await benchMockLatency(
      {
        sizes: settings.inProcessSizes.map((campaigns) => ({ campaigns })),
        shape: 'spread',
        via: 'fetch',
        kinds: ['list', 'filtered', 'get', 'create', 'update'],
        floors: ['list', 'create'],
        rounds: settings.rounds,
        order,
      },
      pinning,
      log,
    )
  }
  if (runs('scale')) {
    log('\n== Scale: one user holding every campaign ==')
    results.scale = await benchMockLatency(
      {
        sizes: settings.scaleSizes.map((campaigns) => ({ campaigns })),
        shape: 'one-user',
        via: 'handlers',
        kinds: ['list', 'filtered', 'get', 'update'],
        rounds: settings.rounds,
        order,
      },
      pinning,
      log,
    )
  }
  if (runs('writes')) {
    log('\n== Writes: one account beside others, msw getResponse ==')
    results.writes = await benchMockLatency(
      {
        sizes: settings.writeSizes.map(([campaigns, others]) => ({ campaigns: campaigns!, others })),
        shape: 'accounts',
        via: 'handlers',
        kinds: ['update', 'toggle', 'delete'],
        rounds: settings.rounds,
        order,
      },
      pinning,
      log,
    )
  }
  if (runs('startup')) {
    log('\n== Start-up ==')
    results.startup = await benchStartup(settings.startupRuns, pinning, log)
  }
  if (runs('twin')) {
    log('\n== Twin: the listener serving a twin vs the default listener ==')
    const { listenerRounds: rounds, connections, durationSec, kindWarmupSec } = settings
    // Both are Node: warmed as long on each request as the listener section warms each other kind, twice over.
    const warmupSec = 2 * kindWarmupSec
    results.twin = await benchTwin({ campaigns: 10_000, rounds, connections, durationSec, warmupSec }, pinning, log)
  }
  if (runs('sandbox')) {
    log('\n== Sandbox: replicas sharing one Redis vs the in-memory listener ==')
    const { listenerRounds: rounds, connections, durationSec, kindWarmupSec } = settings
    results.sandbox = await benchSandbox(
      { campaigns: 10_000, rounds, connections, durationSec, warmupSec: 2 * kindWarmupSec, before: values.before },
      pinning,
      log,
    )
  }
} catch (error) {
  stopAll()
  console.error(`\nBench failed: ${(error as Error).stack ?? error}`)
  process.exit(1)
}

results.meta.finishedAt = new Date().toISOString()
results.meta.loadAverage.end = loadavg()[0]!
const verdicts = evaluateTargets(results)
const report = formatReport(results, verdicts)
const name = quick ? 'quick' : only.length < SECTIONS.length ? 'partial' : 'latest'
mkdirSync('bench/results', { recursive: true })
writeFileSync(`bench/results/${name}.json`, `${JSON.stringify({ ...results, verdicts }, null, 2)}\n`)
writeFileSync(`bench/results/${name}.md`, report)
log(`\n${report}`)
log(
  `Wrote bench/results/${name}.json and ${name}.md. Targets met: ${verdicts.filter((v) => v.status === 'met').length} of ${verdicts.length}.`,
)
for (const verdict of verdicts)
  log(
    `  ${verdict.status.padEnd(12)} ${verdict.title}: ${verdict.measured} (bound ${verdict.target})${verdict.note ? `: ${verdict.note}` : ''}`,
  )
