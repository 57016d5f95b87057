import type { ContractDocument } from '../document/document.js'
import type { Exchange, ReceivedResponse, SentRequest } from './exchange.js'
import { describeFetchError, maskKey } from './fetch-error.js'
import { rawRequest, type RawAnswer } from './raw-http.js'
import { remainingOf, secondsUntilReset } from './rate-limit-reading.js'

/** Which credentials a request carries: the run's keys by role, none, or an explicit header value. */
export type Credentials = 'primary' | 'second' | 'none' | { authorization: string; label: 'bad' | 'other' }

/** One request to the API, path below the base URL. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD' | 'OPTIONS'
  /** Below the base URL, e.g. `/campaigns/12`. */
  path: string
  query?: Record<string, string | number | boolean>
  /** Sent as JSON with `Content-Type: application/json`. */
  body?: unknown
  /** Sent as it is, with `contentType` (for malformed or non-JSON bodies). */
  rawBody?: string
  contentType?: string
  credentials: Credentials
  /** Why it is sent; shows in reports. */
  purpose: string
  /** Flows send primary requests; checks send probes. Only primary exchanges trigger the checks that probe. */
  primary?: boolean
  /** Retry a 429 after Retry-After (default true); the rate-limit flow wants to see the 429. */
  retryOnRateLimit?: boolean
  /** Cleanup still runs when the request budget is spent. */
  outsideBudget?: boolean
  /** Input sent to be refused (negative_data_rejection): marked on the exchange. */
  negative?: boolean
  /** The one field that input breaks (`campaign.cpm`, or a query parameter): marked on the exchange. */
  brokenField?: string
  /** The request before it, sent again at once (repeatable_read): marked on the exchange. */
  echo?: boolean
}

export interface ContractClientOptions {
  /** Ends with the versioned prefix, e.g. `http://127.0.0.1:4010/api/v1`. */
  baseUrl: string
  document: ContractDocument
  keys: { primary: string; second?: string }
  fetch?: typeof fetch
  /** Most requests the run may send (cleanup excepted). */
  maxRequests: number
  /** How often a 429 or a network error is retried. */
  maxRetries?: number
  /** Longest wait the client accepts (Retry-After or an exhausted window); longer ones fail the request. */
  maxWaitSeconds?: number
  /** How to wait, and why; the mock's clock can be advanced instead of sleeping. */
  wait?: (seconds: number, why: string) => Promise<void>
  timeoutMs?: number
}

export { describeFetchError, maskKey } from './fetch-error.js'

/** The run's request budget is spent: the suite stops sending and cleans up. */
export class RequestBudgetExhausted extends Error {
  override readonly name = 'RequestBudgetExhausted'
}

/** A resource the run created and still has to delete. */
export interface CreatedResource {
  /** Below the base URL, e.g. `/campaigns/12`. */
  path: string
  credentials: 'primary' | 'second'
  /** A DELETE of it was answered 2xx during the run: cleanup makes sure it is really gone. */
  deletedDuringRun?: boolean
}

/**
 * The suite's HTTP client: bounded (a request budget, bounded retries), polite (waits out
 * Retry-After and an exhausted X-RateLimit-Remaining), and it remembers what the run created.
 */
export class ContractClient {
  requests = 0
  readonly created: CreatedResource[] = []
  readonly keys: { primary: string; second?: string }
  private readonly fetch: typeof fetch
  private readonly window = new Map<string, { remaining: number; reopensAtMs: number }>()

  constructor(private readonly options: ContractClientOptions) {
    this.keys = { ...options.keys }
    this.fetch = options.fetch ?? globalThis.fetch
  }

  get baseUrl(): string {
    return this.options.baseUrl.replace(/\/+$/, '')
  }

  /** Sends a request and gives back its answer (a 429 it waited out and sent again is not given). */
  async send(request: ApiRequest): Promise<Exchange> {
    const attempts = this.attempts(request)
    let step = await attempts.next()
    while (!step.done) step = await attempts.next()
    return step.value
  }

  /**
   * Sends a request and yields each 429 it waits out before sending it again (marked not primary:
   * no probe follows it), then returns the answer. The client judges nothing: its caller judges
   * each exchange as it comes, before the client goes on.
   * @example for (let step = await attempts.next(); ; step = await attempts.next()) { await judge(step.value); if (step.done) return step.value }
   */
  async *attempts(request: ApiRequest): AsyncGenerator<Exchange, Exchange> {
    const authorization = this.authorizationOf(request.credentials)
    const maxRetries = this.options.maxRetries ?? 2
    for (let attempt = 0; ; attempt++) {
      if (!request.outsideBudget && this.requests >= this.options.maxRequests) {
        throw new RequestBudgetExhausted(`The run's budget of ${this.options.maxRequests} requests is spent`)
      }
      if (authorization !== undefined && request.retryOnRateLimit !== false) await this.paceFor(authorization)
      this.requests++
      const { sent, init } = this.encode(request, authorization)
      let response: ReceivedResponse
      const sentAt = Date.now()
      try {
        response = await this.receive(await this.fetch(sent.url, init))
      } catch (error) {
        if (attempt >= maxRetries) throw new Error(`${sent.method} ${sent.url} failed: ${describeFetchError(error)}`)
        await delay(200 * (attempt + 1))
        continue
      }
      if (authorization !== undefined) this.remember(authorization, response)
      const retryAfter = Number(response.headers['retry-after'])
      const retry = response.status === 429 && request.retryOnRateLimit !== false && attempt < maxRetries
      const exchange = { ...this.record(request, sent, response), sentAt, receivedAt: Date.now() }
      if (!retry) return exchange
      yield { ...exchange, primary: false }
      await this.waitSeconds(
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1,
        `${sent.method} ${sent.url} got 429`,
      )
    }
  }

