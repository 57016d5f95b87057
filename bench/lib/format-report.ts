import {
  LOAD_TARGET_LABELS,
  LOAD_TARGETS,
  type BenchResults,
  type LatencyRow,
  type LoadRun,
  type LoadTarget,
  type SeedCost,
} from './results.js'
import { lastRoundRatio, summarizeLoad, throughputRatio } from './summarize-load.js'
import type { Verdict } from './targets.js'
import { REQUEST_KINDS, REQUEST_LABELS, type RequestKind } from './workload.js'

const count = (n: number) => n.toLocaleString('en-US')
const ms = (value: number) => (value < 1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value.toFixed(1))
/** A markdown table; the first `textColumns` columns are left-aligned, the figures right-aligned. */
const table = (head: string[], rows: string[][], textColumns = 1) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')

/** The whole run as markdown: where it ran, the verdicts, then every section's table. */
export function formatReport(results: BenchResults, verdicts: readonly Verdict[]): string {
  const parts = [formatMeta(results), formatVerdicts(verdicts)]
  if (results.listener) parts.push(formatListener(results.listener))
  if (results.inProcess)
    parts.push(formatLatencies('In-process: `startNodeMock` + `fetch`, ms per request', results.inProcess))
  if (results.scale)
    parts.push(formatLatencies('Scale: one user holding N campaigns, msw `getResponse`, ms per request', results.scale))
  if (results.writes)
    parts.push(
      formatLatencies(
        'Writes: one account of N campaigns (+ those of other accounts), msw `getResponse`, ms per request',
        results.writes,
      ),
    )
  if (results.startup) parts.push(formatStartup(results.startup))
  if (results.twin) parts.push(formatTwin(results.twin))
  if (results.sandbox) parts.push(formatSandbox(results.sandbox))
  return `${parts.join('\n\n')}\n`
}

function formatMeta({ meta }: BenchResults): string {
  const lines = [
    `# Benchmark${meta.quick ? ' (quick smoke run: figures not comparable)' : ''}`,
    '',
    `${meta.startedAt} to ${meta.finishedAt}, commit ${meta.commit}. Node ${meta.node}, ${meta.cpu} x ${meta.cores} cores, ${meta.memoryGb} GB.`,
    `Load average (1 min) ${meta.loadAverage.start.toFixed(2)} at the start, ${meta.loadAverage.end.toFixed(2)} at the end. Pinning: ${meta.pinning}.`,
  ]
  return lines.join('\n')
}

/** The targets as a table: bound, figure, verdict, and by how much a miss missed. */
export function formatVerdicts(verdicts: readonly Verdict[]): string {
  const rows = verdicts.map((v) => [v.title, v.target, v.measured, v.status + (v.note ? ` (${v.note})` : '')])
  return `## Targets\n\n${table(['target', 'bound', 'measured', 'verdict'], rows, 4)}`
}

