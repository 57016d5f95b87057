import type { BenchResults, LatencyRow, LoadTarget, SeedCost } from './results.js'
import { lastRoundRatio, summarizeLoad, throughputRatio } from './summarize-load.js'
import type { RequestKind } from './workload.js'

/** A target's verdict has three states: a target the run could not measure is never shown as met. */
export type VerdictStatus = 'met' | 'missed' | 'not measured'

/** One target of issue 12 and what this run made of it. */
export interface Verdict {
  title: string
  target: string
  measured: string
  status: VerdictStatus
  /** By how much a missed target was missed, or why it was not measured. */
  note?: string
}

const notMeasured = (title: string, target: string, why: string): Verdict => ({
  title,
  target,
  measured: '–',
  status: 'not measured',
  note: why,
})

/** A measured target: met, or missed by what `shortBy` says. */
const judged = (title: string, target: string, measured: string, met: boolean, shortBy: string): Verdict => ({
  title,
  target,
  measured,
  status: met ? 'met' : 'missed',
  note: met ? undefined : shortBy,
})

const fmt = (value: number, digits = 2) => value.toFixed(digits)

/** Judges a run against every target; the order is the issues' (12, 23's peers, then 16's floors, then 24's twin). */
export function evaluateTargets(results: BenchResults): Verdict[] {
  return [
    listenerVsPrism(results, 'list', 3),
    listenerVsPrism(results, 'update', 2),
    listenerVsPeer(results, 'wiremock', 'WireMock', 1.5),
    listenerVsPeer(results, 'bare', 'bare node:http', 0.25),
    listenerP99(results),
    fasterThanBefore(results),
    scaleFlat(results),
    ...writeFloors(results),
    inProcessMedian(results),
    seedTime(results),
    seedHeap(results),
    binStartup(results),
    twinVsDefault(results),
    storeVsMemory(results),
    storeVsBefore(results),
    twoReplicasVsOne(results),
  ]
}

/** Issue 34: one replica keeping its state in Redis against the in-memory listener, GET /campaigns. */
function storeVsMemory({ sandbox }: BenchResults): Verdict {
  const title = 'One replica with --store vs the in-memory listener, GET /campaigns'
  const target = '≥ 0.50x the in-memory req/s'
  const ratio = sandbox && throughputRatio(sandbox.runs, 'list', 'listener', 'store')
  if (ratio === undefined) return notMeasured(title, target, 'the sandbox section did not run')
  return judged(title, target, `${fmt(ratio)}x`, ratio >= 0.5, `${fmt(0.5 / ratio)}x short of it`)
}

/**
 * Issue 34 asked for one replica against "today's" in-memory listener: the listener before issue 33
 * made it several times faster, run beside in the same rounds with `--before`.
 */
function storeVsBefore({ sandbox }: BenchResults): Verdict {
  const title = 'One replica with --store vs the in-memory listener of --before, GET /campaigns'
  const target = '≥ 0.50x the in-memory req/s'
  const ratio = sandbox && throughputRatio(sandbox.runs, 'list', 'before', 'store')
  if (ratio === undefined) return notMeasured(title, target, 'the sandbox section did not run with --before')
  return judged(title, target, `${fmt(ratio)}x`, ratio >= 0.5, `${fmt(0.5 / ratio)}x short of it`)
}

/** Issue 34: two replicas on two CPUs against one, the same Redis, GET /campaigns. */
function twoReplicasVsOne({ sandbox }: BenchResults): Verdict {
  const title = 'Two replicas on two CPUs vs one, GET /campaigns'
  const target = '≥ 1.60x one replica req/s'
  const ratio = sandbox && throughputRatio(sandbox.runs, 'list', 'store', 'replicas')
  if (ratio === undefined) return notMeasured(title, target, 'the sandbox section did not run')
  return judged(title, target, `${fmt(ratio)}x`, ratio >= 1.6, `${fmt(1.6 / ratio)}x short of it`)
}

/** Issue 24: a twin costs the listener almost nothing: its req/s over the default listener's, round by round. */
function twinVsDefault({ twin }: BenchResults): Verdict {
  const title = 'Listener serving a twin vs the default listener, GET /campaigns'
  const target = '≥ 0.90x the default req/s'
  const ratio = twin && throughputRatio(twin.runs, 'list', 'listener', 'twin')
  if (ratio === undefined) return notMeasured(title, target, 'the twin section did not run')
  return judged(title, target, `${fmt(ratio)}x`, ratio >= 0.9, `${fmt(0.9 / ratio)}x short of it`)
}

