import { isSuccess, stateful, withJson, type BrokenVariant, type Rewriter } from './rewriters.js'

const pathOf = (request: Request) => new URL(request.url).pathname
const isList = (request: Request) => request.method === 'GET' && /\/(campaigns|adverts)$/.test(pathOf(request))

/**
 * Lists that forget deletes (a soft delete the list query does not filter): every item the run
 * deleted is listed again, where it belongs in the order (newest first) and the filters asked
 * for, with the totals counting it. GET and DELETE by id still answer 404.
 */
const listsForgetDeletes: Rewriter = stateful(() => {
  // By account and collection: each account's list forgets its own deletes (no one else's shows).
  const deleted = new Map<string, Array<Record<string, unknown>>>()
  return async (request, next) => {
    const url = new URL(request.url)
    const key = request.headers.get('authorization') ?? ''
    const response = await next(request.clone())
    if (request.method === 'DELETE' && isSuccess(response)) {
      const collection = `${key} ${url.pathname.replace(/\/[^/]+$/, '')}`
      const item = (await response.clone().json()).data
      deleted.set(collection, [...(deleted.get(collection) ?? []), item])
    }
    const gone = deleted.get(`${key} ${url.pathname}`) ?? []
    if (!isList(request) || !isSuccess(response) || gone.length === 0) return response
    const whole = new URL(url)
    whole.searchParams.set('page', '1')
    whole.searchParams.set('per_page', '100')
    const all = (await (await next(new Request(whole, { headers: request.headers }))).json()).data
    const filters = [...url.searchParams].filter(([name]) => name !== 'page' && name !== 'per_page')
    const items = [...all, ...gone.filter((item) => filters.every(([name, value]) => String(item[name]) === value))]
    items.sort((a, b) => Number(b.id) - Number(a.id))
    const page = Number(url.searchParams.get('page') ?? 1)
    const perPage = Number(url.searchParams.get('per_page') ?? 25)
    return withJson(response, (body) => ({
      ...body,
      data: items.slice((page - 1) * perPage, page * perPage),
      pagination: {
        page,
        per_page: perPage,
        total_count: items.length,
        total_pages: Math.ceil(items.length / perPage),
      },
    }))
  }
})

/** Deleting an advert in use deletes the campaigns that use it first, then the advert (200). */
const deletesAdvertsInUse: Rewriter = async (request, next) => {
  const response = await next(request.clone())
  if (request.method !== 'DELETE' || !/\/adverts\/\d+$/.test(pathOf(request)) || response.status !== 422)
    return response
  const id = pathOf(request).split('/').pop()
  const base = request.url.replace(/\/adverts\/\d+$/, '')
  const using = await next(new Request(`${base}/campaigns?advert_id=${id}&per_page=100`, { headers: request.headers }))
  for (const campaign of (await using.json()).data)
    await next(new Request(`${base}/campaigns/${campaign.id}`, { method: 'DELETE', headers: request.headers }))
  return next(request)
}

/** Each 422 names its fields without their wrapper: `cpm` for `campaign.cpm`. */
const fieldsWithoutWrapper: Rewriter = async (request, next) => {
  const response = await next(request)
  if (response.status !== 422) return response
  return withJson(response, (body) => {
    for (const entry of body?.error?.fields ?? []) entry.field = String(entry.field).split('.').pop()
    return body
  })
}

/** Retry-After changed by `change` on every 429 (what the same answer's reset headers say stays). */
const retryAfterAs =
  (change: (stated: number) => number): Rewriter =>
  async (request, next) => {
    const response = await next(request)
    if (response.status !== 429) return response
    const headers = new Headers(response.headers)
    headers.set('retry-after', String(change(Number(headers.get('retry-after')))))
    return new Response(await response.text(), { status: 429, headers })
  }

/** Retry-After half a window longer than what the same answer's reset headers say: a client waits for nothing. */
const retryAfterLonger = retryAfterAs((stated) => stated + 30)

/**
 * Retry-After half of what is left of the window: shorter than the reset, which is right for a token
 * bucket, but the mock's window is fixed, so a request after it is refused again. Caught only where
 * the 429 leaves more than a second of the window (self-test.test.ts stops the mock's clock at a minute's start).
 */
export const retryAfterHalved = retryAfterAs((stated) => Math.floor(stated / 2))

/** Retry-After always the whole window (60 s), whatever is left of it: right only at the window's start. */
const retryAfterFullWindow = retryAfterAs(() => 60)

/** A campaign's largest cpm (100000, which the document allows) is refused like one past it. */
const largestCpmRefused: Rewriter = async (request, next) => {
  if ((request.method !== 'POST' && request.method !== 'PATCH') || !pathOf(request).includes('/campaigns'))
    return next(request)
  const text = await request.clone().text()
  if (!/"cpm":100000[,}]/.test(text)) return next(request)
  return next(new Request(request, { body: text.replace(/"cpm":100000([,}])/, '"cpm":100001$1') }))
}

/** PUT is taken for GET. */
const putAsGet: Rewriter = async (request, next) =>
  request.method === 'PUT' ? next(new Request(request.url, { method: 'GET', headers: request.headers })) : next(request)

/** A body that does not parse is answered as one without the wrapper: a 422, not the documented 400. */
const malformedAs422: Rewriter = async (request, next) => {
  if (request.method !== 'POST' && request.method !== 'PATCH') return next(request)
  const text = await request.clone().text()
  try {
    if (text) JSON.parse(text)
    return next(request)
  } catch {
    return next(new Request(request, { body: '{}' }))
  }
}

/** Without per_page, a page of 20 items that says it holds 25. */
const shortDefaultPage: Rewriter = async (request, next) => {
  const response = await next(request)
  if (!isList(request) || new URL(request.url).searchParams.has('per_page') || !isSuccess(response)) return response
  return withJson(response, (body) => ({ ...body, data: body.data.slice(0, 20) }))
}

/**
 * Broken variants for the judgements of issue 25: each breaks what one new check judges, and
 * must be caught by that check and by no other one.
 */
export const VERDICT_VARIANTS: readonly BrokenVariant[] = [
  {
    name: 'lists that forget deletes',
    caughtBy: 'deleted_resource_unlisted',
    alone: true,
    rewrite: listsForgetDeletes,
  },
  {
    name: 'an advert in use deleted with its campaigns',
    caughtBy: 'in_use_deletion_refused',
    alone: true,
    rewrite: deletesAdvertsInUse,
  },
  {
    name: "a 422's fields without their wrapper",
    caughtBy: 'validation_field_conformance',
    alone: true,
    rewrite: fieldsWithoutWrapper,
  },
  {
    name: 'Retry-After half a window longer than the reset',
    caughtBy: 'retry_after_agreement',
    alone: true,
    rewrite: retryAfterLonger,
  },
  {
    name: 'Retry-After always the whole window',
    caughtBy: 'retry_after_agreement',
    alone: true,
    rewrite: retryAfterFullWindow,
  },
  { name: 'the largest cpm refused', caughtBy: 'positive_data_acceptance', alone: true, rewrite: largestCpmRefused },
  { name: 'PUT taken for GET', caughtBy: 'unsupported_method', alone: true, rewrite: putAsGet },
  { name: 'malformed JSON answered 422', caughtBy: 'malformed_body_rejection', alone: true, rewrite: malformedAs422 },
  {
    name: 'a default page of 20 that says 25',
    caughtBy: 'pagination_conformance',
    alone: true,
    rewrite: shortDefaultPage,
  },
]
