import type { RequestListener } from 'node:http'
import type { MockApi } from '../surface/create-mock-api.js'
import { MockHandler } from '../msw/mock-handler.js'
import type { MockExpressApp } from './mock-express-app.js'
import { answerThroughFetch, crossEdge, FETCH_FORBIDDEN_METHODS, sendEdgeError } from './request-edge.js'
import type { NodeRequest } from './to-fetch-request.js'

/**
 * The listener's request handler. A request to the API or the control plane goes straight from
 * Node's request to the mock's handler: the edge (CORS, the body reader), Fetch translation, the
 * handler, the response, as the Express app does it (the same request-edge.ts), without Express's
 * router and without msw's per-request bookkeeping (together two thirds of the listener's time;
 * docs/performance.md has the figures). Everything else (the documents, the docs page, TRACE, other
 * paths) goes to the Express app, and so does anything the handler does not answer.
 * @example createServer(createRequestListener(api, createListenerApp(api), Object.values(documentPaths(api))))
 */
export function createRequestListener(
  api: MockApi,
  app: MockExpressApp,
  expressPaths: readonly string[],
): RequestListener {
  const handler = api.handlers.find((candidate): candidate is MockHandler => candidate instanceof MockHandler)
  const expressOnly = new Set(expressPaths.flatMap((path) => [path, `${path}/`]))
  const isTheMocks = (req: NodeRequest): boolean => {
    if (!handler || FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) return false
    const url = URL.parse(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
    return url !== null && !expressOnly.has(url.pathname) && handler.serves(url)
  }
  const answer = (request: Request) => handler!.answer(request)
  return (req, res) => {
    if (!isTheMocks(req)) return app(req, res)
    crossEdge(req, res, (error) => {
      if (error) return void sendEdgeError(res, error)
      // What the handler does not answer goes to the Express app; a failure is a 500 in the error shape.
      void answerThroughFetch(req, res, answer, (failure) =>
        failure === undefined ? app(req, res) : void sendEdgeError(res, failure),
      )
    })
  }
}
