import { isSuccess, stateful, withJson, type BrokenVariant, type Rewriter } from './rewriters.js'

/** The response with its headers changed (the body as it was). */
async function withHeaders(response: Response, change: (headers: Headers) => void): Promise<Response> {
  const headers = new Headers(response.headers)
  change(headers)
  return new Response(await response.text(), { status: response.status, headers })
}

/** Rewrites the rate-limit headers of every answer that has them. */
function rateLimitHeaders(change: (headers: Headers, limit: number, request: Request) => void): Rewriter {
  return async (request, next) => {
    const response = await next(request)
    const limit = Number(response.headers.get('x-ratelimit-limit'))
    return Number.isFinite(limit) && response.headers.has('x-ratelimit-limit')
      ? withHeaders(response, (headers) => change(headers, limit, request))
      : response
  }
}

/** The name of the RateLimit-Policy whose quota is `limit` (the window X-RateLimit-* describes). */
function bindingPolicy(headers: Headers, limit: number): string | undefined {
  return new RegExp(`"([^"]+)";q=${limit};`).exec(headers.get('ratelimit-policy') ?? '')?.[1]
}

/** Sets what that policy has left, in the RateLimit header. */
function setPolicyRemaining(headers: Headers, limit: number, remaining: number): void {
  const name = bindingPolicy(headers, limit)
  if (name)
    headers.set(
      'ratelimit',
      (headers.get('ratelimit') ?? '').replace(new RegExp(`"${name}";r=\\d+`), `"${name}";r=${remaining}`),
    )
}

const itemPath = (request: Request) => new URL(request.url).pathname

/**
 * Broken variants for the consistency and rate-limit header checks of issue 17: each breaks one
 * fact, and must be caught by its check and by no other one.
 */
export const CONSISTENCY_VARIANTS: readonly BrokenVariant[] = [
  {
    name: 'a balance that GET /user does not report',
    caughtBy: 'cross_operation_consistency',
    alone: true,
    rewrite: async (request, next) => {
      const response = await next(request)
      if (!itemPath(request).endsWith('/user/balance') || !isSuccess(response)) return response
      return withJson(response, (body) => ({
        ...body,
        data: { ...body.data, balance_usd: Number((body.data.balance_usd + 1).toFixed(2)) },
      }))
    },
  },
  {
    name: 'a campaign that embeds another advert than advert_id names',
    caughtBy: 'nested_resource_consistency',
    alone: true,
    rewrite: async (request, next) => {
      const response = await next(request)
      if (request.method !== 'GET' || !/\/campaigns\/\d+$/.test(itemPath(request)) || !isSuccess(response))
        return response
      return withJson(response, (body) => ({
        ...body,
        data: { ...body.data, advert: { ...body.data.advert, id: body.data.advert.id + 1000 } },
      }))
    },
  },
  {
    name: 'created_at moved by an update',
    caughtBy: 'immutable_fields',
    alone: true,
    // From its update on, a campaign answers the update's time as its created_at.
    rewrite: stateful(() => {
      const moved = new Map<unknown, unknown>()
      return async (request, next) => {
        const response = await next(request)
        const text = isSuccess(response) ? await response.clone().text() : ''
        const data = text ? JSON.parse(text).data : undefined
        if (request.method === 'PATCH' && /\/campaigns\/\d+$/.test(itemPath(request)) && data)
          moved.set(data.id, data.updated_at)
        if (!text || moved.size === 0) return response
        return withJson(response, (body) => {
          for (const item of Array.isArray(body.data) ? body.data : [body.data])
            if (item && moved.has(item.id) && 'advert_title' in item) item.created_at = moved.get(item.id)
          return body
        })
      }
    }),
  },
  {
    name: 'an update answered with the old updated_at',
    caughtBy: 'write_stamp_progression',
    alone: true,
    rewrite: async (request, next) => {
      const response = await next(request)
      if (request.method !== 'PATCH' || !/\/campaigns\/\d+$/.test(itemPath(request)) || !isSuccess(response))
        return response
      return withJson(response, (body) => ({ ...body, data: { ...body.data, updated_at: body.data.created_at } }))
    },
  },
  {
    name: 'a read repeated at once answered from a stale cache',
    caughtBy: 'repeatable_read',
    alone: true,
    // The same GET right after itself gets the resource as it was before its last write.
    rewrite: stateful(() => {
      let last = ''
      const seen = new Map<string, Record<string, unknown>>()
      const stale = new Map<string, Record<string, unknown>>()
      return async (request, next) => {
        const path = itemPath(request).replace(/\/toggle$/, '')
        const signature = `${request.method} ${request.url} ${request.headers.get('authorization')}`
        const repeat = request.method === 'GET' && signature === last
        last = signature
        const response = await next(request)
        if (!isSuccess(response) || !/\/(campaigns|adverts)\/\d+$/.test(path)) return response
        const previous = seen.get(path)
        if (request.method !== 'GET' && previous) stale.set(path, previous)
        const { advert: _advert, ...own } = JSON.parse((await response.clone().text()) || '{}').data ?? {}
        seen.set(path, own)
        const old = stale.get(path)
        return repeat && old ? withJson(response, (body) => ({ ...body, data: { ...body.data, ...old } })) : response
      }
    }),
  },
  {
    name: "a rate limit that is not the account's tier",
    caughtBy: 'rate_limit_tier_conformance',
    alone: true,
    rewrite: rateLimitHeaders((headers, limit) => {
      headers.set('ratelimit-policy', (headers.get('ratelimit-policy') ?? '').replace(`q=${limit};`, `q=${limit * 2};`))
      headers.set('x-ratelimit-limit', String(limit * 2))
    }),
  },
  {
    name: 'a remaining count that does not move',
    caughtBy: 'rate_limit_countdown',
    alone: true,
    // For every key, X-RateLimit-Remaining and its RateLimit r stay at the limit less one.
    rewrite: rateLimitHeaders((headers, limit) => {
      headers.set('x-ratelimit-remaining', String(limit - 1))
      setPolicyRemaining(headers, limit, limit - 1)
    }),
  },
  {
    name: 'a window that resets now',
    caughtBy: 'rate_limit_reset_conformance',
    alone: true,
    rewrite: rateLimitHeaders((headers) => {
      headers.set('x-ratelimit-reset', String(Math.floor(Date.parse(headers.get('date') ?? '') / 1000)))
      headers.set('ratelimit', (headers.get('ratelimit') ?? '').replace(/;t=\d+/g, ';t=0'))
    }),
  },
  {
    name: 'a RateLimit header that disagrees with X-RateLimit-Remaining',
    caughtBy: 'rate_limit_header_agreement',
    alone: true,
    rewrite: rateLimitHeaders((headers, limit) =>
      setPolicyRemaining(headers, limit, Number(headers.get('x-ratelimit-remaining')) + 1),
    ),
  },
]
