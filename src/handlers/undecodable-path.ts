import { http, type HttpHandler } from 'msw'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { isUnderBase } from './is-under-base.js'
import type { MockContext } from './mock-context.js'
import { createRoute, runPipeline } from './pipeline.js'
import type { Plane } from './route.js'

/**
 * Answers a path that is not valid percent-encoding (`/api/v1/campaigns/%ZZ`) under the API
 * or the control plane with 404 `route_not_found`. It must come before every handler matched by
 * path: msw's matcher decodes path parameters and throws on such a path (a 500 in every transport).
 * @example createHandlers(ctx) // [...undecodablePathHandlers(ctx), ...]
 */
export function undecodablePathHandlers(ctx: MockContext): HttpHandler[] {
  const handler = (plane: Plane, base: string) => {
    const route = createRoute(ctx, { plane }, async ({ request, url }) => {
      throw new ApiError('route_not_found', MESSAGES.route_not_found.undecodable(plane, request.method, url.pathname))
    })
    return http.all(({ request }) => isUndecodableUnder(request.url, base), ({ request }) => runPipeline(route, request, {}))
  }
  return [handler('api', ctx.apiBase), handler('admin', ctx.adminBase)]
}

/** Whether a URL lies under an msw base pattern and its path does not percent-decode. */
function isUndecodableUnder(href: string, base: string): boolean {
  return !decodes(new URL(href).pathname) && isUnderBase(href, base)
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}
