import type { LearnedChoice } from '../profile/twin-file.js'
import { labelOf } from './choice-catalogue.js'
import { clip } from './learn-context.js'
import { show } from './observations.js'
import type { ReplayReport } from './replay.js'

// The table `ad-campaign-mock twin` prints: one line per choice, with the value learned (or the
// default kept) and the evidence (or why it could not be learned).

/**
 * The choices as a table of three columns: choice, learned value, evidence.
 * @example console.log(formatChoices(twin.choices))
 */
export function formatChoices(choices: readonly LearnedChoice[]): string {
  const rows = choices.map((choice) => [labelOf(choice.path), valueCell(choice), evidenceCell(choice)] as const)
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length), column ? 13 : 6))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd()
  return [line(['choice', 'learned value', 'evidence']), ...rows.map(line)].join('\n')
}

/** A choice's value as the table shows it: marked when it is the default kept. */
function valueCell(choice: LearnedChoice): string {
  const value = clip(show(choice.value), 40)
  return choice.learned === 'learned' ? value : `${value} (default)`
}

/** The first piece of evidence of a learned choice, or why the default was kept. */
function evidenceCell(choice: LearnedChoice): string {
  if (choice.learned === 'conflicting') return clip(`conflicting: ${choice.reason ?? ''}`, 140)
  if (choice.learned === 'default') return clip(`not learned: ${choice.reason ?? ''}`, 140)
  const [first] = choice.evidence
  if (!first) return ''
  const more = choice.evidence.length > 1 ? ` (+${choice.evidence.length - 1})` : ''
  // The request without its body: the body shows in the file, the table keeps to one line.
  const request = first.request.replace(/ [{[].*?(?= \(|$)/, '')
  return clip(`${request} -> ${first.status ?? '-'}: ${first.seen}`, 140 - more.length) + more
}

/**
 * The count under the table: `learned X of Y; Z kept the mock's default`, and the reason of each of the Z.
 * @example console.log(formatSummary(twin.choices))
 */
export function formatSummary(choices: readonly LearnedChoice[]): string {
  const kept = choices.filter((choice) => choice.learned !== 'learned')
  const lines = kept.map(
    (choice) =>
      `  ${labelOf(choice.path)}: ${choice.learned === 'conflicting' ? 'conflicting: ' : ''}${choice.reason ?? ''}`,
  )
  // What the learner says beside a value it learned (a bound between two values, literals kept as they came).
  const notes = choices
    .filter((choice) => choice.learned === 'learned' && choice.note)
    .map((choice) => `  note, ${labelOf(choice.path)}: ${choice.note}`)
  return [
    `learned ${choices.length - kept.length} of ${choices.length}; ${kept.length} kept the mock's default`,
    ...lines,
    ...notes,
  ].join('\n')
}

/**
 * The replay in words: `replayed N exchanges: M the same`, then each difference with its reason.
 * @example console.log(formatReplay(learned.replay ?? { replayed: 0, same: 0, differences: [] }))
 */
export function formatReplay({ replayed, same, differences }: ReplayReport): string {
  const lines = differences.map(({ request, what, reason }) => `  ${request}: ${what} (${reason})`)
  return [`replayed ${replayed} exchanges: ${same} the same`, ...lines].join('\n')
}