function listenerVsPrism({ listener }: BenchResults, kind: 'list' | 'update', bound: number): Verdict {
  const title = `Listener ${kind === 'list' ? 'GET /campaigns' : 'PATCH /campaigns/{id}'} vs Prism`
  const target = `≥ ${fmt(bound)}x Prism req/s`
  const ratio = listener && throughputRatio(listener.runs, kind, 'prism')
  if (ratio === undefined) return notMeasured(title, target, 'the listener section or Prism did not run')
  const met = ratio >= bound
  return judged(title, target, `${fmt(ratio)}x`, met, `${fmt(bound / ratio)}x short of it`)
}

/**
 * Issue 23: the listener's list throughput over a peer's, after the warm-up. Met only when both
 * the median of the rounds' ratios and the last round's ratio (the peer at its best: a JVM keeps
 * getting faster round after round) reach the bound.
 */
function listenerVsPeer({ listener }: BenchResults, peer: LoadTarget, name: string, bound: number): Verdict {
  const title = `Listener GET /campaigns vs ${name}, median and last round`
  const target = `≥ ${fmt(bound)}x ${name} req/s`
  const median = listener && throughputRatio(listener.runs, 'list', peer)
  const last = listener && lastRoundRatio(listener.runs, 'list', peer)
  if (median === undefined || last === undefined) {
    const why = listener?.leftOut?.[peer]
    return notMeasured(title, target, why ? `${name} left out: ${why}` : `the listener section or ${name} did not run`)
  }
  const worst = Math.min(median, last.ratio)
  const which = last.ratio < median ? 'the last round' : 'the median'
  const measured = `median ${fmt(median)}x, round ${last.round} ${fmt(last.ratio)}x`
  return judged(title, target, measured, worst >= bound, `${which} ${fmt(bound / worst)}x short of it`)
}

/**
 * Issue 33: GET /campaigns/{id}, POST and PATCH each at least as fast as the listener `--before`
 * names, the two in the same rounds (the median of the rounds' ratios); the slowest decides.
 */
function fasterThanBefore({ listener }: BenchResults): Verdict {
  const title = 'GET /campaigns/{id}, POST and PATCH vs the listener before (--before)'
  const target = '≥ 1.00x each'
  const kinds: RequestKind[] = ['get', 'create', 'update']
  const ratios = kinds.map((kind) => ({ kind, ratio: listener && throughputRatio(listener.runs, kind, 'before') }))
  if (ratios.some(({ ratio }) => ratio === undefined))
    return notMeasured(title, target, 'no listener before ran (npm run bench -- --before <checkout>)')
  const slowest = ratios.reduce((worst, row) => (row.ratio! < worst.ratio! ? row : worst))
  const measured = ratios.map(({ kind, ratio }) => `${kind} ${fmt(ratio!)}x`).join(', ')
  return judged(title, target, measured, slowest.ratio! >= 1, `${slowest.kind} ${fmt(1 / slowest.ratio!)}x short of it`)
}

function listenerP99({ listener }: BenchResults): Verdict {
  const title = `Listener GET /campaigns p99 at ${listener?.connections ?? 50} connections`
  const target = '< 25 ms'
  const ours = listener && summarizeLoad(listener.runs).find((row) => row.target === 'listener' && row.kind === 'list')
  if (!ours) return notMeasured(title, target, 'the listener section did not run')
  const met = ours.p99Ms < 25
  return judged(title, target, `${fmt(ours.p99Ms, 1)} ms`, met, `${fmt(ours.p99Ms - 25, 1)} ms over`)
}

const SCALE_KINDS: RequestKind[] = ['list', 'get']

function scaleFlat({ scale }: BenchResults): Verdict {
  const title = 'One account with 100,000 campaigns: list page and get by id vs 1,000'
  const target = '≤ 2.00x the 1,000-campaign median'
  const rowOf = (size: number, kind: RequestKind): LatencyRow | undefined =>
    scale?.rows.find((row) => row.campaigns === size && row.kind === kind && !row.floor)
  const ratios = SCALE_KINDS.map((kind) => {
    const small = rowOf(1_000, kind)
    const large = rowOf(100_000, kind)
    return small && large ? { kind, ratio: large.summary.median / small.summary.median } : undefined
  })
  if (ratios.some((ratio) => ratio === undefined))
    return notMeasured(title, target, 'the scale section did not run at 1,000 and 100,000')
  return worstRatio(title, target, ratios as { kind: RequestKind; ratio: number }[], 2)
}

function worstRatio(
  title: string,
  target: string,
  ratios: { kind: RequestKind; ratio: number }[],
  bound: number,
): Verdict {
  const measured = ratios.map((entry) => `${entry.kind} ${fmt(entry.ratio)}x`).join(', ')
  const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a))
  const met = worst.ratio <= bound
  return judged(title, target, measured, met, `${worst.kind} is ${fmt(worst.ratio / bound)}x over the bound`)
}

const WRITE_KINDS: RequestKind[] = ['update', 'toggle', 'delete']

