import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import express from 'express'
import { ApiError, internalError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import type { TLSSocket } from 'node:tls'
import type { KeptBody, MockAnswer, MockRequest } from '../http/mock-request.js'
import { MockHandler } from '../msw/mock-handler.js'
import { answerRequest } from '../pipeline/pipeline.js'
import { errorAnswer } from '../pipeline/error-answer.js'
import type { MockApi } from '../surface/create-mock-api.js'
import type { MockExpressApp } from './mock-express-app.js'
import type { RouteIndex } from '../pipeline/route-index.js'

const utf8 = new TextDecoder()

/** Largest request body the listener reads: the same limit the handlers hold in-process. */
export const BODY_LIMIT = MAX_BODY_BYTES

/** The CORS headers on every answer of the mock's, so a frontend on another origin can call it. */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Admin-Token, Prefer',
  'Access-Control-Expose-Headers':
    'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Preference-Applied',
  'Access-Control-Max-Age': '600',
}

/** Methods the Fetch API refuses to build a `Request` with, so no msw handler can see them. */
export const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** Passes a request on, as Express's `next` does: with an error, to whatever answers errors. */
export type Next = (error?: unknown) => void

/**
 * Whether the body reader should read a request: not a GET or HEAD (their body is dropped, so it
 * must not fail them either), and not an empty one (`Content-Length: 0` with a Content-Encoding
 * would not inflate).
 */
export const carriesBody = (req: IncomingMessage) =>
  req.method !== 'GET' && req.method !== 'HEAD' && req.headers['content-length'] !== '0'

/**
 * Reads a body into `req.body` as bytes, inflating gzip, deflate and br, at most BODY_LIMIT: body-parser's
 * raw reader (Express's own dependency, reached through its export), which works on Node's request as on Express's.
 */
export const readBody: (req: IncomingMessage, res: ServerResponse, next: Next) => void = express.raw({
  type: carriesBody,
  limit: BODY_LIMIT,
}) as never

/** The ApiError for an error raised at the edge; anything without a 4xx status is the mock's bug. */
export function edgeError(error: unknown): ApiError {
  const status = (error as { status?: unknown } | undefined)?.status
  const reason = String((error as Error | undefined)?.message)
  if (status === 413) return new ApiError('payload_too_large', MESSAGES.payload_too_large.body(BODY_LIMIT))
  if (status === 415) return new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type.unreadable(reason))
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new ApiError('bad_request', MESSAGES.bad_request.unreadable(reason))
  console.error('[ad-campaign-mock] unexpected error:', error)
  return internalError()
}

/**
 * What stands between the listener and the mock when the state is shared (listener/sandbox-edge.ts):
 * which mock a URL is for (a tenant's), and what the answer waits for (catching up, a write turn).
 */
export interface RequestEdge {
  /** The mock that answers this URL: the listener's own, or another (a tenant's); an error is answered by `refused`. */
  mockFor(url: URL): MockApi | Promise<MockApi>
  /** Answers through the mock: `answer` runs the pipeline. */
  answer(
    api: MockApi,
    request: MockRequest,
    answer: () => Promise<MockAnswer | undefined>,
  ): Promise<MockAnswer | undefined>
  /** The answer for a URL `mockFor` refused. */
  refused(error: unknown, url: URL): MockAnswer
}

/** Each mock's route index, found once. */
const indexes = new WeakMap<MockApi, RouteIndex | undefined>()
const indexOf = (api: MockApi) => {
  if (!indexes.has(api)) indexes.set(api, api.handlers.find((handler) => handler instanceof MockHandler)?.index)
  return indexes.get(api)
}

/**
 * The listener's request handler, one function from Node's request to Node's response: CORS, the
 * body (read only when the request carries one), the pipeline's answer, the write-back. A request
 * to the API or the control plane goes straight to the route index and the pipeline, without
 * Express's router, msw's per-request bookkeeping or any Fetch object; everything else (the
 * documents, the docs page, TRACE, other paths) goes to the Express app, and so does anything the
 * pipeline does not answer.
 * @example createServer(createRequestListener(api, createListenerApp(api), Object.values(documentPaths(api))))
 */
export function createRequestListener(
  api: MockApi,
  app: MockExpressApp,
  expressPaths: readonly string[],
  inFlight?: InFlight,
  edge?: RequestEdge,
): RequestListener {
  const ownIndex = indexOf(api)
  const expressOnly = new Set(expressPaths.flatMap((path) => [path, `${path}/`]))

  /** Whether the mock answers a request with this URL, rather than the Express app. */
  const isTheMocks = (req: IncomingMessage, url: URL | null): url is URL =>
    url !== null && !FETCH_FORBIDDEN_METHODS.has(req.method ?? '') && !expressOnly.has(url.pathname)

  return async (req, res) => {
    inFlight?.track(res)
    const url = urlOf(req)
    let mock = api
    if (edge && url) {
      try {
        mock = await edge.mockFor(url)
      } catch (error) {
        return writeAnswer(res, edge.refused(error, url))
      }
    }
    const index = mock === api ? ownIndex : indexOf(mock)
    if (!index || !isTheMocks(req, url) || !index.isUnderEitherBase(url)) return app(req, res)
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS_HEADERS).end()
    try {
      const body = carriesBody(req) ? await readBodyBytes(req, res) : undefined
      const request = new NodeRequest(req, url, body)
      const answer = edge
        ? await edge.answer(mock, request, () => answerRequest(index, request))
        : await answerRequest(index, request)
      if (!answer) return app(req, res)
      writeAnswer(res, answer)
    } catch (error) {
      // The body reader's refusals (413, 415, 400) and anything else, which is the mock's bug (500).
      writeAnswer(res, errorAnswer(edgeError(error), mock.context.model))
    }
  }
}

