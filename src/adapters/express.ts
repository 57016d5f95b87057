import type { AddressInfo } from 'node:net'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import express, { type ErrorRequestHandler, type Express, type Request as ExpressRequest, type RequestHandler } from 'express'
import { getResponse, type HttpHandler } from 'msw'
import { createMockApi, type MockApi, type MockApiOptions } from '../create-mock-api.js'
import { docsRoutes } from './docs-routes.js'
import { ApiError } from '../http/api-error.js'
import { MAX_BODY_BYTES } from '../http/parse-input.js'
import { errorResponse } from '../http/respond.js'
import { isLoopbackHost } from './is-loopback-host.js'

/** Largest request body the listener reads. */
export const BODY_LIMIT = MAX_BODY_BYTES

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Admin-Token, Prefer',
  'Access-Control-Expose-Headers':
    'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Preference-Applied',
  'Access-Control-Max-Age': '600',
}

/** Methods the Fetch API refuses to build a `Request` with, so no msw handler can see them. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** Turns an Express request into a Fetch `Request` for the msw handlers. */
export function toFetchRequest(req: ExpressRequest): Request {
  const url = `${req.protocol}://${req.get('host') ?? '127.0.0.1'}${req.originalUrl}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  // express.raw has already decoded a gzip, deflate or br body (and refused any other coding).
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding')
    headers.delete('content-length')
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body) && req.body.length > 0
  return new Request(url, { method: req.method, headers, body: hasBody ? new Uint8Array(req.body) : undefined })
}

/** Writes a Fetch `Response` back through Express. */
async function sendFetchResponse(res: express.Response, response: Response): Promise<void> {
  res.status(response.status)
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/**
 * Middleware that asks the msw handlers for every request and passes on what none of them
 * answers, and what a Fetch `Request` cannot carry (TRACE), to the next one: a 404 below.
 */
export function mswMiddleware(handlers: HttpHandler[]): RequestHandler {
  return async (req, res, next) => {
    if (FETCH_FORBIDDEN_METHODS.has(req.method)) return next()
    try {
      const response = await getResponse(handlers, toFetchRequest(req))
      if (response) await sendFetchResponse(res, response)
      else next()
    } catch (error) {
      next(error)
    }
  }
}

const cors: RequestHandler = (req, res, next) => {
  res.set(CORS_HEADERS)
  if (req.method === 'OPTIONS') res.status(204).end()
  else next()
}

/**
 * Errors Express raises itself while reading a body, in the API's error shape: too large (413),
 * an unknown Content-Encoding (415), anything else a client caused (400 bad_request: a body that
 * does not inflate, an aborted upload). Express never parses JSON here, so never invalid_json.
 */
const errorShape: ErrorRequestHandler = async (error, _req, res, _next) => {
  await sendFetchResponse(res, errorResponse(expressErrorToApiError(error)))
}

/** The ApiError for an error Express (body-parser) raised; anything without a 4xx status is the mock's bug. */
function expressErrorToApiError(error: unknown): ApiError {
  const status = (error as { status?: unknown }).status
  const reason = `The request body could not be read: ${(error as Error).message}`
  if (status === 413) return new ApiError('payload_too_large', `The request body is larger than ${BODY_LIMIT} bytes (1 MiB)`)
  if (status === 415) return new ApiError('unsupported_media_type', reason)
  if (typeof status === 'number' && status >= 400 && status < 500) return new ApiError('bad_request', reason)
  console.error('[ad-campaign-mock] unexpected error:', error)
  return new ApiError('internal_error', 'The mock failed unexpectedly; this is a bug in the mock')
}

/**
 * Node hands a CONNECT to the server's `connect` event, never to Express, and without a
 * listener drops the connection: answer it as any other method no operation has, then close.
 */
async function refuseConnect(req: IncomingMessage, socket: Duplex): Promise<void> {
  const response = errorResponse(new ApiError('route_not_found', `No route ${req.method} ${req.url}: the mock is not a proxy`))
  const body = Buffer.from(await response.arrayBuffer())
  const head = [`HTTP/1.1 ${response.status} Not Found`, `Content-Type: ${response.headers.get('content-type')}`]
  head.push(`Content-Length: ${body.length}`, 'Connection: close', '', '')
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n')), body]))
}

export interface ExpressAppOptions {
  /** Extra routes mounted before the mock (docs pages, say). */
  extend?: (app: Express) => void
}

/**
 * An Express app that serves the mock's handlers: a thin adapter, the handlers never see Express.
 * @example createExpressApp(await createMockApi()).listen(4010)
 */
export function createExpressApp(api: MockApi, { extend }: ExpressAppOptions = {}): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  // Paths are case-sensitive here as in the handlers: /API/v1/openapi.json is a 404.
  app.set('case sensitive routing', true)
  app.use(cors)
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }))
  extend?.(app)
  app.use(mswMiddleware(api.handlers))
  app.use((req, res) => sendFetchResponse(res, errorResponse(new ApiError('route_not_found', `No route ${req.method} ${req.path}`))))
  app.use(errorShape)
  return app
}

export interface ListenerOptions extends MockApiOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. Any host other than loopback needs `adminToken`, so the control plane is never open to a network. */
  host?: string
}

/** A running standalone listener. */
export interface Listener {
  readonly api: MockApi
  readonly server: Server
  /** e.g. http://127.0.0.1:4010 */
  readonly origin: string
  /** e.g. http://127.0.0.1:4010/api/v1 */
  readonly baseUrl: string
  close(): Promise<void>
}

/**
 * Starts the mock behind an HTTP listener.
 * @example const listener = await startListener({ port: 0 }); console.log(listener.baseUrl)
 */
export async function startListener({ port = 4010, host = '127.0.0.1', ...options }: ListenerOptions = {}): Promise<Listener> {
  if (!isLoopbackHost(host) && !options.adminToken) {
    throw new Error(
      `Refusing to listen on ${host} without an admin token: /__admin would let anyone on the network reset or rewrite the mock. Pass an admin token (--admin-token <token>) or bind to 127.0.0.1.`,
    )
  }
  const api = await createMockApi(options)
  const app = createExpressApp(api, { extend: (expressApp) => docsRoutes(expressApp, api) })
  const server = await new Promise<Server>((resolve, reject) => {
    const started = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(started)))
  })
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy())
    void refuseConnect(req, socket)
  })
  const address = server.address() as AddressInfo
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  return {
    api,
    server,
    origin,
    baseUrl: `${origin}/api/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