  /** Whether requests go over the network (no fetch of the caller's own), so that their bytes can be read raw. */
  get onTheWire(): boolean {
    return this.options.fetch === undefined
  }

  /**
   * Sends one request over a socket of its own and gives back its bytes as they came, with the
   * exchange fetch would have made of them (undefined `json` if they do not parse): counted against
   * the budget and remembered if it creates something, but judged by no check (the caller judges
   * it) and never retried. Only on the wire (see onTheWire).
   */
  async sendRaw(request: ApiRequest): Promise<{ exchange: Exchange; raw: RawAnswer }> {
    if (this.requests >= this.options.maxRequests)
      throw new RequestBudgetExhausted(`The run's budget of ${this.options.maxRequests} requests is spent`)
    this.requests++
    const authorization = this.authorizationOf(request.credentials)
    const { sent, init } = this.encode(request, authorization)
    const sentAt = Date.now()
    const raw = await rawRequest(sent.url, {
      method: request.method,
      headers: init.headers as Record<string, string>,
      ...(sent.body === undefined ? {} : { body: sent.body }),
    })
    const text = new TextDecoder().decode(raw.body)
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    const response: ReceivedResponse = { status: raw.status, headers: raw.headers, text, json, bytes: raw.body }
    return { exchange: { ...this.record(request, sent, response), sentAt, receivedAt: Date.now() }, raw }
  }

  /** The header value for a role, or undefined for none. */
  authorizationOf(credentials: Credentials): string | undefined {
    if (credentials === 'none') return undefined
    if (typeof credentials === 'object') return credentials.authorization
    const key = this.keys[credentials]
    if (!key) throw new Error(`No ${credentials} API key is configured`)
    return key
  }

  private encode(request: ApiRequest, authorization: string | undefined): { sent: SentRequest; init: RequestInit } {
    const url = new URL(this.baseUrl + request.path)
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value))
    const headers: Record<string, string> = { accept: 'application/json' }
    if (authorization !== undefined) headers.authorization = authorization
    let body: string | undefined
    if (request.rawBody !== undefined) {
      body = request.rawBody
      if (request.contentType) headers['content-type'] = request.contentType
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body)
      headers['content-type'] = request.contentType ?? 'application/json'
    }
    const sent: SentRequest = {
      method: request.method,
      url: url.toString(),
      headers: authorization === undefined ? headers : { ...headers, authorization: maskKey(authorization) },
      ...(body === undefined ? {} : { body }),
    }
    const init: RequestInit = {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    }
    return { sent, init }
  }

  private async receive(response: Response): Promise<ReceivedResponse> {
    // The bytes as they came, for what fetch's text() hides (a byte order mark); the text as text() reads it.
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value))
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers, text, json, bytes }
  }

  private record(request: ApiRequest, sent: SentRequest, response: ReceivedResponse): Exchange {
    const path = new URL(sent.url).pathname.slice(new URL(this.baseUrl).pathname.length) || '/'
    const operation = this.options.document.find(request.method, path)
    const route = operation ? undefined : this.options.document.routeOf(path)
    this.trackCreated(request, path, response)
    return {
      operation: operation?.label,
      ...(route ? { route: `${request.method} ${route}` } : {}),
      request: sent,
      response,
      purpose: request.purpose,
      primary: request.primary === true,
      credentials: typeof request.credentials === 'object' ? request.credentials.label : request.credentials,
      ...(request.negative ? { negative: true } : {}),
      ...(request.brokenField ? { brokenField: request.brokenField } : {}),
      ...(request.echo ? { echo: true } : {}),
    }
  }

  /** Remembers every resource a POST created, whoever sent it, and forgets it once deleted. */
  private trackCreated(request: ApiRequest, path: string, response: ReceivedResponse): void {
    if (response.status < 200 || response.status >= 300) return
    // A create the server should have refused (a wrong key, say) most likely landed in the run's account.
    const credentials = request.credentials === 'second' ? 'second' : 'primary'
    if (request.method === 'POST') {
      // The id where the envelope puts it, or at the top level of a body that lost its envelope.
      const json = response.json as { id?: unknown; data?: { id?: unknown } } | undefined
      const id = json?.data?.id ?? json?.id
      const itemPath = `${path}/${String(id)}`
      if ((typeof id === 'number' || typeof id === 'string') && this.options.document.find('DELETE', itemPath)) {
        this.created.push({ path: itemPath, credentials })
      }
    }
    if (request.method === 'DELETE') {
      // Not forgotten: a server can answer 2xx to a DELETE it refused, so cleanup checks again.
      const resource = this.created.find((r) => r.path === path)
      if (resource) resource.deletedDuringRun = true
    }
  }

  private remember(authorization: string, response: ReceivedResponse): void {
    const remaining = remainingOf(response.headers)
    const secondsLeft = secondsUntilReset(response.headers)
    if (remaining !== undefined && secondsLeft !== undefined)
      this.window.set(authorization, { remaining, reopensAtMs: Date.now() + secondsLeft * 1000 })
  }

  /** Waits for the window to reopen when the last response said nothing is left in it. */
  private async paceFor(authorization: string): Promise<void> {
    const window = this.window.get(authorization)
    if (!window || window.remaining > 0) return
    this.window.delete(authorization)
    const seconds = Math.max(1, Math.ceil((window.reopensAtMs - Date.now()) / 1000))
    await this.waitSeconds(seconds, 'no requests left in the window')
  }

  private async waitSeconds(seconds: number, why: string): Promise<void> {
    const max = this.options.maxWaitSeconds ?? 65
    if (seconds > max) throw new Error(`${why}: waiting ${seconds} s is longer than the ${max} s the run allows`)
    await (this.options.wait ?? ((s: number) => delay(s * 1000)))(seconds, why)
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
