import {
  answerStatusAs,
  eachCampaign,
  isSuccess,
  stateful,
  takesNearKeys,
  withJson,
  type BrokenVariant,
} from './rewriters.js'

export { breakMock, type BrokenVariant, type Rewriter } from './rewriters.js'

/** The table: one small rewrite per way to break the contract. */
export const BROKEN_VARIANTS: readonly BrokenVariant[] = [
  {
    name: 'envelope missing success',
    caughtBy: 'envelope_conformance',
    rewrite: async (request, next) => {
      const response = await next(request)
      return isSuccess(response) ? withJson(response, ({ success: _success, ...rest }) => rest) : response
    },
  },
  {
    name: 'data unwrapped',
    caughtBy: 'envelope_conformance',
    rewrite: async (request, next) => {
      const response = await next(request)
      return isSuccess(response) ? withJson(response, (body) => body.data) : response
    },
  },
  {
    name: 'a field of the wrong type (cpm as a string)',
    caughtBy: 'response_schema_conformance',
    rewrite: async (request, next) =>
      withJson(await next(request), (body) => eachCampaign(body, (c) => (c.cpm = String(c.cpm)))),
  },
  {
    name: 'a required field missing (advert_title)',
    caughtBy: 'response_schema_conformance',
    rewrite: async (request, next) =>
      withJson(await next(request), (body) => eachCampaign(body, (c) => delete c.advert_title)),
  },
  {
    name: '200 where 401 is due',
    caughtBy: 'ignored_auth',
    rewrite: answerStatusAs(401, 200),
  },
  {
    name: 'a bad key accepted',
    caughtBy: 'ignored_auth',
    // Any key that the mock refuses is taken as the last key it accepted.
    rewrite: stateful(() => {
      let goodKey: string | undefined
      return async (request, next) => {
        const retry = request.clone()
        const response = await next(request)
        const key = request.headers.get('authorization')
        if (isSuccess(response) && key) goodKey = key
        if (response.status !== 401 || !key || !goodKey) return response
        retry.headers.set('authorization', goodKey)
        return next(retry)
      }
    }),
  },
  {
    name: 'a key compared without its last four characters',
    caughtBy: 'ignored_auth',
    // A refused key that matches a key that worked in all but its last four characters is taken as that key.
    rewrite: takesNearKeys((good, key) => good.length === key.length && good.slice(0, -4) === key.slice(0, -4)),
  },
  {
    name: '422 answered as 400',
    caughtBy: 'negative_data_rejection',
    rewrite: answerStatusAs(422, 400),
  },
  {
    name: '422 answered as 200',
    caughtBy: 'negative_data_rejection',
    rewrite: answerStatusAs(422, 200),
  },
  {
    name: 'sending_limit 0 accepted on create',
    caughtBy: 'negative_data_rejection',
    // The mock's 422 becomes a 201: the campaign is created with the smallest valid limit instead.
    rewrite: async (request, next) => {
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/campaigns')) return next(request)
      const body = JSON.parse(await request.clone().text())
      if (body?.campaign?.sending_limit !== 0) return next(request)
      return next(
        new Request(request, { body: JSON.stringify({ ...body, campaign: { ...body.campaign, sending_limit: 1 } }) }),
      )
    },
  },
  {
    name: '429 without Retry-After',
    caughtBy: 'response_headers_conformance',
    rewrite: async (request, next) => {
      const response = await next(request)
      if (response.status !== 429) return response
      const headers = new Headers(response.headers)
      headers.delete('retry-after')
      return new Response(await response.text(), { status: 429, headers })
    },
  },
  {
    name: '201 answered as 200',
    caughtBy: 'status_code_conformance',
    rewrite: answerStatusAs(201, 200),
  },
  {
    name: 'JSON served as text/plain',
    caughtBy: 'content_type_conformance',
    rewrite: async (request, next) => {
      const response = await next(request)
      const headers = new Headers(response.headers)
      headers.set('content-type', 'text/plain; charset=utf-8')
      return new Response(await response.text(), { status: response.status, headers })
    },
  },
  {
    name: 'an occasional 500',
    caughtBy: 'not_a_server_error',
    rewrite: stateful(() => {
      let count = 0
      return async (request, next) => {
        if (++count % 20 !== 0) return next(request)
        const body = { success: false, error: { code: 'internal_error', message: 'Injected by the self-test' } }
        return new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } })
      }
    }),
  },
  {
    name: 'a resource still readable after delete',
    caughtBy: 'use_after_free',
    rewrite: stateful(() => {
      const deleted = new Map<string, unknown>()
      return async (request, next) => {
        const path = new URL(request.url).pathname
        if (request.method === 'GET' && deleted.has(path)) {
          return new Response(JSON.stringify({ success: true, data: deleted.get(path) }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        }
        const response = await next(request)
        if (request.method === 'DELETE' && isSuccess(response)) deleted.set(path, (await response.clone().json()).data)
        return response
      }
    }),
  },
  {
    name: "another user's campaign visible",
    caughtBy: 'object_level_authorization',
    // A 404 on GET /campaigns/{id} is asked again with every other key that has worked.
    rewrite: stateful(() => {
      const keys = new Set<string>()
      return async (request, next) => {
        const retry = request.clone()
        const response = await next(request)
        const key = request.headers.get('authorization')
        if (isSuccess(response) && key) keys.add(key)
        if (
          response.status !== 404 ||
          request.method !== 'GET' ||
          !/\/campaigns\/\d+$/.test(new URL(request.url).pathname)
        )
          return response
        for (const other of keys) {
          if (other === key) continue
          const attempt = retry.clone()
          attempt.headers.set('authorization', other)
          const answer = await next(attempt)
          if (isSuccess(answer)) return answer
        }
        return response
      }
    }),
  },
  {
    name: 'filters ignored',
    caughtBy: 'filter_conformance',
    // Every query parameter but the paging ones is dropped before the mock sees it.
    rewrite: async (request, next) => {
      const url = new URL(request.url)
      if (request.method !== 'GET' || !url.pathname.endsWith('/campaigns')) return next(request)
      for (const name of [...url.searchParams.keys()])
        if (name !== 'page' && name !== 'per_page') url.searchParams.delete(name)
      return next(new Request(url, request))
    },
  },
  {
    name: 'per_page ignored',
    caughtBy: 'pagination_conformance',
    rewrite: async (request, next) => {
      const url = new URL(request.url)
      if (request.method !== 'GET' || !url.searchParams.has('per_page')) return next(request)
      url.searchParams.delete('per_page')
      return next(new Request(url, request))
    },
  },
  {
    name: 'lists oldest first',
    caughtBy: 'ordering_conformance',
    rewrite: async (request, next) =>
      withJson(await next(request), (body) =>
        Array.isArray(body?.data) ? { ...body, data: [...body.data].reverse() } : body,
      ),
  },
  {
    name: 'a PATCH that changes nothing',
    caughtBy: 'read_back_conformance',
    // The update is answered with the resource as it was, and not applied.
    rewrite: async (request, next) => {
      if (request.method !== 'PATCH' || !/\/(campaigns|adverts)\/\d+$/.test(new URL(request.url).pathname))
        return next(request)
      return next(new Request(request.url, { method: 'GET', headers: request.headers }))
    },
  },
  {
    name: 'a create answered with other values than were sent',
    caughtBy: 'read_back_conformance',
    // The campaign is created with one more sending_limit than asked for.
    rewrite: async (request, next) => {
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/campaigns')) return next(request)
      const body = JSON.parse(await request.clone().text())
      if (typeof body?.campaign?.sending_limit !== 'number') return next(request)
      return next(
        new Request(request, {
          body: JSON.stringify({
            ...body,
            campaign: { ...body.campaign, sending_limit: body.campaign.sending_limit + 1 },
          }),
        }),
      )
    },
  },
  {
    name: 'sending_count past sending_limit',
    caughtBy: 'resource_invariants',
    rewrite: async (request, next) =>
      withJson(await next(request), (body) =>
        eachCampaign(body, (c) => (c.sending_count = Number(c.sending_limit) + 1)),
      ),
  },
  {
    name: 'a toggle that also changes cpm',
    caughtBy: 'toggle_conformance',
    rewrite: async (request, next) => {
      const response = await next(request)
      if (!new URL(request.url).pathname.endsWith('/toggle') || !isSuccess(response)) return response
      return withJson(response, (body) => eachCampaign(body, (c) => (c.cpm = Number((Number(c.cpm) + 1).toFixed(2)))))
    },
  },
]
