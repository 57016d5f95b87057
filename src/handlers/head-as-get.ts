import { getResponse, http, type HttpHandler } from 'msw'
import type { MockContext } from './mock-context.js'
import { isUnderBase } from './is-under-base.js'

/**
 * Answers HEAD wherever GET is answered (RFC 9110 9.3.2): the same request as a GET through
 * `handlers`, then the same status and headers, with the GET body's Content-Length and no body.
 * A HEAD is a GET to the rest of the mock: it is authenticated, counted and journalled as one.
 * It comes first, so that no other handler answers a HEAD with a body (in-process, msw would pass it on).
 * @example createHandlers(ctx) // [...headAsGetHandlers(ctx, everyOtherHandler), ...everyOtherHandler]
 */
export function headAsGetHandlers(ctx: MockContext, handlers: readonly HttpHandler[]): HttpHandler[] {
  const asGet = async ({ request }: { request: Request }) => {
    const get = new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal })
    const response = await getResponse([...handlers], get)
    if (!response) return undefined
    const headers = new Headers(response.headers)
    if (!headers.has('content-length')) headers.set('content-length', String((await response.arrayBuffer()).byteLength))
    return new Response(null, { status: response.status, statusText: response.statusText, headers })
  }
  // A predicate rather than a path: msw's path matcher throws on a path that does not decode.
  return [http.head(({ request }) => isUnderBase(request.url, ctx.apiBase) || isUnderBase(request.url, ctx.adminBase), asGet)]
}
