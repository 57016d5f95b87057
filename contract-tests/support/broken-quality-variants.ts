import { isSuccess, stateful, takesNearKeys, withJson, type BrokenVariant, type Rewriter } from './rewriters.js'

const pathOf = (request: Request) => new URL(request.url).pathname

/** A request's JSON body, or undefined when it has none that parses to an object (the mock answers it as it would). */
async function bodyOf(request: Request): Promise<Record<string, any> | undefined> {
  try {
    const body = JSON.parse(await request.clone().text()) as unknown
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, any>) : undefined
  } catch {
    return undefined
  }
}

/** An update read as a replace: PATCH /adverts/{id} sets target_url to null when the body leaves it out. */
const patchClearsTargetUrl: Rewriter = async (request, next) => {
  if (request.method !== 'PATCH' || !/\/adverts\/\d+$/.test(pathOf(request))) return next(request)
  const body = await bodyOf(request)
  if (!body?.advert || typeof body.advert !== 'object' || 'target_url' in body.advert) return next(request)
  return next(new Request(request, { body: JSON.stringify({ advert: { ...body.advert, target_url: null } }) }))
}

/** Every answer echoes the caller's key in a header of its own. */
const keyInAHeader: Rewriter = async (request, next) => {
  const response = await next(request)
  const key = request.headers.get('authorization')
  if (!key) return response
  const headers = new Headers(response.headers)
  headers.set('x-api-key', key)
  return new Response(await response.text(), { status: response.status, headers })
}

/**
 * A 404 for another account's resource names its owner's e-mail ("belongs to …"): the run's
 * keys, the e-mails their user records gave and who created what are remembered as they pass.
 */
const ownerInTheError: Rewriter = stateful(() => {
  const users = new Map<string, number>()
  const emails = new Map<number, string>()
  const owners = new Map<string, number>()
  return async (request, next) => {
    const key = request.headers.get('authorization') ?? ''
    const path = pathOf(request)
    const response = await next(request)
    const text = isSuccess(response) ? await response.clone().text() : ''
    const data = text ? (JSON.parse(text) as { data?: Record<string, unknown> }).data : undefined
    if (/\/user(\/reset_api_key)?$/.test(path) && typeof data?.id === 'number' && typeof data.email === 'string') {
      users.set(typeof data.api_key === 'string' ? data.api_key : key, data.id)
      emails.set(data.id, data.email)
    }
    if (request.method === 'POST' && data && typeof data.id === 'number' && users.has(key))
      owners.set(`${path}/${data.id}`, users.get(key)!)
    const owner = owners.get(path.replace(/\/toggle$/, ''))
    if (response.status !== 404 || owner === undefined || owner === users.get(key) || !emails.has(owner))
      return response
    return withJson(response, (body) => ({
      ...body,
      error: { ...body.error, message: `${body.error.message}: it belongs to ${emails.get(owner)}` },
    }))
  }
})

/** POST /campaigns takes the sending_count it is sent (the mock would refuse the field: it is taken out, then answered). */
const createWritesSendingCount: Rewriter = stateful(() => {
  const written = new Map<unknown, unknown>()
  return async (request, next) => {
    const path = pathOf(request)
    if (request.method === 'POST' && path.endsWith('/campaigns')) {
      const body = await bodyOf(request)
      const sent = body?.campaign?.sending_count
      const readOnly = ['id', 'advert_title', 'sending_count', 'created_at', 'updated_at']
      if (body?.campaign && typeof body.campaign === 'object' && readOnly.some((field) => field in body.campaign)) {
        const kept = Object.fromEntries(Object.entries(body.campaign).filter(([field]) => !readOnly.includes(field)))
        const response = await next(new Request(request, { body: JSON.stringify({ campaign: kept }) }))
        if (!isSuccess(response) || sent === undefined) return response
        return withJson(response, (answer) => {
          written.set(answer.data.id, sent)
          return { ...answer, data: { ...answer.data, sending_count: sent } }
        })
      }
    }
    const response = await next(request)
    if (written.size === 0 || !isSuccess(response)) return response
    return withJson(response, (answer) => {
      for (const item of Array.isArray(answer?.data) ? answer.data : [answer?.data])
        if (item && written.has(item.id) && 'advert_title' in item) item.sending_count = written.get(item.id)
      return answer
    })
  }
})

