import { RequestBudgetExhausted } from './http-client.js'
import { ContractFailure, ContractFailureGroup, type CheckName, type OperationLabel, type Profile } from './types.js'

/** How often one check judged one operation, and how often it failed. */
export interface CheckTally {
  operation: OperationLabel
  check: CheckName
  runs: number
  failures: number
}

/** Collects what checks and flows raise: failures by check and operation, and everything else as errors. */
export interface Recorder {
  readonly failures: ContractFailure[]
  readonly errors: string[]
  /**
   * Runs a check or flow; a failure it raises is kept (when its profile is selected), an
   * unexpected error is kept as an error. Returns what was thrown, if anything.
   */
  run(check: CheckName, operation: OperationLabel, body: () => unknown, counted?: () => boolean): Promise<unknown>
  tallies(): CheckTally[]
}

/** Creates the run's recorder. */
export function createRecorder(profiles: ReadonlySet<Profile>, enabled: (check: CheckName) => boolean = () => true): Recorder {
  const failures: ContractFailure[] = []
  const errors: string[] = []
  const tallies = new Map<string, CheckTally>()
  return {
    failures,
    errors,
    async run(check, operation, body, counted = () => true) {
      let thrown: unknown
      try {
        await body()
      } catch (error) {
        thrown = error
      }
      const raised = thrown instanceof ContractFailureGroup ? [...thrown.failures] : thrown instanceof ContractFailure ? [thrown] : []
      if (!enabled(check)) return thrown
      const kept = raised.filter((failure) => profiles.has(failure.profile) && enabled(failure.check))
      failures.push(...kept)
      if (thrown !== undefined && raised.length === 0 && !(thrown instanceof RequestBudgetExhausted)) {
        errors.push(`${check} (${operation}) stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`)
      }
      if (thrown !== undefined || counted()) {
        const key = `${operation}\u0000${check}`
        const tally = tallies.get(key) ?? { operation, check, runs: 0, failures: 0 }
        tally.runs++
        tally.failures += kept.length
        tallies.set(key, tally)
      }
      return thrown
    },
    tallies: () => [...tallies.values()],
  }
}
