import { stateful, withJson, type Rewriter } from './rewriters.js'

// Correct-but-different variants of the mock: each makes a choice the document allows, or one
// the spec leaves open, that the suite must take without a false alarm or a check left unrun.

const STAMP_KEYS = new Set(['created_at', 'updated_at'])

/** Every created_at and updated_at in a body, wherever it sits, cut to the whole second (`…:07Z`). */
function toTheSecond(node: unknown): void {
  if (!node || typeof node !== 'object') return
  for (const [key, value] of Object.entries(node)) {
    if (STAMP_KEYS.has(key) && typeof value === 'string')
      (node as Record<string, unknown>)[key] = value.replace(/\.\d+Z$/, 'Z')
    else toTheSecond(value)
  }
}

/** Stamps to the second, which the document's timestamp pattern allows (the fraction is optional). */
export const stampsToTheSecond: Rewriter = async (request, next) =>
  withJson(await next(request), (body) => {
    toTheSecond(body)
    return body
  })

/** Sends response headers the document does not list (a request id, server timing, a cache header). */
export const extraHeaders: Rewriter = stateful(() => {
  let count = 0
  return async (request, next) => {
    const response = await next(request)
    const headers = new Headers(response.headers)
    headers.set('x-request-id', `req-${++count}`)
    headers.set('server-timing', 'app;dur=1.2')
    headers.set('cache-control', 'no-store')
    return new Response(await response.text(), { status: response.status, headers })
  }
})

/**
 * Knows only the spec's broadcasting type (`active_ad`): `passive_ad` in a body or a filter is
 * refused as the mock refuses any unknown value (a 422 naming the field, with its headers).
 */
export const refusesPassiveAd: Rewriter = async (request, next) => {
  const url = new URL(request.url)
  if (url.searchParams.get('broadcasting_type') === 'passive_ad') {
    url.searchParams.set('broadcasting_type', 'refused_type')
    return next(new Request(url, request))
  }
  if (request.method !== 'POST' && request.method !== 'PATCH') return next(request)
  const text = await request.clone().text()
  if (!text.includes('"passive_ad"')) return next(request)
  return next(new Request(request, { body: text.replace(/"passive_ad"/g, '"refused_type"') }))
}

/** Applies rewriters one after the other, the first nearest the mock. */
export function allOf(...rewriters: Rewriter[]): Rewriter {
  return rewriters.reduce<Rewriter>(
    (inner, outer) => (request, next) => outer(request, (forwarded) => inner(forwarded, next)),
    (request, next) => next(request),
  )
}
