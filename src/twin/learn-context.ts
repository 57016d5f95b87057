import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { ApiRequest, ContractClient } from '../../contract-tests/lib/client/http-client.js'
import type { ContractDocument } from '../../contract-tests/lib/document/document.js'
import type { ErrorCode, Profile } from '../profile/profile.js'
import type { Json as Template } from '../profile/template.js'
import type { Evidence } from '../profile/twin-file.js'
import type { Observations } from './observations.js'

// What every probe works with: the contract suite's client (bounded, polite, remembering what it
// created), the title its resources carry, what it has seen so far, and where it notes choices.

/** A request as a probe writes it: the primary key unless it says otherwise. */
export type LearnRequest = Omit<ApiRequest, 'credentials' | 'purpose'> & {
  credentials?: ApiRequest['credentials']
  purpose: string
}

/** A JSON object, as bodies are read. */
export type Json = Record<string, unknown>

/** The account as the learner found it, before it created anything, and the answers that showed it. */
export interface FoundAccount {
  user: Json
  balance: Json | undefined
  adverts: Json[]
  campaigns: Json[]
  /** The answers of GET /user and GET /user/balance. */
  userExchange: Exchange
  balanceExchange: Exchange
  /** Said when the lists were longer than the learner reads. */
  note?: string
}

/** The learner's resources the probes share: an advert and a campaign on it. */
export interface OwnResources {
  advert: Json & { id: number }
  campaign?: Json & { id: number }
}

/** An answer kept as an example of a kind of error: the exchange, its body as a template, its media type. */
export interface ErrorExample {
  exchange: Exchange
  template: Template
  contentType: string
  /** A body that is no JSON (an HTML page), kept as a text. */
  page: boolean
}

/** The context each probe is given. */
export class LearnContext {
  /** Every exchange a probe sent, in order. */
  readonly history: Exchange[] = []
  /** The same, each with the request as the probe wrote it: what the replay sends the twin again. */
  readonly sent: { request: LearnRequest; exchange: Exchange }[] = []
  /** The answers of each kind of error provoked, in order (probe-errors.ts). */
  readonly errorExamples = new Map<ErrorCode, ErrorExample[]>()
  /** The answer that created the learner's campaign (its extra fields are learned once the toggle has shown which follow `enabled`). */
  campaignCreated?: Exchange
  /** The answer that created the learner's advert. */
  advertCreated?: Exchange
  /** The learner's own adverts that exist now, by id, with their titles (create and deleteNow keep it). */
  readonly ownAdverts = new Map<number, string>()
  /** The query parameters that page a list, once learned (probe-params.ts). */
  listParams?: { page: string | null; perPage: string }
  /** The orders a list may still be in, as the pages read so far fit them (learn-order.ts), and those pages. */
  orders?: readonly Profile['lists']['order'][]
  readonly orderEvidence: Evidence[] = []
  /** Fields beyond the document that follow another field, by resource (`$map` templates; probe-resources.ts). */
  readonly followingFields: Partial<Record<'campaign' | 'advert', Record<string, Template>>> = {}
  /** What the learner created and still holds (set by the resources probe). */
  own?: OwnResources
  /** The account as it was (set by the capture, before anything else). */
  account?: FoundAccount

  constructor(
    private readonly client: ContractClient,
    /** The deployment's base URL, ending with the versioned prefix. */
    readonly baseUrl: string,
    readonly document: ContractDocument,
    /** `[contract <run id>]`: the title prefix of everything the learner creates, as the suite titles its own. */
    readonly titlePrefix: string,
    readonly observations: Observations,
    /** Whether a second account's key was given. */
    readonly hasSecondKey: boolean,
  ) {}

  /** Sends a request through the contract client and keeps the exchange. */
  async send(request: LearnRequest): Promise<Exchange> {
    const exchange = await this.client.send({ credentials: 'primary', ...request, purpose: `twin: ${request.purpose}` })
    this.history.push(exchange)
    this.sent.push({ request, exchange })
    return exchange
  }

  /** A title of the learner's own, `[contract <run id>] <what>`. */
  title(what: string): string {
    return `${this.titlePrefix} ${what}`
  }

  /** The evidence an exchange gives: what was sent, the status, and what was seen. */
  evidence(exchange: Exchange, seen: string): Evidence {
    return { request: describeRequest(exchange), status: exchange.response.status, seen }
  }
}

/**
 * The request of an exchange in one line, below the base URL, with its body and whose key it
 * carried when not the primary one: `GET /adverts?per_page=101`, `GET /user (no key)`.
 */
export function describeRequest(exchange: Exchange): string {
  const url = new URL(exchange.request.url)
  const path = url.pathname.replace(/^.*?\/api\/v\d+/, '') + url.search
  const body = exchange.request.body === undefined ? '' : ` ${clip(exchange.request.body, 160)}`
  const who = {
    primary: '',
    second: ' (the second key)',
    none: ' (no key)',
    bad: ' (a wrong key)',
    other: ' (another key)',
  }
  return `${exchange.request.method} ${path}${body}${who[exchange.credentials]}`
}

/** The `data` object of a success body, if there is one. */
export function dataOf(exchange: Exchange): Json | undefined {
  const data = (exchange.response.json as Json | undefined)?.data
  return isJson(data) ? data : undefined
}

/** The `data` list of a list body, if there is one. */
export function itemsOf(exchange: Exchange): Json[] | undefined {
  const data = (exchange.response.json as Json | undefined)?.data
  return Array.isArray(data) ? data.filter(isJson) : undefined
}

/** The `error` object of an error body, if there is one. */
export function errorOf(exchange: Exchange): Json | undefined {
  const error = (exchange.response.json as Json | undefined)?.error
  return isJson(error) ? error : undefined
}

/**
 * The object beside `data` that says where a list's page is (the one holding any of `page`,
 * `per_page`, `total_count`, `total_pages`), and its key.
 * @example paginationOf({ success: true, data: [], meta: { page: 1 } }) // { key: 'meta', value: { page: 1 } }
 */
export function paginationOf(body: unknown): { key: string; value: Json } | undefined {
  if (!isJson(body)) return undefined
  for (const [key, value] of Object.entries(body))
    if (
      key !== 'data' &&
      isJson(value) &&
      ['page', 'per_page', 'total_count', 'total_pages'].some((name) => name in value)
    )
      return { key, value }
  return undefined
}

/** A whole number from a body, if it is one. */
export function integerOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined
}

/** Whether the answer was a 2xx. */
export function accepted(exchange: Exchange): boolean {
  return exchange.response.status >= 200 && exchange.response.status < 300
}

/** An error answer in a few words: `422 invalid_request`. */
export function errorSeen(exchange: Exchange): string {
  const code = errorOf(exchange)?.code
  return `${exchange.response.status}${typeof code === 'string' ? ` ${code}` : ''}`
}

/** Whether a value is a plain JSON object. */
export function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A text cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** An object's integer `id`, if it has one. */
export function idOf(value: Json | undefined): number | undefined {
  return typeof value?.id === 'number' && Number.isInteger(value.id) ? value.id : undefined
}
