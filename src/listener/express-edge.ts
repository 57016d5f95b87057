import type { IncomingMessage, ServerResponse } from 'node:http'
import { toFetchResponse } from '../http/mock-request.js'
import { errorAnswer } from '../pipeline/error-answer.js'
import type { ApiModel } from '../model/api-model.js'
import { CORS_HEADERS, edgeError, FETCH_FORBIDDEN_METHODS, readBody, type Next } from './request-listener.js'
import { sendFetchResponse, toFetchRequest, type NodeRequest } from './to-fetch-request.js'

// The listener's edge (request-listener.ts) as Express middleware, for the Express app
// (express-app.ts): the same CORS, body reader and errors, with the way from Node's request to the
// handlers' Fetch `Request` and back that msw's handlers need there.

/** Answers a Fetch `Request`, or `undefined` when it is not its to answer. */
export type FetchAnswer = (request: Request) => Promise<Response | undefined>

/**
 * The edge as one Node middleware (Express mounts it as it is): sets the CORS headers and answers a
 * preflight (OPTIONS) itself with 204; otherwise reads the body into `req.body` and calls `next`,
 * with the body reader's error if it failed (answer that with sendEdgeError).
 * @example crossEdge(req, res, (error) => (error ? void sendEdgeError(res, error) : app(req, res)))
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
export function sendEdgeError(res: ServerResponse, error: unknown, model?: ApiModel): Promise<void> {
  return sendFetchResponse(res, toFetchResponse(errorAnswer(edgeError(error), model)))
}