function formatListener(listener: NonNullable<BenchResults['listener']>): string {
  const summaries = summarizeLoad(listener.runs)
  const rounds = Math.max(0, ...summaries.map((row) => row.rounds))
  const rows = summaries.map((row) => [
    LOAD_TARGET_LABELS[row.target],
    REQUEST_LABELS[row.kind],
    count(Math.round(row.rps)),
    count(Math.round(row.lastRps)),
    ms(row.p50Ms),
    ms(row.p99Ms),
  ])
  const ratios = LOAD_TARGETS.filter((target) => target !== 'listener' && target !== 'before').flatMap((target) => {
    const median = throughputRatio(listener.runs, 'list', target)
    const last = lastRoundRatio(listener.runs, 'list', target)
    if (median === undefined || last === undefined) return []
    return [[LOAD_TARGET_LABELS[target], `${median.toFixed(2)}x`, `${last.ratio.toFixed(2)}x`]]
  })
  const warmup = listener.warmupSec
    ? ` after ${listener.warmupSec.list} s of warm-up per target on the list (${listener.warmupSec.otherKinds} s on each other kind)`
    : ''
  const notes = [
    ...Object.entries(listener.peers ?? {}).map(
      ([target, what]) => `${LOAD_TARGET_LABELS[target as LoadTarget]}: ${what}.`,
    ),
    ...Object.entries(listener.leftOut ?? {}).map(
      ([target, why]) => `Left out: ${LOAD_TARGET_LABELS[target as LoadTarget]} (${why}).`,
    ),
  ]
  return [
    `## Listener: ${count(listener.campaigns)} campaigns across ${listener.users} users, ${listener.connections} connections, ${listener.durationSec} s per run, ${rounds} alternating rounds${warmup}`,
    '',
    table(['target', 'request', 'req/s (median)', `req/s (round ${rounds})`, 'p50 ms', 'p99 ms'], rows, 2),
    '',
    `Our listener's req/s on ${REQUEST_LABELS.list} over each baseline's: the median of per-round ratios, and the last round's.`,
    '',
    ratios.length > 0
      ? table(['baseline', 'listener / baseline (median)', `listener / baseline (round ${rounds})`], ratios)
      : 'No baseline ran.',
    ...(notes.length > 0 ? ['', ...notes] : []),
    ...formatBefore(listener.runs),
  ].join('\n')
}

/** Our listener over the one `--before` named, kind by kind, when it ran. */
function formatBefore(runs: readonly LoadRun[]) {
  const rows = REQUEST_KINDS.flatMap((kind) => {
    const median = throughputRatio(runs, kind, 'before')
    const last = lastRoundRatio(runs, kind, 'before')
    if (median === undefined || last === undefined) return []
    return [[REQUEST_LABELS[kind], `${median.toFixed(2)}x`, `${last.ratio.toFixed(2)}x`]]
  })
  if (rows.length === 0) return []
  return [
    '',
    `Our listener's req/s over ${LOAD_TARGET_LABELS.before}'s, the two in the same rounds: the median of per-round ratios, and the last round's.`,
    '',
    table(['request', 'after / before (median)', 'after / before (last round)'], rows),
  ]
}

function formatLatencies(title: string, { seeds, rows }: { seeds: SeedCost[]; rows: LatencyRow[] }): string {
  const head = [
    'request',
    ...seeds.flatMap((seed) => [
      `${count(seed.campaigns)}${seed.others ? ` (+${count(seed.others)})` : ''} median`,
      'p99',
    ]),
    'last / first',
  ]
  const line = (kind: RequestKind, floor: boolean) => {
    const bySize = seeds.map((seed) =>
      rows.find(
        (row) =>
          row.kind === kind &&
          row.campaigns === seed.campaigns &&
          (row.others ?? 0) === (seed.others ?? 0) &&
          (row.floor ?? false) === floor,
      ),
    )
    const first = bySize[0]?.summary.median
    const last = bySize.at(-1)?.summary.median
    const ratio = first && last ? `${(last / first).toFixed(2)}x` : '–'
    const label = floor ? `msw alone, one handler, same bytes: ${REQUEST_LABELS[kind]}` : REQUEST_LABELS[kind]
    return [
      label,
      ...bySize.flatMap((row) => (row ? [ms(row.summary.median), ms(row.summary.p99)] : ['–', '–'])),
      ratio,
    ]
  }
  const present = (floor: boolean) =>
    REQUEST_KINDS.filter((kind) => rows.some((row) => row.kind === kind && (row.floor ?? false) === floor))
  const body = [...present(false).map((kind) => line(kind, false)), ...present(true).map((kind) => line(kind, true))]
  const seedRows = [
    ['generate dataset (faker), ms', ...seeds.flatMap((seed) => [count(Math.round(seed.generateMs)), '']), ''],
    ['seed the mock, ms', ...seeds.flatMap((seed) => [count(Math.round(seed.seedMs)), '']), ''],
    ['heap after GC, MB', ...seeds.flatMap((seed) => [count(Math.round(seed.heapMb)), '']), ''],
  ]
  return `## ${title}\n\n${table(head, [...body, ...seedRows])}`
}

