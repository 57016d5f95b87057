import type { Exchange } from '../client/exchange.js'
import type { CheckContext } from './check.js'
import { readErrorBody } from './error-body.js'

/** The families of rate-limit headers (headerFamily): one choice of the deployment's. */
const RATE_LIMIT_FAMILIES: ReadonlySet<string> = new Set(['x-ratelimit', 'ratelimit'])

/**
 * The keys of causes: what a deployment did, whichever check saw it. Failures with one key are
 * one finding (ContractFailure.rootCause): the check that provoked the answer gives its example,
 * the others that tripped over the same cause are its knock-ons. A key names the deployment's
 * choice or defect, never the check:
 * - `status 204`: an answer's status where the document gives another (a 204 delete);
 * - `error 400 VALIDATION_ERROR`: a kind of error, by the status and code it is answered with;
 * - `members Error extra`: a schema's undocumented members, `members Campaign missing` its missing
 *   ones, `members Campaign missing (delete)` those a DELETE's answer lacks (a receipt such as
 *   `{id, deleted}`: a choice apart from what the other answers lack); `member the object {…}
 *   pagination`: one member answered under another name (the paging object's key, the problem list's);
 * - `bound cpm maximum narrower`: a bound, and which way the deployment's lies (narrower, wider,
 *   or values beyond it clamped);
 * - `enum broadcasting_type`: an enum's values.
 */
export const causeKey = {
  status: (status: number) => `status ${status}`,
  error: (status: number, code: string | undefined) => `error ${status} ${code ?? '(no code)'}`,
  /** A schema's extra or missing members; `within`: the kind of answer, where one shows a cause of its own (a delete's receipt). */
  members: (schema: string, side: 'extra' | 'missing', within?: 'delete') =>
    `members ${schema} ${side}${within ? ` (${within})` : ''}`,
  renamed: (schema: string, member: string) => `member ${schema} ${member}`,
  bound: (field: string, bound: string, way: 'narrower' | 'wider' | 'clamped') => `bound ${field} ${bound} ${way}`,
  enum: (field: string) => `enum ${field}`,
  /** The body of every error in another shape than the document's (problem details, an `errors` array, a message): one choice. */
  errorShape: 'error shape',
  /** Timestamps in another form than the document's (an offset, no `Z`): one choice, whatever field shows it. */
  stamps: 'stamp format',
  /** A query parameter the deployment does not check, or does not have (it pages by another name). */
  unchecked: (parameter: string) => `param ${parameter} unchecked`,
  /**
   * Documented headers an answer lacks, by family: the rate-limit families (`x-ratelimit`,
   * `ratelimit`) are one choice of the deployment however many of them an answer lacks (Laravel's
   * X-RateLimit-Reset on a 429 only, no RateLimit: one cause, not one per answer's set); any other by its name.
   */
  headers: (families: readonly string[]) =>
    `headers missing ${[...new Set(families.map((family) => (RATE_LIMIT_FAMILIES.has(family) ? 'rate-limit' : family)))].sort().join(' ')}`,
} as const

/** The family a header belongs to: the X-RateLimit-* headers, the IETF RateLimit pair, else the header itself. */
export function headerFamily(name: string): string {
  const lower = name.toLowerCase()
  if (lower.startsWith('x-ratelimit-')) return 'x-ratelimit'
  if (lower === 'ratelimit' || lower.startsWith('ratelimit-')) return 'ratelimit'
  return lower
}

/** The cause of an error answer: its status and the code its body carries, wherever the body keeps it. */
export function errorCauseOf(exchange: Exchange): string {
  return causeKey.error(exchange.response.status, readErrorBody(exchange.response.json).code)
}

/** The cause of an answer whose status the document does not give: an error's kind, or the status itself. */
export function statusCauseOf(exchange: Exchange): string {
  const { status } = exchange.response
  return status >= 400 ? errorCauseOf(exchange) : causeKey.status(status)
}

/** A field's name without the wrapper and the path it sits in: `cpm` for `campaign.cpm` or `/campaign/cpm`. */
export function leafOf(field: string): string {
  return (
    field
      .split(/[./[\]#]+/)
      .filter(Boolean)
      .pop() ?? field
  )
}

/**
 * What a refusal of valid input says of the deployment, whoever met it (positive_data_acceptance's
 * probe, or a flow): its enum has other values, or its bound lies nearer than the document's.
 * @example refusalCause('campaign.broadcasting_type', 'enum_value') // 'enum broadcasting_type'
 */
export function refusalCause(field: string, kind: 'maximum' | 'max_length' | 'enum_value'): string {
  const leaf = leafOf(field)
  if (kind === 'enum_value') return causeKey.enum(leaf)
  return causeKey.bound(leaf, kind === 'maximum' ? 'maximum' : 'maxLength', 'narrower')
}

/**
 * The rate-limit header families an answer lacks in part or whole (`x-ratelimit`: Limit, Remaining
 * and Reset; `ratelimit`: the IETF pair): what response_headers_conformance reports it under, for a
 * check that found nothing to read there to say so.
 */
export function missingFamilies(headers: Record<string, string>): string[] {
  const x = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].some(
    (name) => headers[name] === undefined,
  )
  const ietf = headers.ratelimit === undefined || headers['ratelimit-policy'] === undefined
  return [...(x ? ['x-ratelimit'] : []), ...(ietf ? ['ratelimit'] : [])]
}

/** Says, for a rate-limit header check, that an answer had none of what it reads: because of the families it lacks. */
export function unread(ctx: CheckContext, headers: Record<string, string>): void {
  const families = missingFamilies(headers)
  if (families.length > 0)
    ctx.unjudged(
      'the answers carry none of the rate-limit headers it reads',
      undefined,
      undefined,
      causeKey.headers(families),
    )
}
