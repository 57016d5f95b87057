import type { SentRequest } from '../client/exchange.js'
import type { OperationLabel } from '../document/document.js'
import type { Profile } from '../document/profiles.js'
import type { CheckName } from './check-names.js'

/**
 * What a finding is, beyond its profile: a difference from the document (a choice where the spec
 * is silent, which a twin's document could state) or a defect of consistency (the deployment
 * contradicts itself, its state, its rules or its limits, whatever a document says). A failure
 * under the `spec` profile is a spec violation, whichever it is.
 */
export const FAILURE_KINDS = ['difference', 'defect'] as const
export type FailureKind = (typeof FAILURE_KINDS)[number]

/**
 * What a failing check reports, as schemathesis's typed failures do: the check, the operation, a
 * title and "Received: … / Documented: …". Its `rootCause` (the check and the title unless the check says
 * otherwise) names what the deployment did, whichever check saw it (see causes.ts): the report shows
 * the failures of one cause as one finding. A value the run keeps, never thrown: the check goes on.
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
  /** A difference from the document, or a defect of consistency (see FailureKind). */
  readonly kind: FailureKind
  /**
   * The request it showed in, when that is no documented operation (`PUT /adverts/{id}`, a method
   * the path lacks): the finding names it among requests, while `operation` is where the check counts it.
   */
  readonly where?: string
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
  /**
   * For a schema's undocumented or missing member: which schema, which member, and the shape of
   * its value (answered, or documented), by which a member answered under another name is told.
   */
  readonly member?: MemberDifference
  /**
   * A cause it is a knock-on of whenever the run shows that cause, whichever check saw it and
   * whether before or after (a page size not honoured where the parameter is not checked at all):
   * the report groups it under that cause, `says` being its knock-on; else its own rootCause stands.
   */
  readonly knockOnOf?: ConditionalKnockOn
  /** The cause it was reported under, when the report found its member answered under another name (member-causes.ts), or attached it to another cause (knockOnOf). */
  readonly aka?: string
  /** The failure in three lines: `check on operation: title`, `Received: …`, `Documented: …`. */
  readonly message: string
}

/** A cause a failure is a knock-on of, if the run shows it, and what the failure says beside it then. */
export interface ConditionalKnockOn {
  cause: string
  says: string
}

/** A member a schema's answer lacks or adds, and the shape of its value: `object` with its keys, `array` of what, or a JSON type. */
export interface MemberDifference {
  /** The schema as the report names it (`Advert`, `the object {success, data, pagination}`). */
  schema: string
  name: string
  side: 'extra' | 'missing'
  shape: { type: string; keys: string[] }
}

/** The named fields a failure is made of; `rootCause` defaults to the check and the title, `kind` to a difference. */
export type FailureFields = Omit<ContractFailure, 'rootCause' | 'message' | 'kind'> & {
  rootCause?: string
  kind?: FailureKind
}

/**
 * A failure from its named fields.
 * @example contractFailure({ check: 'status_code_conformance', profile: 'contract', operation: 'DELETE /adverts/{id}', title: 'Undocumented status 204', received: '204 (empty body)', documented: '200, 404' })
 */
export function contractFailure({ rootCause, kind = 'difference', ...fields }: FailureFields): ContractFailure {
  const { check, operation, title, received, documented } = fields
  return {
    ...fields,
    // Without a cause of its own, a failure is one difference per check and title.
    rootCause: rootCause ?? `${check}: ${title}`,
    kind,
    message: `${check} on ${operation}: ${title}\nReceived: ${received}\nDocumented: ${documented}`,
  }
}
