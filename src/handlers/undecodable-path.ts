import { http, type HttpHandler } from 'msw'
import { assertAdmin } from '../domain/auth.js'
import { ApiError } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import { handleSafely } from './handle-safely.js'
import { isUnderBase } from './is-under-base.js'
import { serveApiRequest } from './serve-api-request.js'

/**
 * Answers a path that is not valid percent-encoding (`/api/v1/campaigns/%ZZ`) under the API
 * or the control plane with 404 `route_not_found`. It must come before every handler matched by
 * path: msw's matcher decodes path parameters and throws on such a path (a 500 in every transport).
 * @example createHandlers(ctx) // [...undecodablePathHandlers(ctx), ...]
 */
export function undecodablePathHandlers(ctx: MockContext): HttpHandler[] {
  const notFound = (request: Request, what: string) => {
    throw new ApiError('route_not_found', `No ${what} ${request.method} ${new URL(request.url).pathname}: the path is not valid percent-encoding`)
  }
  return [
    http.all(({ request }) => isUndecodableUnder(request.url, ctx.apiBase), ({ request }) =>
      serveApiRequest(ctx, request, undefined, async () => notFound(request, 'operation')),
    ),
    http.all(({ request }) => isUndecodableUnder(request.url, ctx.adminBase), ({ request }) =>
      handleSafely(async () => {
        assertAdmin(ctx, request)
        return notFound(request, 'control operation')
      }),
    ),
  ]
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
