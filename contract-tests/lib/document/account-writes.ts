import type { ContractDocument, DocumentedOperation } from './document.js'
import type { NegativeCase } from './negative-data.js'

/**
 * Whether an operation writes the account itself rather than a resource the run makes: a write
 * to a path with no id that creates nothing (no `GET <path>/{id}` reads what it would make):
 * `PATCH /user`, the key reset. A live account's own data: no probe of it may be accepted
 * without CONTRACT_ALLOW_DESTRUCTIVE (see safeOnAccount).
 * @example isAccountWrite(document, document.get('PATCH /user')!) // true
 */
export function isAccountWrite(document: ContractDocument, operation: DocumentedOperation): boolean {
  if (['get', 'head', 'options'].includes(operation.method) || operation.path.includes('{')) return false
  return !document.operations.some((other) => other.method === 'get' && other.path.startsWith(`${operation.path}/{`))
}

/** The kinds of invalid input whose body carries nothing but the value broken (or no field at all). */
const CARRY_NOTHING_ELSE = new Set(['wrong_type', 'bad_format', 'wrapper_not_object'])

/**
 * Whether a probe of an account write may be sent without consent: the spec itself requires its
 * refusal (section 4.2: the e-mail's type and format, the `user` wrapper), and its body carries
 * nothing a deployment could act on besides that value: no unknown field, no other value than the
 * one the account holds. Anything else (an unknown field, which a deployment may ignore or apply;
 * a bound our document alone sets) could be accepted by a deployment that keeps the spec, and
 * change the account.
 * @example const sendable = safeOnAccount(a) // true for an e-mail of the wrong type, false for an unknown field
 */
export function safeOnAccount(negative: NegativeCase): boolean {
  return negative.profile === 'spec' && CARRY_NOTHING_ELSE.has(negative.kind)
}
