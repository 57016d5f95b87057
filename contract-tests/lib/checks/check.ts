import type { ControlPlane } from '../client/control-plane.js'
import type { Exchange } from '../client/exchange.js'
import type { ApiRequest, ContractClient } from '../client/http-client.js'
import type { ContractDocument, DocumentedOperation, OperationLabel } from '../document/document.js'
import type { Profile } from '../document/profiles.js'
import type { SchemaValidator } from '../document/schema-validator.js'
import { isSpecOperation } from '../document/spec-facts.js'
import type { CheckName } from './check-names.js'
import type { ConditionalKnockOn, FailureKind, MemberDifference } from './contract-failure.js'

/** What the run knows that checks and flows share. */
export interface RunState {
  runId: string
  /** Marks everything the run creates, e.g. `[contract 1a2b3c]`. */
  titlePrefix: string
  /** An advert of the second key's account, for foreign-reference probes. */
  foreignAdvertId?: number
  /** The last body each operation accepted (2xx), by operation label. */
  acceptedBodies: Map<string, unknown>
  /** Every exchange of the run, in order. */
  history: Exchange[]
  /**
   * What the run deleted (a DELETE answered 2xx), as `account path` (`primary /campaigns/12`),
   * with the position of that DELETE in the history: list judgements leave such items to
   * deleted_resource_unlisted, wherever a deployment still lists them.
   */
  deleted: Map<string, number>
  notes: string[]
  /** The primary key after a reset (only with consent on a live deployment). */
  rotatedApiKey?: string
}

/** What the run's options allow: a check or flow that needs more is skipped by option. */
export interface RunSettings {
  allowDestructive: boolean
  /** Whether a second key exists (given, or created through the control plane). */
  hasSecondKey: boolean
  /** CONTRACT_RATE_LIMIT: spend the key's quota to see a 429. */
  spendQuota: boolean
  /** Most requests the run may send, cleanup excepted. */
  maxRequests: number
  /** Whether CONTRACT_MAX_REQUESTS (maxRequests) was given rather than defaulted. */
  maxRequestsGiven: boolean
  /** The longest wait the run accepts (Retry-After, a spent window), in seconds: its time budget for one wait. */
  maxWaitSeconds: number
}

/** Everything the run gives every check and flow, whichever it is. */
export interface RunContext {
  document: ContractDocument
  validator: SchemaValidator
  /** What checks read of the client: where it sends, with which keys, how many requests so far. */
  client: Pick<ContractClient, 'baseUrl' | 'keys' | 'requests' | 'onTheWire' | 'sendRaw'>
  state: RunState
  settings: RunSettings
  /**
   * Sends a request and has what came back judged (each 429 waited out, then the answer: the
   * response checks, and the probing ones when it is primary) before handing the answer back.
   * Every request of a check or flow goes through here, so every answer is judged.
   */
  send(request: ApiRequest): Promise<Exchange>
  /** True the first time a key is seen: probing checks use it to probe each operation once. */
  once(key: string): boolean
  /** Hands an exchange to the probing checks as if it were primary (for a request the run chose not to send). */
  probe(exchange: Exchange): Promise<void>
  /** Records that an option left a check out: `*` for every operation or check still without a run. */
  skip(operation: OperationLabel | '*', check: CheckName | '*', reason: string): void
  /** Whether a check is switched on (CONTRACT_CHECKS, CONTRACT_SKIP_CHECKS). */
  enabled(check: CheckName): boolean
  /** The mock's control plane; never on a live run. */
  controlPlane?: ControlPlane
  /** Waits for the server's rate-limit window (the mock's clock, or a real sleep that the run announces). */
  wait(seconds: number, why: string): Promise<void>
}

/** What a failure says besides its title; the check, and by default the exchange and profile, come from the context. */
export interface FailureDetail {
  received: string
  documented: string
  /** The exchange it shows (default: the one being judged). */
  exchange?: Exchange
  /** The profile whose claim failed (default: the lowest one the check claims under). */
  profile?: Profile
  /** The operation it is counted on (default: the exchange's). */
  operation?: OperationLabel
  /** What makes two failures the same difference (default: the title). */
  rootCause?: string
  /** A flow's judgement reported under another check's name (the list checks the campaign flow judges). */
  check?: CheckName
  /** Which part of the root cause it shows, and the title of a finding that lists several (see ContractFailure). */
  facet?: string
  facetsTitle?: string
  /** A knock-on effect of the root cause: said beside it, not as a finding of its own. */
  knockOn?: string
  /** A cause it is a knock-on of whenever the run shows that cause, before or after (see ContractFailure). */
  knockOnOf?: ConditionalKnockOn
  /** A difference from the document or a defect of consistency (default: what the check reported under finds). */
  kind?: FailureKind
  /** The request it showed in, when that is no documented operation (default: such an exchange's label, when `operation` names another). */
  where?: string
  /** The schema member it is about (an undocumented or missing one), for telling one answered under another name. */
  member?: MemberDifference
}

