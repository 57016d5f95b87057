/** Where a check's claim comes from: the interface spec, our OpenAPI document, or a choice the mock made. */
export const PROFILES = ['spec', 'contract', 'mock'] as const
export type Profile = (typeof PROFILES)[number]

/** What `CONTRACT_PROFILE` may say: one level, or `all`. Each level includes the ones before it. */
export const PROFILE_SELECTIONS = ['spec', 'contract', 'all'] as const
export type ProfileSelection = (typeof PROFILE_SELECTIONS)[number]

/** Whether a string names a profile selection. */
export function isProfileSelection(value: string): value is ProfileSelection {
  return (PROFILE_SELECTIONS as readonly string[]).includes(value)
}

/** The profiles a selection turns on: `spec` ⊂ `contract` ⊂ `all`. */
export function profilesOf(selection: ProfileSelection): ReadonlySet<Profile> {
  if (selection === 'spec') return new Set(['spec'])
  if (selection === 'contract') return new Set(['spec', 'contract'])
  return new Set(PROFILES)
}

/** A request as the suite sent it (the Authorization value masked). */
export interface SentRequest {
  method: string
  /** Full URL. */
  url: string
  headers: Record<string, string>
  /** The body text, when there was one. */
  body?: string
}

/** A response as the suite received it. */
export interface ReceivedResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  text: string
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown
}

/** `METHOD /path/template` as the document names an operation, e.g. `GET /campaigns/{id}`. */
export type OperationLabel = string

/** One request and its response, tied to the documented operation it reached (if any). */
export interface Exchange {
  operation: OperationLabel | undefined
  request: SentRequest
  response: ReceivedResponse
  /** Why the suite sent it, e.g. `campaign_lifecycle: create campaign` or `ignored_auth: wrong key`. */
  purpose: string
  /** Primary exchanges (sent by flows) also trigger the checks that send follow-up requests. */
  primary: boolean
  /** Which credentials it carried: the run's key, the second key, none, or a deliberately bad one. */
  credentials: 'primary' | 'second' | 'none' | 'bad' | 'other'
  /** Input the server should refuse, sent on purpose: if it is accepted, only negative_data_rejection judges the answer. */
  negative?: boolean
  /** The request just before it sent again at once, to compare the answers: only repeatable_read judges it against the first. */
  echo?: boolean
  /** When the request left and the answer was read, in the client's epoch milliseconds. */
  sentAt?: number
  receivedAt?: number
}

/** How a run ended: everything it promised was checked and held, something did not hold, or something went unchecked. */
export const VERDICTS = ['PASSED', 'FAILED', 'INCONCLUSIVE'] as const
export type Verdict = (typeof VERDICTS)[number]

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