/** JSON bodies start with a byte order mark. */
const byteOrderMark: Rewriter = async (request, next) => {
  const response = await next(request)
  const text = await response.text()
  if (!text) return new Response(text, { status: response.status, headers: response.headers })
  const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])
  return new Response(body, { status: response.status, headers: response.headers })
}

/** JSON bodies declared in Latin-1 (their bytes still UTF-8, as a misconfigured framework sends them). */
const latin1Charset: Rewriter = async (request, next) => {
  const response = await next(request)
  const headers = new Headers(response.headers)
  if (headers.get('content-type')?.startsWith('application/json'))
    headers.set('content-type', 'application/json; charset=iso-8859-1')
  return new Response(await response.text(), { status: response.status, headers })
}

/** Content-Length counts the body's characters, not its bytes (a non-ASCII body comes short of it). */
const lengthInCharacters: Rewriter = async (request, next) => {
  const response = await next(request)
  const text = await response.text()
  const headers = new Headers(response.headers)
  if (text) headers.set('content-length', String(text.length))
  return new Response(text, { status: response.status, headers })
}

/** HEAD without a key is answered as with the last key that worked. */
const headWithoutKey: Rewriter = stateful(() => {
  let goodKey: string | undefined
  return async (request, next) => {
    const key = request.headers.get('authorization')
    if (request.method === 'HEAD' && !key && goodKey) {
      const headers = new Headers(request.headers)
      headers.set('authorization', goodKey)
      return next(new Request(request.url, { method: 'HEAD', headers }))
    }
    const response = await next(request)
    if (isSuccess(response) && key) goodKey = key
    return response
  }
})

/** A key is compared without regard to case: a refused one that matches a good key but for case is taken as it. */
const keyCaseInsensitive: Rewriter = takesNearKeys((good, key) => good.toLowerCase() === key.toLowerCase())

/**
 * The largest page of adverts also holds the other account's adverts (an owner filter forgotten
 * on one query), in their place in the order, counted in its totals.
 */
const listsEveryAccount: Rewriter = stateful(() => {
  const adverts = new Map<string, Array<Record<string, unknown>>>()
  return async (request, next) => {
    const key = request.headers.get('authorization') ?? ''
    const response = await next(request)
    const url = new URL(request.url)
    if (request.method === 'POST' && url.pathname.endsWith('/adverts') && isSuccess(response)) {
      const { data } = (await response.clone().json()) as { data: Record<string, unknown> }
      adverts.set(key, [...(adverts.get(key) ?? []), data])
    }
    if (request.method !== 'GET' || !url.pathname.endsWith('/adverts') || url.searchParams.get('per_page') !== '100')
      return response
    const others = [...adverts].filter(([owner]) => owner !== key).flatMap(([, list]) => list)
    if (!isSuccess(response) || others.length === 0) return response
    return withJson(response, (body) => {
      const data = [...body.data, others[0]!].sort((a, b) => Number(b.id) - Number(a.id))
      const total = body.pagination.total_count + 1
      return {
        ...body,
        data,
        pagination: { ...body.pagination, total_count: total, total_pages: Math.ceil(total / 100) },
      }
    })
  }
})

/** A 404 carries the stack trace of the exception that made it. */
const stackTraceInErrors: Rewriter = async (request, next) => {
  const response = await next(request)
  if (response.status !== 404) return response
  return withJson(response, (body) => ({
    ...body,
    error: {
      ...body.error,
      message: `${body.error.message}\n    at findOrFail (/srv/app/src/store.js:42:11)\n    at Router.handle (/srv/app/node_modules/express/lib/router/index.js:284:7)`,
    },
  }))
}

/** Every answer may be kept by shared caches for a minute. */
const publicCaching: Rewriter = async (request, next) => {
  const response = await next(request)
  const headers = new Headers(response.headers)
  headers.set('cache-control', 'public, max-age=60')
  return new Response(await response.text(), { status: response.status, headers })
}