/**
 * The context one check or flow runs with, bound to it: it reports through `fail` (the check's
 * name and the exchange are filled in), counts its runs through `ran`, and keeps per-run memory in `local`.
 */
export interface CheckContext extends RunContext {
  /** The name it is registered under. */
  readonly check: CheckName
  /** Whether the run asserts this profile's claims (for a check that claims under more than one). */
  asserts(profile: Profile): boolean
  /** Keeps a failure ("Received / Documented") and goes on; dropped when its profile or check is off. */
  fail(title: string, detail: FailureDetail): void
  /** Counts one judgement on an operation (by default under the check's own name). */
  ran(operation: OperationLabel, check?: CheckName): void
  /**
   * Says why it could not judge what it looked at (by default on the exchange's operation, under
   * its own name): the reason the report gives if the check never judges that operation at all.
   * `because`: the cause (a failure's rootCause) that kept it from reading what it judges; the
   * report then says "because of finding N" when that cause is a finding.
   */
  unjudged(reason: string, operation?: OperationLabel, check?: CheckName, because?: string): void
  /** Memory of this check for the whole run, made by `init` on first use. */
  local<T>(init: () => T): T
}

/** On which operations a check promises something, for each profile it claims under: the pairs a run must exercise. */
export type Claims = Partial<Record<Profile, (operation: DocumentedOperation, document: ContractDocument) => boolean>>

/** A response check says `false` when the exchange gave it nothing to judge; anything else counts as a run. */
export type Judged = boolean | void

/** What every registered check and flow states once: what it asserts, under which profiles, and what it needs. */
interface Registered {
  description: string
  claims: Claims
  /** What its failures are, unless one says otherwise: differences from the document (the default) or defects of consistency. */
  finds?: FailureKind
  /** Why the run's options leave it out, if they do: it is then skipped by option wherever it has no run. */
  skippedBy?(settings: RunSettings): string | undefined
}

/**
 * A check, registered under the name of the property it asserts (registry.ts). Response checks
 * judge every exchange; probing checks are also handed each primary exchange and may send
 * follow-up requests (which the response checks judge in turn). It reports with `ctx.fail`.
 */
export interface Check extends Registered {
  kind: 'response' | 'probe'
  run(ctx: CheckContext, exchange: Exchange): Judged | Promise<Judged>
  /**
   * After the flows: judges what they did not reach (ignored_auth's sweep of the remaining
   * operations). `judge` runs one judgement on an operation, counted and recorded like any other.
   */
  afterFlows?(
    ctx: RunContext,
    judge: (operation: OperationLabel, body: (ctx: CheckContext) => Promise<unknown>) => Promise<void>,
  ): Promise<void>
}

/**
 * A domain flow: a sequence of primary requests with its own assertions. `operations` are the
 * ones it visits, in order: when it stops early, the ones it did not reach are what it could not exercise.
 */
export interface Flow extends Registered {
  kind: 'flow'
  operations: readonly OperationLabel[]
  run(ctx: CheckContext): Promise<void>
}

/** A flow cannot go on: what it has not reached yet is not exercised, for this reason. */
export class FlowStopped extends Error {
  override readonly name = 'FlowStopped'
  constructor(
    readonly reason: string,
    readonly unreached: readonly OperationLabel[],
    /** The cause (a failure's rootCause) that stopped it, when a finding explains it. */
    readonly because?: string,
  ) {
    super(reason)
  }
}

/** The documented operation an exchange reached. */
export function operationOf(ctx: RunContext, exchange: Exchange): DocumentedOperation | undefined {
  return exchange.operation ? ctx.document.get(exchange.operation) : undefined
}

/** The suffix of the label of a request that reached no documented operation. */
export const UNDOCUMENTED = ' (undocumented)'

/**
 * The operation an exchange reached, or its method and path (the template it matched, when one
 * did: `PUT /adverts/{id} (undocumented)`) marked undocumented.
 */
export function labelOf(exchange: Exchange): OperationLabel {
  return (
    exchange.operation ??
    `${exchange.route ?? `${exchange.request.method} ${new URL(exchange.request.url).pathname}`}${UNDOCUMENTED}`
  )
}

/** Every operation (a claim that holds everywhere). */
export const everyOperation = (): boolean => true

/** The spec's two operations (the claims `spec` makes on them alone). */
export const specOperations = (operation: DocumentedOperation): boolean => isSpecOperation(operation.label)

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
