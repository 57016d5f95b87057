import express, { type ErrorRequestHandler, type Express } from 'express'
import { getResponse, type RequestHandler as MswHandler } from 'msw'
import type { MockApi } from '../surface/create-mock-api.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { toFetchResponse } from '../http/mock-request.js'
import { errorAnswer } from '../pipeline/error-answer.js'
import { docsRoutes } from './docs-routes.js'
import type { MockExpressApp, MockMiddleware } from './mock-express-app.js'
import { answerThroughFetch, crossEdge, sendEdgeError } from './express-edge.js'
import { sendFetchResponse } from './to-fetch-request.js'

/**
 * Middleware that asks the msw handlers for every request and passes on what none of them
 * answers, and what a Fetch `Request` cannot carry (TRACE), to the next one: a 404 below.
 * @example app.use(mswMiddleware(api.handlers))
 */
export function mswMiddleware(handlers: MswHandler[]): MockMiddleware {
  const answer = (request: Request) => getResponse(handlers, request)
  return (req, res, next) => answerThroughFetch(req, res, answer, next)
}

/** Errors Express passes on (the body reader's, a handler's failure), in the API's error shape: its model's. */
const errorShapeOf =
  (api: MockApi): ErrorRequestHandler =>
  async (error, _req, res, _next) => {
    await sendEdgeError(res, error, api.context.model)
  }

/**
 * An Express app that serves the mock's handlers: the edge (CORS, the body reader), the handlers
 * (through Fetch translation), then a 404 and the edge's errors in the error shape. The handlers
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
  app.use(crossEdge)
  extend?.(app)
  app.use(mswMiddleware(api.handlers))
  app.use((req, res) =>
    sendFetchResponse(
      res,
      toFetchResponse(
        errorAnswer(
          new ApiError('route_not_found', MESSAGES.route_not_found.listener(req.method, req.path)),
          api.context.model,
          { request: { method: req.method, path: req.path }, now: () => api.context.clock.now() },
        ),
      ),
    ),
  )
  app.use(errorShapeOf(api))
  return app
}
