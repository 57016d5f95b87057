import { expect, it } from 'vitest'
import type { Plane } from './route.js'
import { createRouteIndex, type NotFoundRoutes } from './route-index.js'

// Routes as the index sees them: a plane and an operation's method and path. Each is named by its
// own path so a lookup's answer reads plainly.
const route = (plane: Plane, method: string, path: string) => ({ plane, operation: { method, path } }) as never
const ROUTES = [
  route('api', 'get', '/campaigns'),
  route('api', 'get', '/campaigns/{id}'),
  route('api', 'post', '/campaigns/{id}/toggle'),
  route('admin', 'get', '/users/{id}'),
]
const notFound: NotFoundRoutes = {
  undecodable: { api: route('api', '-', 'undecodable api'), admin: route('admin', '-', 'undecodable admin') },
  fallback: { api: route('api', '-', 'fallback api'), admin: route('admin', '-', 'fallback admin') },
}

/** What answers a request: `METHOD path` of the route and its parameters, or undefined. */
function lookup(bases: { api: string; admin: string }, method: string, href: string) {
  const match = createRouteIndex(bases, ROUTES, notFound).find(method, new URL(href))
  if (!match) return undefined
  const operation = match.route.operation as { method: string; path: string }
  return { route: `${operation.method} ${operation.path}`, params: match.params }
}
const DEFAULT = { api: '*/api/v1', admin: '*/__admin' }
const at = (method: string, href: string) => lookup(DEFAULT, method, href)

it('finds the operation for a method and path, with its parameters decoded', () => {
  expect(at('GET', 'http://x.test/api/v1/campaigns?page=2')).toEqual({ route: 'get /campaigns', params: {} })
  expect(at('GET', 'http://x.test/api/v1/campaigns/%31')).toEqual({ route: 'get /campaigns/{id}', params: { id: '1' } })
  expect(at('POST', 'http://x.test/api/v1/campaigns/7/toggle')).toEqual({
    route: 'post /campaigns/{id}/toggle',
    params: { id: '7' },
  })
  expect(at('GET', 'http://x.test/__admin/users/3')).toEqual({ route: 'get /users/{id}', params: { id: '3' } })
})

it('takes methods in any case, as msw does', () => {
  expect(at('get', 'http://x.test/api/v1/campaigns')?.route).toBe('get /campaigns')
})

it('matches fixed segments only as spelled, so another case falls through to the 404', () => {
  expect(at('GET', 'http://x.test/api/v1/CAMPAIGNS')?.route).toBe('- fallback api')
  expect(at('GET', 'http://x.test/API/V1/campaigns')?.route).toBe('- fallback api')
  expect(at('POST', 'http://x.test/api/v1/campaigns/1/TOGGLE')?.route).toBe('- fallback api')
})

it('tolerates one trailing slash, not two, and no empty parameter', () => {
  expect(at('GET', 'http://x.test/api/v1/campaigns/1/')?.route).toBe('get /campaigns/{id}')
  expect(at('GET', 'http://x.test/api/v1/campaigns/1//')?.route).toBe('- fallback api')
  expect(at('POST', 'http://x.test/api/v1/campaigns//toggle')?.route).toBe('- fallback api')
})

it('answers any origin and any prefix before a * base, and only the origin a base names', () => {
  expect(at('GET', 'https://other.example:8443/prefix/api/v1/campaigns')?.route).toBe('get /campaigns')
  const bases = { api: 'http://localhost:3000/api', admin: 'http://localhost:3000/admin' }
  expect(lookup(bases, 'GET', 'http://LOCALHOST:3000/api/campaigns')?.route).toBe('get /campaigns')
  expect(lookup(bases, 'GET', 'http://localhost:3000/x/api/campaigns')).toBeUndefined()
  expect(lookup(bases, 'GET', 'http://other:3000/api/campaigns')).toBeUndefined()
})

it("answers a path that does not decode with its plane's 404 before any operation", () => {
  expect(at('GET', 'http://x.test/api/v1/campaigns/%ZZ')?.route).toBe('- undecodable api')
  expect(at('GET', 'http://x.test/__admin/users/%E0%A4%A')?.route).toBe('- undecodable admin')
  expect(at('GET', 'http://x.test/elsewhere/%ZZ')).toBeUndefined()
})

it("answers the API's bare base and what lies below either base with a 404, and nothing outside them", () => {
  expect(at('GET', 'http://x.test/api/v1')?.route).toBe('- fallback api')
  expect(at('PUT', 'http://x.test/api/v1/campaigns')?.route).toBe('- fallback api')
  expect(at('GET', 'http://x.test/__admin/')?.route).toBe('- fallback admin')
  expect(at('GET', 'http://x.test/__admin')).toBeUndefined()
  expect(at('GET', 'http://x.test/docs')).toBeUndefined()
})

it('tells a URL under either base from one outside', () => {
  const index = createRouteIndex(DEFAULT, ROUTES, notFound)
  expect(
    ['/api/v1', '/api/v1/x', '/__admin', '/__admin/x'].map((path) =>
      index.isUnderEitherBase(new URL(path, 'http://x.test')),
    ),
  ).toEqual([true, true, true, true])
  expect(index.isUnderEitherBase(new URL('http://x.test/api/v10'))).toBe(false)
})
