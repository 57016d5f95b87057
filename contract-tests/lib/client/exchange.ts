import type { OperationLabel } from '../document/document.js'

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
  /** The body's bytes as they came (a byte order mark included, which `text` leaves out). */
  bytes?: Uint8Array
}

/** One request and its response, tied to the documented operation it reached (if any). */
export interface Exchange {
  operation: OperationLabel | undefined
  /** For a request that reached no documented operation: its method and the path template it matched (`PUT /adverts/{id}`). */
  route?: string
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
  /** The one field that negative input breaks (`campaign.cpm`): the 422 should name it (validation_field_conformance). */
  brokenField?: string
  /** The request just before it sent again at once, to compare the answers: only repeatable_read judges it against the first. */
  echo?: boolean
  /** A request the run chose not to send, handed to the probing checks as if it had been accepted: no probe that would be accepted follows it. */
  unsent?: boolean
  /** When the request left and the answer was read, in the client's epoch milliseconds. */
  sentAt?: number
  receivedAt?: number
}
