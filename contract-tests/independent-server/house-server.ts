import type { IncomingMessage } from 'node:http'
import type { StyleDeclaration } from './house-conventions.js'
import { createHouseLimiter } from './house-rate-limit.js'
import type { HouseReply } from './house-reply.js'
import { houseRoute, refuse } from './house-routes.js'
import { applySeed, type Seeded } from './house-seed.js'
import { createHouseStore } from './house-store.js'
import { MALFORMED, readBody, TOO_LARGE } from './read-body.js'

// A house style's request path, top to bottom: the prefix; the path and its methods (before the
// key where the style routes first, after it otherwise); the bare key (401); the quota (429);
// the body (413, 400); then the operation (house-routes.ts). server.ts sends what it answers.

/** The methods a path below the prefix has, or none for a path the API does not have. */
function methodsOf(path: string): readonly string[] | undefined {
  const [collection, id, action, ...rest] = path.split('/').filter(Boolean)
  if (rest.length > 0 || !path.startsWith('/')) return undefined
  if (collection === 'user') {
    if (id === undefined) return ['GET', 'PATCH']
    if (action !== undefined) return undefined
    return id === 'balance' ? ['GET'] : id === 'reset_api_key' ? ['POST'] : undefined
  }
  if (collection !== 'adverts' && collection !== 'campaigns') return undefined
  if (id === undefined) return ['GET', 'POST']
  if (action === undefined) return ['GET', 'PATCH', 'DELETE']
  return collection === 'campaigns' && action === 'toggle' ? ['POST'] : undefined
}

/**
 * The handler of one style over a store of its own: one account per key (the first seeded by the
 * style), `perMinute` requests a minute each (the style's tier's unless given).
 * @example const { handle, seeded } = createHouseHandler(STYLES.rails, { keys }, '/api/v1')
 */
export function createHouseHandler(
  style: StyleDeclaration,
  { keys, perMinute, seed = true }: { keys: readonly string[]; perMinute?: number; seed?: boolean },
  prefix: string,
) {
  const { conventions } = style
  const limit = perMinute ?? conventions.tier.perMinute
  const store = createHouseStore(keys, conventions)
  const seeded: Seeded = seed ? applySeed(store, style.seed) : { adverts: [], campaigns: [] }
  const limiter = createHouseLimiter(limit, conventions)

  async function answer(req: IncomingMessage): Promise<HouseReply> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'independent.invalid'}`)
    const context = { store, url }
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined
    const methods = path === undefined ? undefined : methodsOf(path)
    const method = req.method ?? 'GET'
    const route = (): HouseReply | undefined => {
      if (!methods) return refuse(context, 'route_not_found', 404, `Nothing at ${url.pathname}`)
      if (methods.includes(method)) return undefined
      if (conventions.statuses.wrongMethod === 404)
        return refuse(context, 'route_not_found', 404, `No route matches ${method} ${url.pathname}`)
      const refused = refuse(context, 'method_not_allowed', 405, `${method} is not allowed on ${url.pathname}`)
      return { ...refused, headers: { ...refused.headers, allow: methods.join(', ') } }
    }
    if (conventions.routing === 'before-key') {
      const refused = route()
      if (refused) return refused
    }
    const account = store.accountByKey(req.headers.authorization ?? '')
    if (!account) return refuse(context, 'unauthorized', 401, 'A valid API key is required in the Authorization header')
    if (conventions.routing === 'after-key') {
      const refused = route()
      if (refused) return refused
    }
    const { admitted, headers } = limiter.admit(account.id)
    const withLimits = (reply: HouseReply): HouseReply => ({ ...reply, headers: { ...headers, ...reply.headers } })
    if (!admitted) return withLimits(refuse(context, 'rate_limited', 429, `At most ${limit} requests a minute`))
    const body = await readBody(req)
    if (body === TOO_LARGE) return withLimits(refuse(context, 'too_large', 413, 'Bodies are at most 1 MiB'))
    if (body === MALFORMED) return withLimits(refuse(context, 'invalid_json', 400, 'The body is not valid JSON'))
    const segments = path!.split('/').filter(Boolean)
    const base = `${url.origin}${prefix}`
    return withLimits(houseRoute({ store, account, method, segments, url, body, perMinute: limit, base }))
  }

  return {
    seeded,
    /** Answers a request; never rejects (a failure is a 500 in the style's shape). */
    async handle(req: IncomingMessage): Promise<HouseReply> {
      try {
        return await answer(req)
      } catch (error) {
        const url = new URL(req.url ?? '/', 'http://independent.invalid')
        return refuse({ store, url }, 'internal', 500, (error as Error).message)
      }
    },
  }
}