function formatStartup(rows: NonNullable<BenchResults['startup']>): string {
  const body = rows.map((row) => [
    `\`${row.command}\``,
    row.runsMs.map((run) => Math.round(run)).join(', '),
    count(Math.round(row.medianMs)),
  ])
  return `## Start-up: process start to the first 200\n\n${table(['command', 'runs, ms', 'median ms'], body)}`
}

/** A section's runs as its table's rows (target, request, req/s, p50, p99), with its rounds and the kinds it ran. */
function loadTable(runs: readonly LoadRun[]) {
  const summaries = summarizeLoad(runs)
  const rounds = Math.max(0, ...summaries.map((row) => row.rounds))
  const rows = summaries.map((row) => [
    LOAD_TARGET_LABELS[row.target],
    REQUEST_LABELS[row.kind],
    count(Math.round(row.rps)),
    ms(row.p50Ms),
    ms(row.p99Ms),
  ])
  const kinds = REQUEST_KINDS.filter((kind) => summaries.some((row) => row.kind === kind))
  return { rounds, rows, kinds }
}

function formatTwin(twin: NonNullable<BenchResults['twin']>): string {
  const { rounds, rows, kinds } = loadTable(twin.runs)
  const ratios = kinds.flatMap((kind) => {
    const ratio = throughputRatio(twin.runs, kind, 'listener', 'twin')
    return ratio === undefined ? [] : [[REQUEST_LABELS[kind], `${ratio.toFixed(2)}x`]]
  })
  return [
    `## Twin: the listener serving a twin of ${twin.twinOf} vs the default listener, ${twin.connections} connections, ${twin.durationSec} s per run, ${rounds} alternating rounds after ${twin.warmupSec} s of warm-up per target and request`,
    '',
    `Both hold the same ${count(twin.campaigns)} campaigns and answer for the same account (${count(twin.accountCampaigns)} campaigns on 10 adverts: the twin's captured account), limits out of reach; the two runs of a request go back to back, which first alternating by round.`,
    '',
    table(['target', 'request', 'req/s (median)', 'p50 ms', 'p99 ms'], rows, 2),
    '',
    table(['request', 'twin / default (median of per-round ratios)'], ratios),
  ].join('\n')
}

function formatSandbox(sandbox: NonNullable<BenchResults['sandbox']>): string {
  const { rounds, rows, kinds } = loadTable(sandbox.runs)
  const ratios = kinds.flatMap((kind) => {
    const store = throughputRatio(sandbox.runs, kind, 'listener', 'store')
    const two = throughputRatio(sandbox.runs, kind, 'store', 'replicas')
    if (store === undefined || two === undefined) return []
    const before = throughputRatio(sandbox.runs, kind, 'before', 'store')
    const row = [REQUEST_LABELS[kind], `${store.toFixed(2)}x`, `${two.toFixed(2)}x`]
    return [before === undefined ? row : [...row, `${before.toFixed(2)}x`]]
  })
  const withBefore = ratios.some((row) => row.length === 4)
  return [
    `## Sandbox: replicas sharing one Redis vs the in-memory listener, ${sandbox.connections} connections, ${sandbox.durationSec} s per run, ${rounds} alternating rounds after ${sandbox.warmupSec} s of warm-up per target and request`,
    '',
    `Each holds the same ${count(sandbox.campaigns)} campaigns and answers for the same account, limits out of reach; ${sandbox.placement}. Two replicas: the connections split between them, one load generator each, the sum of their rates.`,
    '',
    table(['target', 'request', 'req/s (median)', 'p50 ms', 'p99 ms'], rows, 2),
    '',
    table(
      ['request', 'one replica / in-memory', 'two replicas / one', ...(withBefore ? ['one replica / --before'] : [])],
      ratios,
    ),
  ].join('\n')
}
