import type { OpenAPIObject, ParameterObject, RequestBodyObject } from 'openapi3-ts/oas31'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createMockApi, type MockApi, type MockApiOptions } from '../src/create-mock-api.js'
import { MAX_BODY_BYTES } from '../src/http/parse-input.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { frozenClock } from './support/frozen-clock.js'
import { documentedOperations, loadDocument, resolve, type DocumentedOperation } from './support/openapi-document.js'

// Route coverage both ways: the handlers serve exactly the documented routes, every
// documented status of every operation is one the mock really gives, and no request of
// the kinds below makes the mock answer a status the document does not list.

const api = loadDocument()
const admin = loadDocument('openapi/admin.openapi.json')
const ORIGIN = 'http://coverage.test'

/** `METHOD <base>/campaigns/:id` for each documented operation, as msw spells routes. */
function documentedRoutes(doc: OpenAPIObject, base: string): string[] {
  return documentedOperations(doc).map(({ method, path }) => `${method} ${base}${path.replace(/\{(\w+)\}/g, ':$1')}`)
}

it('serves exactly the documented routes: every handler is documented and every documented operation has a handler', async () => {
  const mock = await createMockApi()
  const served = mock.handlers
    // The catch-alls (any method) only answer 404 route_not_found for what no operation serves;
    // HEAD (matched by a predicate, not a route) is each GET again without its body.
    .filter((handler) => typeof handler.info.method === 'string' && typeof handler.info.path === 'string')
    .map((handler) => `${String(handler.info.method)} ${String(handler.info.path)}`)
  const documented = [...documentedRoutes(api, '*/api/v1'), ...documentedRoutes(admin, '*/__admin')]
  expect([...served].sort()).toEqual([...documented].sort())
  expect(documentedRoutes(api, '')).toHaveLength(15)
})

interface Probe {
  name: string
  path?: string
  query?: string
  headers?: Record<string, string>
  body?: string
  /** Send the request twice and keep the second answer (for the rate limit). */
  twice?: boolean
  options?: MockApiOptions
}

const MISSING_ID = '999999999'

/** An example of the operation's request body from the document, if it has one. */
function bodyExample(doc: OpenAPIObject, entry: DocumentedOperation): unknown {
  const body = entry.operation.requestBody && resolve<RequestBodyObject>(doc, entry.operation.requestBody)
  return (Object.values(body?.content['application/json']?.examples ?? {})[0] as { value?: unknown } | undefined)?.value
}

/** The path with the documented example of each path parameter filled in. */
function examplePath(entry: DocumentedOperation, id?: string): string {
  const params = (entry.operation.parameters ?? []) as ParameterObject[]
  return entry.path.replace(/\{(\w+)\}/g, (_match, name: string) => id ?? String(params.find((p) => p.name === name)?.example))
}

/** Requests of every kind the pipeline tells apart, built from the document alone. */
function probes(doc: OpenAPIObject, entry: DocumentedOperation): Probe[] {
  const example = bodyExample(doc, entry)
  const json = example === undefined ? undefined : JSON.stringify(example)
  const hasId = entry.path.includes('{')
  const auth = { authorization: DEMO_API_KEY }
  const withBody = { ...auth, 'content-type': 'application/json' }
  return [
    { name: 'the documented example', headers: json ? withBody : auth, body: json },
    { name: 'no API key', headers: json ? { 'content-type': 'application/json' } : {}, body: json },
    { name: 'a Bearer scheme', headers: { ...(json ? withBody : {}), authorization: `Bearer ${DEMO_API_KEY}` }, body: json },
    ...(hasId ? [{ name: 'an id no resource has', path: examplePath(entry, MISSING_ID), headers: json ? withBody : auth, body: json }] : []),
    { name: 'an out-of-range query', query: 'page=0&per_page=1000', headers: json ? withBody : auth, body: json },
    { name: 'an empty JSON object', headers: withBody, body: '{}' },
    { name: 'malformed JSON', headers: withBody, body: '{"oops' },
    { name: 'a text/plain body', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hello' },
    { name: 'a body over 1 MiB', headers: withBody, body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) }) },
    {
      name: 'a second request over a limit of one a minute',
      headers: json ? withBody : auth,
      body: json,
      twice: true,
      options: { tiers: { pro: { per_minute: 1, per_day: 1000, max_topups: 100 } }, clock: frozenClock() },
    },
  ]
}

