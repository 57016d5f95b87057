import type { ContractDocument, DocumentedOperation } from './document.js'
import type { ContractClient } from './http-client.js'
import type { SchemaValidator } from './schema-validator.js'
import { ContractFailure, ContractFailureGroup, type CheckName, type Exchange, type Profile } from './types.js'

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
}

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
  run(ctx: CheckContext, exchange: Exchange): void | Promise<void>
}

/** A domain flow: a sequence of primary requests with its own assertions, reported under its name. */
export interface Flow {
  name: CheckName
  profiles: readonly Profile[]
  description: string
  run(ctx: CheckContext): Promise<void>
}

/** The documented operation an exchange reached. */
export function operationOf(ctx: CheckContext, exchange: Exchange): DocumentedOperation | undefined {
  return exchange.operation ? ctx.document.get(exchange.operation) : undefined
}

/** Builds the failure for an exchange: the operation and the request come from it. */
export function failureFor(
  check: CheckName,
  profile: Profile,
  exchange: Exchange,
  title: string,
  received: string,
  documented: string,
): ContractFailure {
  const operation = exchange.operation ?? `${exchange.request.method} ${new URL(exchange.request.url).pathname} (undocumented)`
  return new ContractFailure(check, profile, operation, title, received, documented, exchange.request)
}

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
