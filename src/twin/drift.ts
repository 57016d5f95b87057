import type { LearnedChoice } from '../profile/twin-file.js'
import { labelOf } from './choice-catalogue.js'
import { keyOf, show } from './observations.js'

// Drift: what changed in a deployment's silent choices between the twin file and a new learning,
// one line per choice, for `ad-campaign-mock twin --check` to print (and exit 1 on).

/** Choices that move with the deployment's state, not its conventions. */
const MOVING = ['stamps.counters']

/**
 * One line per choice whose state changed between two learnings, in the table's words:
 * `default page size 20 → 50`, `list order newest_first → conflicting`.
 * @example driftLines(twin.choices, again.choices) // ['default page size 20 → 50']
 */
export function driftLines(before: readonly LearnedChoice[], after: readonly LearnedChoice[]): string[] {
  // Where the counters stand moves with every record made: state, not a choice.
  const paths = [...new Set([...before, ...after].map((choice) => choice.path))].filter(
    (path) => !MOVING.includes(path),
  )
  return paths.flatMap((path) => {
    const from = before.find((choice) => choice.path === path)
    const to = after.find((choice) => choice.path === path)
    return sameState(from, to) ? [] : [`${labelOf(path)} ${stateOf(from)} → ${stateOf(to)}`]
  })
}

/** Two learnings of a choice agree: the same value learned, or both conflicting, or both not learned (for whatever reason). */
function sameState(a: LearnedChoice | undefined, b: LearnedChoice | undefined): boolean {
  if (!a || !b) return a === b
  if (a.learned !== b.learned) return false
  return a.learned !== 'learned' || keyOf(a.value) === keyOf(b.value)
}

/** What a choice says in a drift line: its value, `conflicting`, or `not learned (…)`. */
function stateOf(choice: LearnedChoice | undefined): string {
  if (!choice) return 'absent'
  if (choice.learned === 'conflicting') return 'conflicting'
  if (choice.learned === 'default') return `not learned (${choice.reason ?? 'no reason given'})`
  return show(choice.value)
}
