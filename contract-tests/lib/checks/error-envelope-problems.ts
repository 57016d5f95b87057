import type { ContractDocument } from '../document/document.js'
import { memberText, memberValue, type EnvelopeMember, type ErrorEnvelope } from '../document/error-envelope.js'
import { isRecord } from '../document/schema-reading.js'
import { causeKey } from './causes.js'
import { membersCauseAt } from './schema-findings.js'

/** One way an error answer's body is not the body the document gives it, and its cause (undefined: its title). */
export interface EnvelopeProblem {
  title: string
  rootCause?: string
}

/**
 * How an error body differs from the one the document gives its status (error-envelope.ts), the
 * first that shows: not an object; `success` other than documented (or there where the document
 * has none); its code or message missing where the document puts them; another required member
 * missing; then, besides, `data` where the document has none. Empty when it is the documented body.
 * @example envelopeProblems(document, { pointer: '#/components/responses/Unauthorized/content/application~1json/schema', mediaTypes: ['application/json'], exact: true, members: ['success', 'error'], required: ['success', 'error'], success: { value: false } }, 401, {})[0]?.title // 'success is missing on a 401'
 */
export function envelopeProblems(
  document: ContractDocument,
  envelope: ErrorEnvelope,
  status: number,
  json: unknown,
): EnvelopeProblem[] {
  if (!isRecord(json)) return [{ title: 'Error body is not a JSON object' }]
  const first = shapeProblem(document, envelope, status, json)
  if (first) return [first]
  if ('data' in json && !envelope.members.includes('data'))
    return [{ title: 'An error also carries data', rootCause: causeKey.errorShape }]
  return []
}

/** Whether an error body is an error envelope at all: an object, with `success` as documented and the object the Error schema describes. */
export function isEnvelope(envelope: ErrorEnvelope, json: unknown): boolean {
  if (!isRecord(json) || successProblem(envelope, 0, json)) return false
  return envelope.errorAt === undefined || isRecord(memberValue(json, envelope.errorAt))
}

function shapeProblem(
  document: ContractDocument,
  envelope: ErrorEnvelope,
  status: number,
  json: Record<string, unknown>,
): EnvelopeProblem | undefined {
  const success = successProblem(envelope, status, json)
  if (success) return { title: success, rootCause: causeKey.errorShape }
  const members = [envelope.code, envelope.message].filter((m): m is EnvelopeMember => m?.required === true)
  if (members.some((member) => !fits(member, memberValue(json, member.path)))) {
    // The members of the object that holds them are that object's schema's (response_schema_conformance's cause).
    const [holder] = members[0]!.path
    const within = members[0]!.path.length === 2 && isRecord(json[holder!])
    return {
      title: `${members.map((member) => memberText(member.path)).join(' or ')} is missing`,
      rootCause: within ? membersCauseAt(document, envelope.pointer, holder) : causeKey.errorShape,
    }
  }
  const lacking = envelope.required.filter((name) => name !== 'success' && !(name in json))
  if (lacking.length > 0) return { title: `The error body lacks ${lacking.join(', ')}`, rootCause: causeKey.errorShape }
  return undefined
}

/** What is wrong with `success`: other than the value the document pins, or there where the document has none. */
function successProblem(envelope: ErrorEnvelope, status: number, json: Record<string, unknown>): string | undefined {
  const received = JSON.stringify(json.success) ?? 'missing'
  if (!envelope.success)
    return 'success' in json ? `success is ${received} on a ${status}, where none is documented` : undefined
  const expected = 'value' in envelope.success ? envelope.success.value : false
  return json.success === expected ? undefined : `success is ${received} on a ${status}`
}

/** Whether a value is of a type the member's schema allows. */
function fits(member: EnvelopeMember, value: unknown): boolean {
  if (value === undefined || value === null) return false
  const type = typeof value
  return member.types.has(type) || (type === 'number' && member.types.has('integer'))
}