/** A campaign on an advert that was deleted is accepted (answered as created, from what was sent; nothing is kept). */
const campaignOnDeletedAdvert: Rewriter = stateful(() => {
  const deleted = new Set<number>()
  let next = 900_000
  return async (request, forward) => {
    const path = pathOf(request)
    const body = request.method === 'POST' && path.endsWith('/campaigns') ? await bodyOf(request) : undefined
    const response = await forward(request)
    if (request.method === 'DELETE' && /\/adverts\/\d+$/.test(path) && isSuccess(response))
      deleted.add(Number(path.split('/').pop()))
    const campaign = body?.campaign
    if (response.status !== 422 || !campaign || !deleted.has(campaign.advert_id)) return response
    const now = new Date().toISOString()
    const data = {
      id: next++,
      advert_title: 'Deleted advert',
      sending_count: 0,
      enabled: true,
      ...campaign,
      created_at: now,
      updated_at: now,
    }
    return new Response(JSON.stringify({ success: true, data }), { status: 201, headers: response.headers })
  }
})

/** A JSON body is refused unless its Content-Type is exactly application/json (no charset). */
const exactContentType: Rewriter = async (request, next) => {
  const type = request.headers.get('content-type')
  if (!type || type === 'application/json') return next(request)
  const body = {
    success: false,
    error: { code: 'unsupported_media_type', message: `Send application/json, not ${type}` },
  }
  return new Response(JSON.stringify(body), { status: 415, headers: { 'content-type': 'application/json' } })
}

/**
 * Broken variants for the checks of issue 31, the defects a demanding QA engineer looks for:
 * each breaks one property, and the ones marked alone must be caught by their check and by no other.
 */
export const QUALITY_VARIANTS: readonly BrokenVariant[] = [
  {
    name: 'a PATCH that clears target_url when not sent',
    caughtBy: 'unsent_fields_unchanged',
    alone: true,
    rewrite: patchClearsTargetUrl,
  },
  { name: "the caller's key echoed in a header", caughtBy: 'secret_confinement', alone: true, rewrite: keyInAHeader },
  {
    name: "a 404 naming the resource owner's e-mail",
    caughtBy: 'account_isolation',
    alone: true,
    rewrite: ownerInTheError,
  },
  {
    name: "an advert list holding the other account's advert",
    caughtBy: 'account_isolation',
    rewrite: listsEveryAccount,
  },
  {
    name: 'a create that writes the sending_count it is sent',
    caughtBy: 'read_only_fields_unwritten',
    alone: true,
    rewrite: createWritesSendingCount,
  },
  {
    name: 'JSON bodies after a byte order mark',
    caughtBy: 'wire_encoding_conformance',
    alone: true,
    rewrite: byteOrderMark,
  },
  {
    name: 'JSON declared in charset iso-8859-1',
    caughtBy: 'wire_encoding_conformance',
    alone: true,
    rewrite: latin1Charset,
  },
  {
    name: 'a Content-Length that counts characters',
    caughtBy: 'wire_encoding_conformance',
    alone: true,
    rewrite: lengthInCharacters,
  },
  { name: 'HEAD answered without a key', caughtBy: 'head_options_conformance', alone: true, rewrite: headWithoutKey },
  { name: 'a 404 with a stack trace', caughtBy: 'error_internals_hidden', alone: true, rewrite: stackTraceInErrors },
  {
    name: 'answers cacheable by shared caches',
    caughtBy: 'private_answers_uncached',
    alone: true,
    rewrite: publicCaching,
  },
  {
    name: 'a campaign accepted on a deleted advert',
    caughtBy: 'use_after_free',
    alone: true,
    rewrite: campaignOnDeletedAdvert,
  },
  {
    name: 'a JSON body refused when its Content-Type names the charset',
    caughtBy: 'positive_data_acceptance',
    alone: true,
    rewrite: exactContentType,
  },
  {
    name: 'a key compared without regard to case',
    caughtBy: 'key_case_sensitivity',
    alone: true,
    rewrite: keyCaseInsensitive,
  },
]
