import { http, type HttpHandler } from 'msw'
import { ApiError } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import { serveApiRequest } from './serve-api-request.js'

/** Answers any other request under the API prefix with a 404 in the error shape (journalled, not rate-limited). */
export function fallbackHandlers(ctx: MockContext): HttpHandler[] {
  const notFound = ({ request }: { request: Request }) =>
    serveApiRequest(ctx, request, undefined, async () => {
      throw new ApiError('route_not_found', `No operation ${request.method} ${new URL(request.url).pathname}`)
    })
  return [http.all(ctx.apiBase, notFound), http.all(`${ctx.apiBase}/*`, notFound)]
}
