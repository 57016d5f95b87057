import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { getResponse, type RequestHandler as MswHandler } from 'msw'
import type { MockApi } from '../create-mock-api.js'
import { ApiError, internalError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import { errorResponse } from '../http/respond.js'
import { docsRoutes } from './docs-routes.js'
import type { MockExpressApp, MockMiddleware } from './mock-express-app.js'
import { sendFetchResponse, toFetchRequest } from './to-fetch-request.js'

/** Largest request body the listener reads: the same limit the handlers hold in-process. */
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
export const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * Middleware that asks the msw handlers for every request and passes on what none of them
 * answers, and what a Fetch `Request` cannot carry (TRACE), to the next one: a 404 below.
 * @example app.use(mswMiddleware(api.handlers))
 */
export function mswMiddleware(handlers: MswHandler[]): MockMiddleware {
  return async (req, res, next) => {
    if (FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) return next()
    try {
      const response = await getResponse(handlers, toFetchRequest(req))
      if (response) await sendFetchResponse(res, response)
      else next()
    } catch (error) {
      next(error)
    }
  }
}

/** Sets the CORS headers on a response, and answers a preflight (OPTIONS) itself with 204; says whether it did. */
export function answerCors(req: IncomingMessage, res: ServerResponse): boolean {
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value)
  if (req.method !== 'OPTIONS') return false
  res.writeHead(204).end()
  return true
}

const cors: RequestHandler = (req, res, next) => {
  if (!answerCors(req, res)) next()
}

/**
 * Whether the body reader should read a request: not a GET or HEAD (their body is dropped, so it
 * must not fail them either), and not an empty one (`Content-Length: 0` with a Content-Encoding
 * would not inflate).
 */
const carriesBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD' && req.headers['content-length'] !== '0'

/**
 * Reads a body into `req.body` as bytes, inflating gzip, deflate and br, at most BODY_LIMIT;
 * body-parser works on Node's own request and response as on Express's.
 */
export const readBody: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void = express.raw({
  type: carriesBody,
  limit: BODY_LIMIT,
}) as never

/**
 * Errors Express raises itself while reading a body, in the API's error shape: too large (413),
 * an unknown Content-Encoding (415), anything else a client caused (400 bad_request: a body that
 * does not inflate, an aborted upload). Express never parses JSON here, so never invalid_json.
 */
const errorShape: ErrorRequestHandler = async (error, _req, res, _next) => {
  await sendBodyReaderError(res, error)
}

/** Answers an error the body reader raised, in the API's error shape. */
export function sendBodyReaderError(res: ServerResponse, error: unknown): Promise<void> {
  return sendFetchResponse(res, errorResponse(bodyReaderError(error)))
}

/** The ApiError for an error Express (body-parser) raised; anything without a 4xx status is the mock's bug. */
function bodyReaderError(error: unknown): ApiError {
  const status = (error as { status?: unknown }).status
  const reason = (error as Error).message
  if (status === 413) return new ApiError('payload_too_large', MESSAGES.payload_too_large.body(BODY_LIMIT))
  if (status === 415) return new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type.unreadable(reason))
  if (typeof status === 'number' && status >= 400 && status < 500) return new ApiError('bad_request', MESSAGES.bad_request.unreadable(reason))
  console.error('[ad-campaign-mock] unexpected error:', error)
  return internalError()
}

/**
 * An Express app that serves the mock's handlers: CORS, the body reader, the handlers (through
 * Fetch translation), then a 404 and the body reader's errors in the error shape. The handlers
 * never see Express.
 * @example createExpressApp(await createMockApi()).listen(4010)
 */
export function createExpressApp(api: MockApi): MockExpressApp {
  return assembleApp(api)
}

/** The app the standalone listener serves: createExpressApp's, with the docs pages and documents. */
export function createListenerApp(api: MockApi): MockExpressApp {
  return assembleApp(api, (app) => docsRoutes(app, api))
}

/** The middleware in order, with `extend` mounting extra routes before the mock's. */
function assembleApp(api: MockApi, extend?: (app: Express) => void): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  // Paths are case-sensitive here as in the handlers: /API/v1/openapi.json is a 404.
  app.set('case sensitive routing', true)
  app.use(cors)
  app.use(readBody)
  extend?.(app)
  app.use(mswMiddleware(api.handlers))
  app.use((req, res) => sendFetchResponse(res, errorResponse(new ApiError('route_not_found', MESSAGES.route_not_found.listener(req.method, req.path)))))
  app.use(errorShape)
  return app
}
