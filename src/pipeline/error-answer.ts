import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { MockAnswer, MockRequest } from '../http/mock-request.js'
import { DEFAULT_MODEL, type ApiModel } from '../model/api-model.js'
import type { NotFoundRoute } from './route.js'

// What the pipeline answers when a request fails: the error answer as the model shapes it, and
// the 404 (or 405) of a route no operation has. Kept apart from pipeline.ts, whose success path
// never enters here.

/** Where an error answer is made: the model that shapes it, and the request and moment it answers. */
export interface ErrorScene {
  request?: { method: string; path: string }
  /** The mock's clock, for the body's `time` slot: real time where none is given. */
  now?: () => number
}

/**
 * The error answer for an ApiError, as the model shapes it: the status its profile gives the code,
 * the body its template renders, the profile's media type, and `Allow` on a 405.
 * @example errorAnswer(new ApiError('not_found', 'Campaign 7 does not exist'), DEFAULT_MODEL).status // 404
 */
export function errorAnswer(error: ApiError, model: ApiModel = DEFAULT_MODEL, scene: ErrorScene = {}): MockAnswer {
  const { errors } = model
  const body = errors.body(
    { code: error.code, message: error.message, problems: error.fields, request: scene.request, status: error.forced },
    (scene.now ?? Date.now)(),
  )
  const media = errors.mediaOf(error.code)
  const answer: MockAnswer = {
    status: error.forced ?? errors.status(error.code),
    headers: { 'content-type': media },
    // A body in a media type of its own (an HTML page) is its text as it is; any other is JSON.
    body: typeof body === 'string' && !/json/i.test(media) ? body : JSON.stringify(body),
  }
  if (error.allow) answer.headers.allow = error.allow.join(', ')
  return answer
}

/**
 * The 404 of a route no operation has: a path that does not decode, or that no operation has; or,
 * where the profile says so, the 405 of a path whose operations have other methods (with `Allow`).
 */
export function routeNotFound(
  { ctx, plane, notFound }: NotFoundRoute,
  request: MockRequest,
  allow: readonly string[] = [],
): ApiError {
  if (allow.length > 0 && ctx.model.errors.unsupportedMethod === 'method_not_allowed') {
    const { pathname } = request.url
    return new ApiError(
      'method_not_allowed',
      MESSAGES.method_not_allowed.allowed(request.method, pathname, allow),
      undefined,
      allow,
    )
  }
  const message = MESSAGES.route_not_found[notFound === 'undecodable' ? 'undecodable' : 'operation']
  return new ApiError('route_not_found', message(plane, request.method, request.url.pathname))
}
