import type { SentRequest } from '../client/exchange.js'
import type { OperationLabel } from '../document/document.js'
import type { Profile } from '../document/profiles.js'

/**
 * What a failing check raises: the operation, a title and "Received: … / Documented: …". Its
 * `rootCause` (the title unless the check says otherwise) says which failures are the same
 * difference seen again: the report shows them as one finding.
 */
export class ContractFailure extends Error {
  override readonly name = 'ContractFailure'
  readonly rootCause: string
  constructor(
    /** The name of the check (or flow) it is registered under. */
    readonly check: string,
    readonly profile: Profile,
    readonly operation: OperationLabel,
    readonly title: string,
    readonly received: string,
    readonly documented: string,
    readonly request?: SentRequest,
    rootCause?: string,
  ) {
    super(`${check} on ${operation}: ${title}\nReceived: ${received}\nDocumented: ${documented}`)
    this.rootCause = rootCause ?? title
  }
}
