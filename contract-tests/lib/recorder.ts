import { FlowStopped } from './check.js'
import { Coverage } from './coverage.js'
import { RequestBudgetExhausted } from './http-client.js'
import { ContractFailure, ContractFailureGroup, type CheckName, type OperationLabel, type Profile } from './types.js'

/** Collects what checks and flows raise: failures (with the coverage they add up to), and everything else as errors. */
export interface Recorder {
  readonly failures: ContractFailure[]
  readonly errors: string[]
  readonly coverage: Coverage
  /**
   * Runs a check or flow; a failure it raises is kept (when its profile is selected and its
   * check on), a stopped flow or a spent budget is handed back, anything else is kept as an
   * error. Counts a run of `check` on `operation` when `counted` says so (by default: when it
   * raised a failure, or returned anything but `false`). Returns what was thrown, if anything.
   */
  run(check: CheckName, operation: OperationLabel, body: () => unknown, counted?: (result: unknown, raised: boolean) => boolean): Promise<unknown>
  /** Keeps a failure raised outside `run` (a flow's soft assertion). */
  keep(failure: ContractFailure): void
}

/** Creates the run's recorder. */
export function createRecorder(profiles: ReadonlySet<Profile>, enabled: (check: CheckName) => boolean = () => true): Recorder {
  const failures: ContractFailure[] = []
  const errors: string[] = []
  const coverage = new Coverage()
  const keep = (failure: ContractFailure) => {
    if (profiles.has(failure.profile) && enabled(failure.check)) failures.push(failure)
  }
  return {
    failures,
    errors,
    coverage,
    keep,
    async run(check, operation, body, counted = (result, raised) => raised || result !== false) {
      let thrown: unknown
      let result: unknown
      try {
        result = await body()
      } catch (error) {
        thrown = error
      }
      const raised = thrown instanceof ContractFailureGroup ? [...thrown.failures] : thrown instanceof ContractFailure ? [thrown] : []
      if (!enabled(check)) return thrown
      raised.forEach(keep)
      const handedBack = thrown instanceof RequestBudgetExhausted || thrown instanceof FlowStopped
      if (thrown !== undefined && raised.length === 0 && !handedBack) {
        errors.push(`${check} (${operation}) stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`)
      }
      if ((thrown === undefined || raised.length > 0) && counted(result, raised.length > 0)) coverage.ran(operation, check)
      return thrown
    },
  }
}
