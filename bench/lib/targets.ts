import type { BenchResults, LatencyRow, SeedCost } from './results.js'
import { summarizeLoad, throughputRatio } from './summarize-load.js'
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

const notMeasured = (title: string, target: string, why: string): Verdict => ({ title, target, measured: '–', status: 'not measured', note: why })

const fmt = (value: number, digits = 2) => value.toFixed(digits)

/** Judges a run against every target; the order is the issue's. */
export function evaluateTargets(results: BenchResults): Verdict[] {
  return [listenerVsPrism(results), listenerP99(results), ...scaleFlat(results), inProcessMedian(results), seedTime(results), seedHeap(results), binStartup(results)]
}

function listenerVsPrism({ listener }: BenchResults): Verdict {
  const title = 'Listener GET /campaigns vs Prism'
  const target = '≥ 2.00x Prism req/s'
  const ratio = listener && throughputRatio(listener.runs, 'list', 'prism')
  if (ratio === undefined) return notMeasured(title, target, 'the listener section or Prism did not run')
  const met = ratio >= 2
  return { title, target, measured: `${fmt(ratio)}x`, status: met ? 'met' : 'missed', note: met ? undefined : `${fmt(2 / ratio)}x short of it` }
}

function listenerP99({ listener }: BenchResults): Verdict {
  const title = `Listener GET /campaigns p99 at ${listener?.connections ?? 50} connections`
  const target = '< 25 ms'
  const ours = listener && summarizeLoad(listener.runs).find((row) => row.target === 'listener' && row.kind === 'list')
  if (!ours) return notMeasured(title, target, 'the listener section did not run')
  const met = ours.p99Ms < 25
  return { title, target, measured: `${fmt(ours.p99Ms, 1)} ms`, status: met ? 'met' : 'missed', note: met ? undefined : `${fmt(ours.p99Ms - 25, 1)} ms over` }
}

const SCALE_KINDS: RequestKind[] = ['list', 'get', 'update']

function scaleFlat({ scale }: BenchResults): Verdict[] {
  return [100_000, 1_000_000].map((campaigns) => {
    const title = `One user with ${campaigns.toLocaleString('en-US')} campaigns: list, get, update vs 1,000`
    const target = '≤ 2.00x the 1,000-campaign median'
    const rowOf = (size: number, kind: RequestKind): LatencyRow | undefined => scale?.rows.find((row) => row.campaigns === size && row.kind === kind)
    const ratios = SCALE_KINDS.map((kind) => {
      const small = rowOf(1_000, kind)
      const large = rowOf(campaigns, kind)
      return small && large ? { kind, ratio: large.summary.median / small.summary.median } : undefined
    })
    if (ratios.some((ratio) => ratio === undefined)) return notMeasured(title, target, `the scale section did not run at 1,000 and ${campaigns.toLocaleString('en-US')}`)
    const measured = ratios.map((entry) => `${entry!.kind} ${fmt(entry!.ratio)}x`).join(', ')
    const worst = ratios.reduce((a, b) => (b!.ratio > a!.ratio ? b : a))!
    const met = worst.ratio <= 2
    return { title, target, measured, status: met ? 'met' : 'missed', note: met ? undefined : `${worst.kind} is ${fmt(worst.ratio / 2)}x over the bound` }
  })
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
  return { title, target, measured, status: met ? 'met' : 'missed', note: met ? undefined : `${fmt(worst.summary.median / 0.25)}x the bound${floorNote}` }
}

/**
 * A bound on what holding 100,000 campaigns costs, judged on the worst of every section that
 * seeded that many (in-process and scale each seed their own).
 */
function seedCost(results: BenchResults, title: string, bound: number, unit: string, figure: (seed: SeedCost) => number, worst: string): Verdict {
  const target = `< ${bound.toLocaleString('en-US')} ${unit}`
  const seeds = [...(results.inProcess?.seeds ?? []), ...(results.scale?.seeds ?? [])].filter((seed) => seed.campaigns === 100_000)
  if (seeds.length === 0) return notMeasured(title, target, 'no section seeded 100,000 campaigns')
  const value = Math.max(...seeds.map(figure))
  const met = value < bound
  const measured = `${fmt(value, 0)} ${unit} (${worst} of ${seeds.length})`
  return { title, target, measured, status: met ? 'met' : 'missed', note: met ? undefined : `${fmt(value / bound)}x the bound` }
}

const seedTime = (results: BenchResults) => seedCost(results, 'Seeding 100,000 campaigns', 1000, 'ms', (seed) => seed.seedMs, 'slowest')
const seedHeap = (results: BenchResults) => seedCost(results, 'Heap after GC holding 100,000 campaigns', 150, 'MB', (seed) => seed.heapMb, 'largest')

function binStartup({ startup }: BenchResults): Verdict {
  const title = 'Built bin: start to first 200'
  const target = '< 1,000 ms'
  const bin = startup?.find((row) => row.command.startsWith('node dist/'))
  if (!bin) return notMeasured(title, target, 'the start-up section did not run')
  const met = bin.medianMs < 1000
  return { title, target, measured: `${fmt(bin.medianMs, 0)} ms`, status: met ? 'met' : 'missed', note: met ? undefined : `${fmt(bin.medianMs - 1000, 0)} ms over` }
}
