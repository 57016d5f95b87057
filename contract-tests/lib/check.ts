import type { ContractDocument, DocumentedOperation } from './document.js'
import type { ContractClient } from './http-client.js'
import type { SchemaValidator } from './schema-validator.js'
import { isSpecOperation } from './spec-facts.js'
import { ContractFailure, ContractFailureGroup, type CheckName, type Exchange, type OperationLabel, type Profile } from './types.js'

/** What the run knows that checks and flows share. */
export interface RunState {
  runId: string
  /** Marks everything the run creates, e.g. `[contract 1a2b3c]`. */
  titlePrefix: string
  allowDestructive: boolean
  /** Whether a second key exists (given, or created through the control plane). */
  hasSecondKey: boolean
  /** An advert of the second key's account, for foreign-reference probes. */
  foreignAdvertId?: number
  /** The last body each operation accepted (2xx), by operation label. */
  acceptedBodies: Map<string, unknown>
  /** Every exchange of the run, in order. */
  history: Exchange[]
  notes: string[]
  /** The primary key after a reset (only with consent on a live deployment). */
  rotatedApiKey?: string
}

/** Everything a check gets besides the exchange it judges. */
export interface CheckContext {
  document: ContractDocument
  validator: SchemaValidator
  client: ContractClient
  /** The profiles this run asserts. */
  profiles: ReadonlySet<Profile>
  state: RunState
  /** True the first time a key is seen: probing checks use it to probe each operation once. */
  once(key: string): boolean
  /** Hands an exchange to the probing checks as if it were primary (for a request the run chose not to send). */
  probe(exchange: Exchange): Promise<void>
  /** Counts one judgement of a check on an operation (checks that judge inside flows or for other operations). */
  ran(operation: OperationLabel, check: CheckName): void
  /** Keeps a failure without stopping the caller (when its profile is selected and its check on). */
  report(failure: ContractFailure): void
  /** Records that an option left a check out: `*` for every operation or check still without a run. */
  skip(operation: OperationLabel | '*', check: CheckName | '*', reason: string): void
  /** Whether a check is switched on (CONTRACT_CHECKS, CONTRACT_SKIP_CHECKS). */
  enabled(check: CheckName): boolean
}

/** Whether a check promises something about an operation under a profile: the pairs a run must exercise. */
export type Promises = (operation: DocumentedOperation, profile: Profile, document: ContractDocument) => boolean

/** A response check says `false` when the exchange gave it nothing to judge; anything else counts as a run. */
export type Judged = boolean | void

/**
 * A named check. Response checks judge every exchange; probing checks are also handed each
 * primary exchange and may send follow-up requests (which the response checks judge in turn).
 * Either kind raises a ContractFailure (or a ContractFailureGroup) when the property does not hold.
 */
export interface Check {
  name: CheckName
  /** Profiles whose claims it asserts; it runs when any of them is selected. */
  profiles: readonly Profile[]
  kind: 'response' | 'probe'
  description: string
  promises: Promises
  run(ctx: CheckContext, exchange: Exchange): Judged | Promise<Judged>
}

/**
 * A domain flow: a sequence of primary requests with its own assertions, reported under its name.
 * `operations` are the ones it visits, in order: when it stops early, the ones it did not reach
 * are what it could not exercise.
 */
export interface Flow {
  name: CheckName
  profiles: readonly Profile[]
  description: string
  promises: Promises
  operations: readonly OperationLabel[]
  run(ctx: CheckContext): Promise<void>
}

/** A flow cannot go on: what it has not reached yet is not exercised, for this reason. */
export class FlowStopped extends Error {
  override readonly name = 'FlowStopped'
  constructor(
    readonly reason: string,
    readonly unreached: readonly OperationLabel[],
  ) {
    super(reason)
  }
}

/** The documented operation an exchange reached. */
export function operationOf(ctx: CheckContext, exchange: Exchange): DocumentedOperation | undefined {
  return exchange.operation ? ctx.document.get(exchange.operation) : undefined
}

/** Builds the failure for an exchange: the operation and the request come from it; `rootCause` defaults to the title. */
export function failureFor(
  check: CheckName,
  profile: Profile,
  exchange: Exchange,
  title: string,
  received: string,
  documented: string,
  rootCause?: string,
): ContractFailure {
  return new ContractFailure(check, profile, labelOf(exchange), title, received, documented, exchange.request, rootCause)
}

/** The operation an exchange reached, or its method and path marked undocumented. */
export function labelOf(exchange: Exchange): OperationLabel {
  return exchange.operation ?? `${exchange.request.method} ${new URL(exchange.request.url).pathname} (undocumented)`
}

/** Every operation (a `Promises` for checks that hold everywhere). */
export const everyOperation: Promises = () => true

/** The spec's two operations under `spec`, every operation under `contract`. */
export const specOperationsOrAll: Promises = (operation, profile) => profile !== 'spec' || isSpecOperation(operation.label)

/** Raises what a check found: nothing, the one failure, or all of them as a group. */
export function throwFailures(failures: readonly ContractFailure[]): void {
  if (failures.length === 1) throw failures[0]
  if (failures.length > 1) throw new ContractFailureGroup(failures)
}

/** A short, single-line rendering of a value for "Received: …". */
export function preview(value: unknown, max = 240): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** `403 {"success":false,…}`: a response in one line. */
export function describeResponse(exchange: Exchange): string {
  const { status, text, headers } = exchange.response
  const type = headers['content-type'] ? ` (${headers['content-type']})` : ''
  const body = text.trim().replace(/\s+/g, ' ')
  return `${status}${type} ${body ? (body.length > 200 ? `${body.slice(0, 200)}…` : body) : '(empty body)'}`
}

/** The data of a success envelope, when there is one. */
export function dataOf(exchange: Exchange): Record<string, unknown> | undefined {
  const data = (exchange.response.json as { data?: unknown } | undefined)?.data
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined
}

/** Whether a status is a success. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}
