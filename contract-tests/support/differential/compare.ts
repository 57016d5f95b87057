import { isDeepStrictEqual } from 'node:util'
import type { Observed } from './run-battery.js'

// Two targets' answers to the same battery, point by point: how many points were compared, how
// many are the same, and every one that is not.

/** The outcome of comparing two runs of one battery. */
export interface Comparison {
  /** e.g. `the second set / its twin` */
  title: string
  compared: number
  same: number
  /** Same points, in percent, to one decimal. */
  percent: number
  /** One line per point that differs: the step, the point, and what each side showed. */
  differences: string[]
}

/**
 * Compares two runs of the same battery, step by step, on the union of their points (a point only
 * one side shows differs).
 * @example compare(deploymentRun, twinRun, ['the second set', 'its twin']).percent // 97.4
 */
export function compare(left: readonly Observed[], right: readonly Observed[], names: [string, string]): Comparison {
  if (left.length !== right.length) throw new Error(`the runs have ${left.length} and ${right.length} steps`)
  let compared = 0
  let same = 0
  const differences: string[] = []
  left.forEach(({ step, points }, index) => {
    const other = right[index]?.points ?? {}
    for (const point of new Set([...Object.keys(points), ...Object.keys(other)])) {
      compared++
      if (isDeepStrictEqual(points[point], other[point])) same++
      else differences.push(`${step} · ${point}: ${names[0]} ${show(points[point])}; ${names[1]} ${show(other[point])}`)
    }
  })
  const percent = compared === 0 ? 0 : Math.round((same / compared) * 1000) / 10
  return { title: `${names[0]} / ${names[1]}`, compared, same, percent, differences }
}

/** A comparison as the test prints it: the figure, then every difference. */
export function formatComparison({ title, compared, same, percent, differences }: Comparison): string {
  const lines = differences.map((line) => `  - ${line}`)
  return [
    `${title}: ${same} of ${compared} points the same (${percent}%), ${differences.length} differ`,
    ...lines,
  ].join('\n')
}

function show(value: unknown): string {
  if (value === undefined) return '(none)'
  const text = JSON.stringify(value)
  return process.env.DIFF_FULL || text.length <= 160 ? text : `${text.slice(0, 159)}…`
}
