/** Summary of one set of samples: its median and 99th percentile, and how many there were. */
export interface Summary {
  median: number
  p99: number
  n: number
}

/** The value at percentile `p` (0–100) by the nearest-rank method; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

/** The median: the mean of the two middle values for an even count; NaN for no samples. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Median and p99 of a set of samples. @example summarize([1, 2, 3]) // { median: 2, p99: 3, n: 3 } */
export function summarize(samples: readonly number[]): Summary {
  return { median: median(samples), p99: percentile(samples, 99), n: samples.length }
}

/**
 * Combines rounds measured apart: the median of the rounds' medians and of their p99s, so one
 * disturbed round (another process woke up) moves neither.
 */
export function acrossRounds(rounds: readonly Summary[]): Summary {
  return {
    median: median(rounds.map((round) => round.median)),
    p99: median(rounds.map((round) => round.p99)),
    n: rounds.reduce((sum, round) => sum + round.n, 0),
  }
}

/**
 * The median of per-round ratios `a[i] / b[i]`: each ratio pairs two figures measured minutes
 * apart in the same round, so a machine that slows down between rounds cancels out.
 */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError(`Cannot pair ${a.length} rounds with ${b.length}`)
  return median(a.map((value, i) => value / b[i]!))
}