/** The request's URL as a Fetch `Request` would have it (the Host header's origin), or null when it does not parse. */
function urlOf(req: IncomingMessage): URL | null {
  const protocol = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  return URL.parse(`${protocol}://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`)
}

/** Reads the body into bytes, inflating gzip, deflate and br, within the size limit (the edge's reader). */
function readBodyBytes(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) =>
    readBody(req, res, (error) => (error ? reject(error) : resolve((req as { body?: Buffer }).body))),
  )
}

/** Headers of a body the reader inflated, which no longer describe it. */
const BODY_FRAMING = new Set(['content-encoding', 'content-length'])

/**
 * Node's request as the pipeline reads it: one object per request, its methods shared (no closure
 * per request). A body the reader inflated no longer has its Content-Encoding or Content-Length.
 */
class NodeRequest implements MockRequest {
  readonly method: string
  readonly hasBody: boolean
  readonly #req: IncomingMessage
  readonly #body: Buffer | undefined
  readonly #decoded: boolean
  #text: string | undefined

  constructor(
    req: IncomingMessage,
    readonly url: URL,
    body: Buffer | undefined,
  ) {
    this.#req = req
    this.#body = body
    this.method = req.method ?? 'GET'
    this.hasBody = body !== undefined && body.length > 0
    this.#decoded = req.headers['content-encoding'] !== undefined
  }

  header(name: string): string | null {
    if (this.#decoded && BODY_FRAMING.has(name)) return null
    const value = this.#req.headers[name]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }

  headerEntries(): [string, string][] {
    const names = Object.keys(this.#req.headers).filter((name) => !this.#decoded || !BODY_FRAMING.has(name))
    return names.map((name): [string, string] => [name, this.header(name) ?? ''])
  }

  async text(): Promise<string> {
    return (this.#text ??= this.#body ? utf8.decode(this.#body) : '')
  }
}

/** The CORS headers as writeHead takes a list of them (name, value, name, value…): built once. */
const CORS_LIST = Object.entries(CORS_HEADERS).flat()

/**
 * Writes an answer back: status, CORS and its headers (in lower case, as Fetch's would be; an
 * answer's own already are), the body and its length. The headers go as one flat list, the CORS
 * part of it built once.
 */
function writeAnswer(res: ServerResponse, { status, headers, body, kept }: MockAnswer): void {
  // A network error (an override's HttpResponse.error()): the client sees the connection fail.
  if (status === 0) return void res.destroy()
  const list = CORS_LIST.slice()
  for (const name in headers) {
    const lowerCase = name.toLowerCase()
    // The body's own length wins over one an override's answer gave.
    if (body === null || lowerCase !== 'content-length') list.push(lowerCase, headers[name]!)
  }
  if (body === null) return void res.writeHead(status, list).end()
  const bytes = kept && kept.text === body ? bytesOf(kept) : undefined
  // writeHead fixes the framing at once: without a length it would be chunked.
  list.push('content-length', String(bytes ? bytes.length : Buffer.byteLength(body)))
  res.writeHead(status, list).end(bytes ?? body)
}

/** A kept body's bytes, encoded the first time it answers and kept with it: what is written again and again is encoded once. */
const keptBytes = new WeakMap<KeptBody, Buffer>()
function bytesOf(kept: KeptBody): Buffer {
  let bytes = keptBytes.get(kept)
  if (!bytes) keptBytes.set(kept, (bytes = Buffer.from(kept.text)))
  return bytes
}

/**
 * The requests a listener has received and not yet answered (or abandoned). Once closing, it tells
 * their clients not to reuse the connection, and closes each connection its answer leaves idle.
 */
export class InFlight {
  readonly #server: Server
  readonly #responses = new Set<ServerResponse>()
  readonly #waiting = new Set<() => void>()
  #closing = false

  constructor(server: Server) {
    this.#server = server
  }

  get count(): number {
    return this.#responses.size
  }

  /** Counts one request until its response closes. */
  track(res: ServerResponse): void {
    this.#responses.add(res)
    if (this.#closing) res.setHeader('Connection', 'close')
    res.once('close', () => {
      this.#responses.delete(res)
      if (!this.#closing) return
      // Answered: its keep-alive connection would otherwise hold the server open until cut.
      this.#server.closeIdleConnections()
      if (this.#responses.size === 0) for (const done of [...this.#waiting]) done()
    })
  }

  startClosing(): void {
    this.#closing = true
    for (const res of this.#responses) if (!res.headersSent) res.setHeader('Connection', 'close')
  }

  /** Resolves when no request is in flight, or after `ms`, whichever comes first. */
  drained(ms: number): Promise<void> {
    if (this.count === 0) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#waiting.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.#waiting.add(done)
    })
  }
}
