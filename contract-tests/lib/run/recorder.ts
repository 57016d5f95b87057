import type { CheckName } from '../checks/check-names.js'
import type { FailureKind } from '../checks/contract-failure.js'
import {
  FlowStopped,
  labelOf,
  type CheckContext,
  type Claims,
  type FailureDetail,
  type RunContext,
} from '../checks/check.js'
import { contractFailure, type ContractFailure } from '../checks/contract-failure.js'
import type { Exchange } from '../client/exchange.js'
import { maskKey } from '../client/fetch-error.js'
import { RequestBudgetExhausted } from '../client/http-client.js'
import type { OperationLabel } from '../document/document.js'
import { PROFILES, type Profile } from '../document/profiles.js'
import { Coverage } from './coverage.js'

/** Collects what checks and flows report: failures (with the coverage they add up to), and everything else as errors. */
export interface Recorder {
  readonly failures: ContractFailure[]
  readonly errors: string[]
  readonly coverage: Coverage
  /**
   * Runs one judgement of a registered check or flow with a context bound to it: what it reports
   * through `ctx.fail` is kept (when its profile is selected and its check on), a stopped flow or
   * a spent budget is handed back, anything else it throws is kept as an error. Counts a run of
   * `name` on `operation` when `counted` says so (by default: when it failed, or returned anything
   * but `false`). Returns what was thrown, if anything.
   */
  runBound(
    run: RunContext,
    name: CheckName,
    operation: OperationLabel,
    body: (ctx: CheckContext) => unknown,
    options?: JudgeOptions,
  ): Promise<unknown>
}

export interface JudgeOptions {
  /** The exchange being judged: the default of every failure's exchange. */
  exchange?: Exchange
  counted?: (result: unknown, failed: boolean) => boolean
}

/** What the recorder reads of a registration: its claims, and what its failures are by default. */
export type Registered = (name: CheckName) => { claims: Claims; finds?: FailureKind }

/** Creates the run's recorder; `registered` gives the claims a name is registered with, and what it finds. */
export function createRecorder(
  profiles: ReadonlySet<Profile>,
  enabled: (check: CheckName) => boolean,
  registered: Registered,
): Recorder {
  const failures: ContractFailure[] = []
  const errors: string[] = []
  const coverage = new Coverage()
  const locals = new Map<string, unknown>()
  const keep = (failure: ContractFailure) => {
    if (profiles.has(failure.profile) && enabled(failure.check)) failures.push(failure)
  }

  function bind(run: RunContext, name: CheckName, exchange: Exchange | undefined): CheckContext & { failed: number } {
    const { claims } = registered(name)
    const lowest = PROFILES.find((profile) => claims[profile]) ?? 'contract'
    const ctx = {
      ...run,
      check: name,
      failed: 0,
      asserts: (profile: Profile) => profiles.has(profile),
      fail(title: string, detail: FailureDetail) {
        const kind = detail.kind ?? registered(detail.check ?? name).finds ?? 'difference'
        // What an answer echoed of a key (a user record's api_key) is shown masked, as requests are.
        const keys = [run.client.keys.primary, run.client.keys.second, run.state.rotatedApiKey]
        const masked = {
          ...detail,
          kind,
          received: maskKeys(detail.received, keys),
          documented: maskKeys(detail.documented, keys),
        }
        keep(failureOf(title, masked, { check: name, profile: lowest, exchange }))
        ctx.failed++
      },
      ran(operation: OperationLabel, check = name) {
        if (enabled(check)) coverage.ran(operation, check)
      },
      unjudged(reason: string, operation?: OperationLabel, check: CheckName = name, because?: string) {
        const where = operation ?? (exchange ? labelOf(exchange) : undefined)
        if (where && enabled(check)) coverage.note(where, check, reason, because)
      },
      local<T>(init: () => T): T {
        if (!locals.has(name)) locals.set(name, init())
        return locals.get(name) as T
      },
    }
    return ctx
  }

  return {
    failures,
    errors,
    coverage,
    async runBound(
      run,
      name,
      operation,
      body,
      { exchange, counted = (result: unknown, failed: boolean) => failed || result !== false } = {},
    ) {
      const ctx = bind(run, name, exchange)
      let thrown: unknown
      let result: unknown
      try {
        result = await body(ctx)
      } catch (error) {
        thrown = error
      }
      if (!enabled(name)) return thrown
      const handedBack = thrown instanceof RequestBudgetExhausted || thrown instanceof FlowStopped
      if (thrown !== undefined && !handedBack) {
        errors.push(`${name} (${operation}) stopped: ${thrown instanceof Error ? thrown.message : String(thrown)}`)
      }
      const failed = ctx.failed > 0
      if ((thrown === undefined || failed) && counted(result, failed)) coverage.ran(operation, name)
      return thrown
    },
  }
}

/** Text with every key of the run in it masked (`ik_fir…6789`). */
function maskKeys(text: string, keys: ReadonlyArray<string | undefined>): string {
  return keys.reduce<string>(
    (masked, key) => (key && key.length > 12 ? masked.split(key).join(maskKey(key)) : masked),
    text,
  )
}

/** A failure a bound context reports: what the detail does not say comes from the check, its lowest profile and the exchange judged. */
function failureOf(
  title: string,
  detail: FailureDetail,
  defaults: { check: CheckName; profile: Profile; exchange: Exchange | undefined },
): ContractFailure {
  const shown = detail.exchange ?? defaults.exchange
  const { facet, facetsTitle, knockOn, knockOnOf, member } = detail
  // Counted on an operation, shown by a request that reached none (a method the path lacks): the finding names the request.
  const where = detail.where ?? (shown && !shown.operation && detail.operation ? labelOf(shown) : undefined)
  return contractFailure({
    check: detail.check ?? defaults.check,
    profile: detail.profile ?? defaults.profile,
    operation: detail.operation ?? (shown ? labelOf(shown) : 'flows'),
    ...(where === undefined ? {} : { where }),
    ...(detail.kind === undefined ? {} : { kind: detail.kind }),
    title,
    received: detail.received,
    documented: detail.documented,
    request: shown?.request,
    rootCause: detail.rootCause,
    ...(facet === undefined ? {} : { facet }),
    ...(facetsTitle === undefined ? {} : { facetsTitle }),
    ...(knockOn === undefined ? {} : { knockOn }),
    ...(knockOnOf === undefined ? {} : { knockOnOf }),
    ...(member === undefined ? {} : { member }),
  })
}
