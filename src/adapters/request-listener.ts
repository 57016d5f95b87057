import type { RequestListener } from 'node:http'
import type { MockApi } from '../create-mock-api.js'
import { internalError } from '../errors/api-error.js'
import { MockHandler } from '../handlers/mock-handler.js'
import { errorResponse } from '../http/respond.js'
import { answerCors, FETCH_FORBIDDEN_METHODS, readBody, sendBodyReaderError } from './express-app.js'
import type { MockExpressApp } from './mock-express-app.js'
import { sendFetchResponse, toFetchRequest, type NodeRequest } from './to-fetch-request.js'

/**
 * The listener's request handler. A request to the API or the control plane goes straight from
 * Node's request to the mock's handler: CORS, the body reader, Fetch translation, the handler,
 * the response, as the Express app does it, without Express's router and without msw's per-request
 * bookkeeping (together two thirds of the listener's time; docs/performance.md has the figures).
 * Everything else (the documents, the docs page, TRACE, other paths) goes to the Express app,
 * and so does anything the handler does not answer.
 * @example createServer(createRequestListener(api, createListenerApp(api), Object.values(documentPaths(api))))
 */
export function createRequestListener(api: MockApi, app: MockExpressApp, expressPaths: readonly string[]): RequestListener {
  const handler = api.handlers.find((candidate): candidate is MockHandler => candidate instanceof MockHandler)
  const expressOnly = new Set(expressPaths.flatMap((path) => [path, `${path}/`]))
  const isTheMocks = (req: NodeRequest): boolean => {
    if (!handler || FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) return false
    const url = URL.parse(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
    return url !== null && !expressOnly.has(url.pathname) && handler.serves(url)
  }
  return (req, res) => {
    if (!isTheMocks(req)) return app(req, res)
    if (answerCors(req, res)) return
    readBody(req, res, (error) => {
      if (error) return void sendBodyReaderError(res, error)
      void answer(handler!, req, res, () => app(req, res))
    })
  }
}

/** Sends the handler's answer, passes on what it does not answer, and turns a failure into a 500 in the error shape. */
async function answer(handler: MockHandler, req: NodeRequest, res: Parameters<RequestListener>[1], next: () => void): Promise<void> {
  try {
    const response = await handler.answer(toFetchRequest(req))
    if (response) await sendFetchResponse(res, response)
    else next()
  } catch (error) {
    console.error('[ad-campaign-mock] unexpected error:', error)
    await sendFetchResponse(res, errorResponse(internalError()))
  }
}