/**
 * Issue 16's write floors, from the writes section (msw getResponse): a bound in ms at 1,000 and at
 * 10,000 campaigns in the account (the largest mock of each size, other accounts full), and the
 * cost at 1,000 with other accounts full over the cost with none.
 */
function writeFloors({ writes }: BenchResults): Verdict[] {
  const rowsOf = (campaigns: number, others: (value: number) => boolean) =>
    WRITE_KINDS.map((kind) =>
      writes?.rows.find(
        (row) => row.campaigns === campaigns && others(row.others ?? 0) && row.kind === kind && !row.floor,
      ),
    )
  const bound = (campaigns: number, ms: number): Verdict => {
    const title = `Update, toggle, delete with ${campaigns.toLocaleString('en-US')} campaigns in the account (others full), median`
    const target = `≤ ${ms} ms each`
    const rows = rowsOf(campaigns, (others) => others > 0)
    if (rows.some((row) => !row))
      return notMeasured(
        title,
        target,
        `the writes section did not run at ${campaigns.toLocaleString('en-US')} beside other accounts`,
      )
    const worst = rows.reduce((a, b) => (b!.summary.median > a!.summary.median ? b : a))!
    const met = worst.summary.median <= ms
    const measured = rows.map((row) => `${row!.kind} ${fmt(row!.summary.median, 3)}`).join(', ') + ' ms'
    return judged(title, target, measured, met, `${worst.kind} is ${fmt(worst.summary.median / ms)}x the bound`)
  }
  const title = 'Writes at 1,000 campaigns: other accounts full vs empty'
  const target = '≤ 2.00x'
  const alone = rowsOf(1_000, (others) => others === 0)
  const beside = rowsOf(1_000, (others) => others > 0)
  const independence =
    alone.some((row) => !row) || beside.some((row) => !row)
      ? notMeasured(title, target, 'the writes section did not run at 1,000 with and without other accounts')
      : worstRatio(
          title,
          target,
          WRITE_KINDS.map((kind, i) => ({ kind, ratio: beside[i]!.summary.median / alone[i]!.summary.median })),
          2,
        )
  return [bound(1_000, 0.3), bound(10_000, 1), independence]
}

function inProcessMedian({ inProcess }: BenchResults): Verdict {
  const title = 'In-process fetch at 100,000 campaigns, median per request'
  const target = '≤ 0.25 ms, every kind'
  const rows = inProcess?.rows.filter((row) => row.campaigns === 100_000) ?? []
  const ours = rows.filter((row) => !row.floor)
  if (ours.length === 0) return notMeasured(title, target, 'the in-process section did not run at 100,000')
  const worst = ours.reduce((a, b) => (b.summary.median > a.summary.median ? b : a))
  const met = worst.summary.median <= 0.25
  const measured = `slowest ${worst.kind} ${fmt(worst.summary.median, 3)} ms`
  // msw alone answering the same bytes, where measured: how much of the time is interception.
  const floors = rows.filter((row) => row.floor).map((row) => `${row.kind} ${fmt(row.summary.median, 3)} ms`)
  const floorNote = floors.length > 0 ? `; msw alone, one handler, same bytes: ${floors.join(', ')}` : ''
  return judged(title, target, measured, met, `${fmt(worst.summary.median / 0.25)}x the bound${floorNote}`)
}

/** A bound on what holding 100,000 campaigns across 100 accounts costs (the writes section seeds it). */
function seedCost(
  results: BenchResults,
  title: string,
  bound: number,
  unit: string,
  figure: (seed: SeedCost) => number,
): Verdict {
  const target = `< ${bound.toLocaleString('en-US')} ${unit}`
  const seed = results.writes?.seeds.find((row) => row.campaigns + (row.others ?? 0) === 100_000 && row.users === 100)
  if (!seed) return notMeasured(title, target, 'the writes section did not seed 100,000 campaigns across 100 accounts')
  const value = figure(seed)
  const met = value < bound
  return judged(title, target, `${fmt(value, 0)} ${unit}`, met, `${fmt(value / bound)}x the bound`)
}

const seedTime = (results: BenchResults) =>
  seedCost(results, 'Seeding 100,000 campaigns across 100 accounts', 2000, 'ms', (seed) => seed.seedMs)
const seedHeap = (results: BenchResults) =>
  seedCost(results, 'Heap after GC holding 100,000 campaigns', 200, 'MB', (seed) => seed.heapMb)

function binStartup({ startup }: BenchResults): Verdict {
  const title = 'Built bin: start to first 200'
  const target = '< 1,000 ms'
  const bin = startup?.find((row) => row.command.startsWith('node dist/'))
  if (!bin) return notMeasured(title, target, 'the start-up section did not run')
  const met = bin.medianMs < 1000
  return judged(title, target, `${fmt(bin.medianMs, 0)} ms`, met, `${fmt(bin.medianMs - 1000, 0)} ms over`)
}