// Domain rules no generic request reaches: each one a row.
const DOMAIN_PROBES: Record<string, Probe[]> = {
  deleteAdvert: [{ name: 'an advert a campaign still uses', path: '/adverts/1', headers: { authorization: DEMO_API_KEY } }],
}

async function send(entry: DocumentedOperation, probe: Probe): Promise<number> {
  const mock: MockApi = await createMockApi(probe.options)
  const url = `${ORIGIN}/api/v1${probe.path ?? examplePath(entry)}${probe.query ? `?${probe.query}` : ''}`
  // fetch refuses a GET with a body, so body probes reach a GET without one.
  const body = entry.method === 'GET' ? undefined : probe.body
  const request = (headers = probe.headers) => new Request(url, { method: entry.method, headers, body })
  let response = await getResponse(mock.handlers, request())
  if (probe.twice) {
    // Resetting the key answers the new one, which the second request must carry.
    const key = ((await response!.clone().json()) as { data?: { api_key?: string } }).data?.api_key
    response = await getResponse(mock.handlers, request(key ? { ...probe.headers, authorization: key } : probe.headers))
  }
  return response!.status
}

describe.each(documentedOperations(api))('$method $path', (entry) => {
  const documented = Object.keys(entry.operation.responses ?? {}).map(Number)
  const cases = [...probes(api, entry), ...(DOMAIN_PROBES[entry.operation.operationId!] ?? [])]

  it('answers every probe with a documented status, and every documented status to some probe', async () => {
    const seen = new Map<number, string[]>()
    for (const probe of cases) {
      const status = await send(entry, probe)
      seen.set(status, [...(seen.get(status) ?? []), probe.name])
    }
    const undocumented = [...seen].filter(([status]) => !documented.includes(status))
    expect(undocumented, 'statuses the mock gives that the document does not list').toEqual([])
    expect([...seen.keys()].sort(), 'documented statuses no probe produced').toEqual([...documented].sort())
  })

  it('accepts the documented request example with the documented success status', async () => {
    const success = documented.find((status) => status < 300)!
    expect(await send(entry, probes(api, entry)[0]!)).toBe(success)
  })
})

describe('the control plane', () => {
  it('documents 403 on every operation, as the mock answers without the admin token it was given', async () => {
    const mock = await createMockApi({ adminToken: 'secret' })
    for (const entry of documentedOperations(admin)) {
      expect(Object.keys(entry.operation.responses ?? {})).toContain('403')
      const url = `${ORIGIN}/__admin${examplePath(entry, '1')}`
      const response = await getResponse(mock.handlers, new Request(url, { method: entry.method }))
      expect(response?.status, `${entry.method} ${entry.path}`).toBe(403)
    }
  })

  it('documents 415, 400 and 422 wherever a body is taken, as the mock answers them', async () => {
    const mock = await createMockApi()
    for (const entry of documentedOperations(admin).filter(({ operation }) => operation.requestBody)) {
      const url = `${ORIGIN}/__admin${examplePath(entry, '1')}`
      const statuses = []
      for (const [type, body] of [['text/plain', 'x'], ['application/json', '{'], ['application/json', '[1]']] as const) {
        statuses.push((await getResponse(mock.handlers, new Request(url, { method: entry.method, headers: { 'content-type': type }, body })))?.status)
      }
      expect(statuses, `${entry.method} ${entry.path}`).toEqual([415, 400, 422])
      expect(Object.keys(entry.operation.responses ?? {})).toEqual(expect.arrayContaining(['400', '415', '422']))
    }
  })
})
