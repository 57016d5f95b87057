import type { LoadRun, LoadTarget } from './results.js'
import { median, pairedRatio } from './stats.js'
import type { RequestKind } from './workload.js'

/** One target and kind of request across rounds: medians of the rounds' figures. */
export interface LoadSummary {
  target: LoadTarget
  kind: RequestKind
  rps: number
  p50Ms: number
  p99Ms: number
  rounds: number
  /** The req/s of the last round this target and kind ran (a JVM is at its fastest there). */
  lastRps: number
}

/** Medians across rounds of every target and kind that ran, in the order they first ran. */
export function summarizeLoad(runs: readonly LoadRun[]): LoadSummary[] {
  const groups = new Map<string, LoadRun[]>()
  for (const run of runs) {
    const key = `${run.target} ${run.kind}`
    groups.set(key, [...(groups.get(key) ?? []), run])
  }
  return [...groups.values()].map((group) => ({
    target: group[0]!.target,
    kind: group[0]!.kind,
    rps: median(group.map((run) => run.rps)),
    p50Ms: median(group.map((run) => run.p50Ms)),
    p99Ms: median(group.map((run) => run.p99Ms)),
    rounds: group.length,
    lastRps: group.reduce((last, run) => (run.round > last.round ? run : last)).rps,
  }))
}

/**
 * The listener's (or `target`'s) throughput over a baseline's on one kind of request: the median
 * of the rounds' ratios, each pairing two runs of the same round. Undefined when either is missing.
 * @example throughputRatio(twin.runs, 'list', 'listener', 'twin') // 0.97: the twin over the default listener
 */
export function throughputRatio(
  runs: readonly LoadRun[],
  kind: RequestKind,
  baseline: LoadTarget,
  target: LoadTarget = 'listener',
): number | undefined {
  const { ours, theirs, rounds } = pairRounds(runs, kind, baseline, target)
  if (rounds.length === 0) return undefined
  return pairedRatio(
    rounds.map((round) => ours.get(round)!),
    rounds.map((round) => theirs.get(round)!),
  )
}

/**
 * The listener's throughput over a baseline's in the last round both ran: after the longest
 * warm-up, where a JVM peer is at its best. Undefined when either is missing.
 * @example lastRoundRatio(runs, 'list', 'wiremock') // { round: 5, ratio: 1.02 }
 */
export function lastRoundRatio(
  runs: readonly LoadRun[],
  kind: RequestKind,
  baseline: LoadTarget,
): { round: number; ratio: number } | undefined {
  const { ours, theirs, rounds } = pairRounds(runs, kind, baseline)
  if (rounds.length === 0) return undefined
  const round = Math.max(...rounds)
  return { round, ratio: ours.get(round)! / theirs.get(round)! }
}

/** The listener's (or `target`'s) and a baseline's req/s by round, and the rounds both ran. */
function pairRounds(
  runs: readonly LoadRun[],
  kind: RequestKind,
  baseline: LoadTarget,
  target: LoadTarget = 'listener',
) {
  const byRound = (which: LoadTarget) =>
    new Map(runs.filter((run) => run.target === which && run.kind === kind).map((run) => [run.round, run.rps]))
  const ours = byRound(target)
  const theirs = byRound(baseline)
  return { ours, theirs, rounds: [...ours.keys()].filter((round) => theirs.has(round)) }
}
