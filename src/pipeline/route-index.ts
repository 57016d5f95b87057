import type { NotFoundRoute, OperationRoute, PathParams, Plane, Route } from './route.js'

/** What a request is answered by: its route and the path's parameters, decoded. */
export interface RouteMatch {
  route: Route
  params: PathParams
  /** For a path an operation has under another method: the methods it has (for 405's `Allow`). */
  allow?: readonly string[]
}

/** The routes that answer what no operation does: paths that do not decode, and the catch-all 404s. */
export type NotFoundRoutes = Record<'undecodable' | 'fallback', Record<Plane, NotFoundRoute>>

/** Finds the one route for a method and URL, in the order msw would have tried one handler per route. */
export interface RouteIndex {
  find(method: string, url: URL): RouteMatch | undefined
  /** Whether a URL lies at or below the API or the control plane (HEAD is answered there as GET). */
  isUnderEitherBase(url: URL): boolean
}

/** A base pattern (`*​/api/v1`, `http://localhost:3000/api`) taken apart once. */
interface Base {
  /** `undefined` for a leading `*`: any origin, and anything before the base's path. */
  origin: string | undefined
  /** The base's path in lower case, without a trailing slash, e.g. `/api/v1`. */
  lowerPath: string
  segments: string[]
}

interface Entry {
  route: OperationRoute
  base: Base
  /** The whole path's segments (base and operation): a string is spelled exactly, `{ param }` takes any one. */
  segments: (string | { param: string })[]
}

/**
 * Builds the index once, from the operations' routes in the order they are declared. Lookup
 * keeps msw's matching (any origin and any prefix before a `*` base, one trailing slash,
 * parameters decoded, methods in any case) and the mock's own rules on top: fixed segments
 * spelled exactly, a path that does not decode is a 404 before anything else, and what lies
 * under a base but matches no operation is that plane's 404.
 * @example createRouteIndex({ api: ctx.apiBase, admin: ctx.adminBase }, routes, notFound).find('GET', new URL('http://x.test/api/v1/campaigns/7'))
 */
export function createRouteIndex(
  bases: Record<Plane, string>,
  routes: readonly OperationRoute[],
  notFound: NotFoundRoutes,
): RouteIndex {
  const parsedBases = { api: parseBase(bases.api), admin: parseBase(bases.admin) }
  const byMethod = new Map<string, Entry[]>()
  for (const route of routes) {
    const { method, path } = route.operation
    const template = path.split('/').slice(1)
    const base = parsedBases[route.plane]
    const entry: Entry = {
      route,
      base,
      segments: [
        ...base.segments,
        ...template.map((segment) => (segment.startsWith('{') ? { param: segment.slice(1, -1) } : segment)),
      ],
    }
    const key = method.toUpperCase()
    byMethod.set(key, [...(byMethod.get(key) ?? []), entry])
  }
  const planes: Plane[] = ['api', 'admin']
  return {
    find(method, url) {
      // msw decodes path parameters and would throw on such a path: a 404 comes first.
      if (!decodes(url.pathname)) {
        const plane = planes.find((p) => isUnder(parsedBases[p], url, true))
        return plane && { route: notFound.undecodable[plane], params: {} }
      }
      const segments = pathSegments(url.pathname)
      for (const entry of byMethod.get(method.toUpperCase()) ?? []) {
        const params = matchEntry(entry, url, segments)
        if (params) return { route: entry.route, params }
      }
      // The API answers its bare base too; the control plane only what lies below its own.
      if (isUnder(parsedBases.api, url, true)) {
        const allow = [...byMethod].filter(([, entries]) => entries.some((entry) => matchEntry(entry, url, segments)))
        return { route: notFound.fallback.api, params: {}, allow: allow.map(([other]) => other) }
      }
      if (isUnder(parsedBases.admin, url, false)) return { route: notFound.fallback.admin, params: {} }
      return undefined
    },
    isUnderEitherBase: (url) => isUnder(parsedBases.api, url, true) || isUnder(parsedBases.admin, url, true),
  }
}

function parseBase(pattern: string): Base {
  const anyOrigin = pattern.startsWith('*')
  const url = new URL(anyOrigin ? `http://any.invalid${pattern.slice(1)}` : pattern)
  const path = url.pathname.replace(/\/$/, '')
  return {
    origin: anyOrigin ? undefined : url.origin,
    lowerPath: path.toLowerCase(),
    segments: path.split('/').slice(1),
  }
}

/** A path's segments after the leading slash, one trailing slash dropped: `/a/b/` is `['a', 'b']`. */
function pathSegments(pathname: string): string[] {
  const segments = pathname.split('/').slice(1)
  if (segments.length > 0 && segments.at(-1) === '') segments.pop()
  return segments
}

/**
 * The parameters when the path's last segments spell the entry's (a `*` base) or the whole path
 * does (a base with an origin, which must be the URL's too). msw alone matches paths in any case;
 * fixed segments must be spelled exactly here, so `/CAMPAIGNS` falls through to the 404.
 */
function matchEntry({ base, segments: expected }: Entry, url: URL, actual: string[]): PathParams | undefined {
  if (base.origin !== undefined && (url.origin !== base.origin || actual.length !== expected.length)) return undefined
  const offset = actual.length - expected.length
  if (offset < 0) return undefined
  const params: Record<string, string> = {}
  let at = offset
  for (const wanted of expected) {
    const segment = actual[at++]
    if (segment === undefined) return undefined
    if (typeof wanted === 'string') {
      if (segment !== wanted) return undefined
    } else {
      if (segment === '') return undefined
      params[wanted.param] = decodeURIComponent(segment)
    }
  }
  return params
}

/**
 * Whether a URL lies under a base as msw's `base/*` pattern matches (in any case), or at the
 * base itself (`base`, one trailing slash allowed) when `bare` is true.
 */
function isUnder(base: Base, url: URL, bare: boolean): boolean {
  const path = url.pathname.toLowerCase()
  if (base.origin !== undefined) {
    if (url.origin !== base.origin) return false
    return path.startsWith(`${base.lowerPath}/`) || (bare && path === base.lowerPath)
  }
  return path.includes(`${base.lowerPath}/`) || (bare && path.endsWith(base.lowerPath))
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}
