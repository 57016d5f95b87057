import type { IncomingMessage, ServerResponse } from 'node:http'
import express from 'express'
import { ApiError, internalError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import { errorResponse } from '../http/respond.js'
import { sendFetchResponse, toFetchRequest, type NodeRequest } from './to-fetch-request.js'

// The edge every request to the mock crosses on Node before the handlers, whichever serves it: the
// Express app (express-app.ts) or the listener's own request handler (request-listener.ts). CORS,
// the body read into bytes, the errors of both in the API's shape, methods Fetch cannot carry, and
// the one way from Node's request to the handlers' Fetch `Request` and back.

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

/** Passes a request on, as Express's `next` does: with an error, to whatever answers errors. */
export type Next = (error?: unknown) => void

/** Answers a Fetch `Request`, or `undefined` when it is not its to answer. */
export type FetchAnswer = (request: Request) => Promise<Response | undefined>

/**
 * The edge as one Node middleware (Express mounts it as it is): sets the CORS headers and answers a
 * preflight (OPTIONS) itself with 204; otherwise reads the body into `req.body` and calls `next`,
 * with the body reader's error if it failed (answer that with sendEdgeError).
 * @example crossEdge(req, res, (error) => (error ? void sendEdgeError(res, error) : serve(req, res)))
 */
export function crossEdge(req: IncomingMessage, res: ServerResponse, next: Next): void {
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value)
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end()
    return
  }
  readBody(req, res, next)
}

/**
 * Whether the body reader should read a request: not a GET or HEAD (their body is dropped, so it
 * must not fail them either), and not an empty one (`Content-Length: 0` with a Content-Encoding
 * would not inflate).
 */
const carriesBody = (req: IncomingMessage) =>
  req.method !== 'GET' && req.method !== 'HEAD' && req.headers['content-length'] !== '0'

/**
 * Reads a body into `req.body` as bytes, inflating gzip, deflate and br, at most BODY_LIMIT: body-parser's
 * raw reader (Express's own dependency, reached through its export), which works on Node's request as on Express's.
 */
const readBody: (req: IncomingMessage, res: ServerResponse, next: Next) => void = express.raw({
  type: carriesBody,
  limit: BODY_LIMIT,
}) as never

/**
 * The one way from Node to the handlers and back: the request as a Fetch `Request` (toFetchRequest),
 * `answer`'s `Response` written back; `next()` for what `answer` does not answer and for methods a
 * `Request` cannot carry (TRACE), `next(error)` for a failure.
 * @example await answerThroughFetch(req, res, (request) => getResponse(handlers, request), next)
 */
export async function answerThroughFetch(
  req: NodeRequest,
  res: ServerResponse,
  answer: FetchAnswer,
  next: Next,
): Promise<void> {
  if (FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) return next()
  try {
    const response = await answer(toFetchRequest(req))
    if (response) await sendFetchResponse(res, response)
    else next()
  } catch (error) {
    next(error)
  }
}

/**
 * Answers an error raised at the edge, in the API's error shape: the body reader's (too large 413, an
 * unknown Content-Encoding 415, anything else a client caused 400 bad_request: a body that does not
 * inflate, an aborted upload; never invalid_json, as nothing here parses JSON), or a 500 for anything
 * else, which is the mock's bug.
 */
export function sendEdgeError(res: ServerResponse, error: unknown): Promise<void> {
  return sendFetchResponse(res, errorResponse(edgeError(error)))
}

/** The ApiError for an error raised at the edge; anything without a 4xx status is the mock's bug. */
function edgeError(error: unknown): ApiError {
  const status = (error as { status?: unknown } | undefined)?.status
  const reason = String((error as Error | undefined)?.message)
  if (status === 413) return new ApiError('payload_too_large', MESSAGES.payload_too_large.body(BODY_LIMIT))
  if (status === 415) return new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type.unreadable(reason))
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new ApiError('bad_request', MESSAGES.bad_request.unreadable(reason))
  console.error('[ad-campaign-mock] unexpected error:', error)
  return internalError()
}
