import type { SentRequest } from '../client/exchange.js'
import type { OperationLabel } from '../document/document.js'
import type { Profile } from '../document/profiles.js'
import type { CheckName } from './check-names.js'

/**
 * What a failing check reports, as schemathesis's typed failures do: the check, the operation, a
 * title and "Received: … / Documented: …". Its `rootCause` (the title unless the check says
 * otherwise) says which failures are the same difference seen again: the report shows them as one
 * finding. A value the run keeps, never thrown: the check goes on.
 */
export interface ContractFailure {
  /** The name of the check (or flow) it is registered under. */
  readonly check: CheckName
  /** The profile whose claim failed. */
  readonly profile: Profile
  readonly operation: OperationLabel
  readonly title: string
  /** What the deployment did. */
  readonly received: string
  /** What the contract states. */
  readonly documented: string
  /** The request that showed it; none for a flow's own verdict. */
  readonly request?: SentRequest
  readonly rootCause: string
  /**
   * Which part of its root cause it shows, when one finding lists several (each undocumented
   * property of one schema): the finding names every facet, with the operations it showed on.
   */
  readonly facet?: string
  /** The finding's title when it lists more than one facet, the facets following it: `Undocumented properties of Advert:`. */
  readonly facetsTitle?: string
  /**
   * Set on a knock-on effect of the root cause (a toggle changing an undocumented field, an
   * unsupported method answered with the same unknown error code): what it did, said beside the
   * cause rather than as a finding of its own.
   */
  readonly knockOn?: string
  /** The failure in three lines: `check on operation: title`, `Received: …`, `Documented: …`. */
  readonly message: string
}

/** The named fields a failure is made of; `rootCause` defaults to the title. */
export type FailureFields = Omit<ContractFailure, 'rootCause' | 'message'> & { rootCause?: string }

/**
 * A failure from its named fields.
 * @example contractFailure({ check: 'status_code_conformance', profile: 'contract', operation: 'DELETE /adverts/{id}', title: 'Undocumented status 204', received: '204 (empty body)', documented: '200, 404' })
 */
export function contractFailure({ rootCause, ...fields }: FailureFields): ContractFailure {
  const { check, operation, title, received, documented } = fields
  return {
    ...fields,
    rootCause: rootCause ?? title,
    message: `${check} on ${operation}: ${title}\nReceived: ${received}\nDocumented: ${documented}`,
  }
}
