import type { CheckName } from '../checks/check-names.js'
import type { ContractFailure } from '../checks/contract-failure.js'
import type { OperationLabel } from '../document/document.js'

/** What became of one check on one operation. */
export const COVERAGE_STATES = ['passed', 'failed', 'not_exercised', 'skipped'] as const
export type CoverageState = (typeof COVERAGE_STATES)[number]

/** One check on one operation: passed, failed, not exercised (with the reason) or skipped by an option (with the option). */
export interface CoverageRow {
  operation: OperationLabel
  check: CheckName
  state: CoverageState
  /** How often it judged the operation. */
  runs: number
  /** Failures it raised there (kept ones: their profile selected). */
  failures: number
  /** Why it was not exercised or skipped. */
  reason?: string
  /** The cause (a failure's rootCause) that kept it from being exercised, when one did: the report names its finding. */
  cause?: string
}

/** How often one check judged one operation, and how many of the kept failures it raised there. */
export interface CheckTally {
  operation: OperationLabel
  check: CheckName
  runs: number
  failures: number
}

const ANY = '*'

/** One check on one operation. */
type Pair = { operation: OperationLabel; check: CheckName }
const keyOf = ({ operation, check }: Pair) => `${operation}\u0000${check}`

/**
 * The run's ledger of what it promised (each check the selected profiles assert, on each
 * operation it applies to), what ran, what an option left out and what a stopped flow never
 * reached. A pair is ✓ only when it ran and nothing failed; one that never ran is never passed.
 */
export class Coverage {
  /** Every pair promised or run, by key. */
  private readonly pairs = new Map<string, Pair>()
  private readonly runs = new Map<string, number>()
  private readonly skips: Array<{
    operation: OperationLabel | typeof ANY
    check: CheckName | typeof ANY
    reason: string
  }> = []
  private readonly blocks: Array<{ operations: ReadonlySet<string> | typeof ANY; reason: string; cause?: string }> = []
  /** Why a check judged nothing on an operation, as the check said it (the first reason given), and the cause behind it. */
  private readonly notes = new Map<string, { reason: string; cause?: string }>()

  /** The run promises this check on this operation. */
  expect(operation: OperationLabel, check: CheckName): void {
    this.pair({ operation, check })
  }

  /** The check judged the operation once more. */
  ran(operation: OperationLabel, check: CheckName): void {
    const key = this.pair({ operation, check })
    this.runs.set(key, (this.runs.get(key) ?? 0) + 1)
  }

  /** An option left the check out (`*`: every operation, or every check, still without a run). */
  skip(operation: OperationLabel | typeof ANY, check: CheckName | typeof ANY, reason: string): void {
    this.skips.push({ operation, check, reason })
  }

  /**
   * The check looked at the operation but could not judge it, for this reason (two writes closer
   * than the deployment's timestamps can tell apart, say): what the row says if it never runs.
   */
  note(operation: OperationLabel, check: CheckName, reason: string, cause?: string): void {
    // Not a promise: a pair the run does not promise stays out of the rows.
    const key = keyOf({ operation, check })
    if (!this.notes.has(key)) this.notes.set(key, { reason, ...(cause === undefined ? {} : { cause }) })
  }

  /** These operations (or, with `*`, all) were not reached, for this reason (and cause); the first reason given wins. */
  block(operations: readonly OperationLabel[] | typeof ANY, reason: string, cause?: string): void {
    this.blocks.push({
      operations: operations === ANY ? ANY : new Set(operations),
      reason,
      ...(cause === undefined ? {} : { cause }),
    })
  }

  /** Runs and failures of every pair that ran or failed. */
  tallies(failures: readonly ContractFailure[]): CheckTally[] {
    return this.rows(failures, () => '')
      .filter((row) => row.runs > 0 || row.failures > 0)
      .map(({ operation, check, runs, failures: failed }) => ({ operation, check, runs, failures: failed }))
  }

  /**
   * Every pair that was promised, ran or failed, with its state. `explain` says why a promised
   * pair that nothing blocked, skipped or noted still never ran.
   */
  rows(
    failures: readonly ContractFailure[],
    explain: (operation: OperationLabel, check: CheckName) => string,
  ): CoverageRow[] {
    const failed = new Map<string, number>()
    for (const failure of failures) {
      const key = keyOf(failure)
      failed.set(key, (failed.get(key) ?? 0) + 1)
    }
    const pairs = new Map([...this.pairs, ...failures.map((failure): [string, Pair] => [keyOf(failure), failure])])
    return [...pairs]
      .map(([key, pair]) => this.row(pair, this.runs.get(key) ?? 0, failed.get(key) ?? 0, explain))
      .sort((a, b) => byOperation(a.operation, b.operation) || a.check.localeCompare(b.check))
  }

  /** What became of one pair: failed, passed, skipped by an option, or not exercised (blocked, or as `explain` says). */
  private row(
    { operation, check }: Pair,
    runs: number,
    failures: number,
    explain: (operation: OperationLabel, check: CheckName) => string,
  ): CoverageRow {
    if (failures > 0) return { operation, check, state: 'failed', runs, failures }
    if (runs > 0) return { operation, check, state: 'passed', runs, failures }
    const skip = this.skips.find(
      (s) => (s.operation === ANY || s.operation === operation) && (s.check === ANY || s.check === check),
    )
    if (skip) return { operation, check, state: 'skipped', runs, failures, reason: skip.reason }
    const block = this.blocks.find((b) => b.operations === ANY || b.operations.has(operation))
    const said = block ?? this.notes.get(keyOf({ operation, check }))
    return {
      operation,
      check,
      state: 'not_exercised',
      runs,
      failures,
      reason: said?.reason ?? explain(operation, check),
      ...(said?.cause === undefined ? {} : { cause: said.cause }),
    }
  }

  /** Remembers a pair; its key. */
  private pair(pair: Pair): string {
    const key = keyOf(pair)
    if (!this.pairs.has(key)) this.pairs.set(key, { operation: pair.operation, check: pair.check })
    return key
  }
}

/** Orders operations by path, then method: `GET /user` before `PATCH /user` before `GET /user/balance`. */
export function byOperation(a: string, b: string): number {
  const [methodA = '', pathA = ''] = a.split(' ')
  const [methodB = '', pathB = ''] = b.split(' ')
  return pathA.localeCompare(pathB) || methodA.localeCompare(methodB)
}
