import type { ParameterObject, RequestBodyObject } from 'openapi3-ts/oas31'
import { describe, expect, it } from 'vitest'
import type { ContractDocument, DocumentedOperation } from '../contract-tests/lib/index.js'
import { startListener } from '../src/runtimes/express.js'
import { createMockApi, type MockApiOptions } from '../src/surface/create-mock-api.js'
import { MockHandler } from '../src/msw/mock-handler.js'
import { MAX_BODY_BYTES } from '../src/http/read-body.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { frozenClock } from './support/frozen-clock.js'
import { handleInProcess } from './support/in-process.js'
import { loadDocument, rawOperation } from './support/openapi-document.js'

// Route coverage both ways: the handlers serve exactly the documented routes, every
// documented status of every operation is one the mock really gives, and no request of
// the kinds below makes the mock answer a status the document does not list.

const api = await loadDocument()
const admin = await loadDocument('openapi/admin.openapi.json')
const ORIGIN = 'http://coverage.test'

/** `METHOD <base>/campaigns/{id}` for each documented operation. */
function documentedRoutes(doc: ContractDocument, base: string): string[] {
  return doc.operations.map(({ method, path }) => `${method.toUpperCase()} ${base}${path}`)
}

it('serves exactly the documented routes: every route is documented and every documented operation has a route', async () => {
  const mock = await createMockApi()
  const served = mock.handlers
    // What no operation serves is a 404 route_not_found; HEAD is each GET again without its body.
    .flatMap((handler) => (handler instanceof MockHandler ? handler.routes : []))
    .map(
      ({ plane, operation }) =>
        `${operation!.method.toUpperCase()} ${plane === 'admin' ? '*/__admin' : '*/api/v1'}${operation!.path}`,
    )
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
function bodyExample(doc: ContractDocument, entry: DocumentedOperation): unknown {
  const raw = rawOperation(doc, entry).requestBody
  const body = raw && (doc.follow(raw, '').node as unknown as RequestBodyObject)
  return (Object.values(body?.content['application/json']?.examples ?? {})[0] as { value?: unknown } | undefined)?.value
}

/** The path with the documented example of each path parameter filled in. */
function examplePath(doc: ContractDocument, entry: DocumentedOperation, id?: string): string {
  const params = (rawOperation(doc, entry).parameters ?? []) as ParameterObject[]
  return entry.path.replace(
    /\{(\w+)\}/g,
    (_match, name: string) => id ?? String(params.find((p) => p.name === name)?.example),
  )
}

/** Requests of every kind the pipeline tells apart, built from the document alone. */
function probes(doc: ContractDocument, entry: DocumentedOperation): Probe[] {
  const example = bodyExample(doc, entry)
  const json = example === undefined ? undefined : JSON.stringify(example)
  const hasId = entry.path.includes('{')
  const auth = { authorization: DEMO_API_KEY }
  const withBody = { ...auth, 'content-type': 'application/json' }
  return [
    { name: 'the documented example', headers: json ? withBody : auth, body: json },
    { name: 'no API key', headers: json ? { 'content-type': 'application/json' } : {}, body: json },
    {
      name: 'a Bearer scheme',
      headers: { ...(json ? withBody : {}), authorization: `Bearer ${DEMO_API_KEY}` },
      body: json,
    },
    ...(hasId
      ? [
          {
            name: 'an id no resource has',
            path: examplePath(doc, entry, MISSING_ID),
            headers: json ? withBody : auth,
            body: json,
          },
        ]
      : []),
    { name: 'an out-of-range query', query: 'page=0&per_page=1000', headers: json ? withBody : auth, body: json },
    { name: 'an empty JSON object', headers: withBody, body: '{}' },
    { name: 'malformed JSON', headers: withBody, body: '{"oops' },
    { name: 'a text/plain body', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hello' },
    { name: 'a body over 1 MiB', headers: withBody, body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) }) },
    {
      name: 'a body in an unknown Content-Encoding',
      headers: { ...withBody, 'content-encoding': 'br2' },
      body: json ?? '{}',
    },
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
  deleteAdvert: [
    { name: 'an advert a campaign still uses', path: '/adverts/1', headers: { authorization: DEMO_API_KEY } },
  ],
}

async function send(entry: DocumentedOperation, probe: Probe): Promise<number> {
  const handle = handleInProcess(await createMockApi(probe.options))
  const url = `${ORIGIN}/api/v1${probe.path ?? examplePath(api, entry)}${probe.query ? `?${probe.query}` : ''}`
  const method = entry.method.toUpperCase()
  // fetch refuses a GET with a body, so body probes reach a GET without one.
  const body = method === 'GET' ? undefined : probe.body
  const request = (headers = probe.headers) => new Request(url, { method, headers, body })
  let response = await handle(request())
  if (probe.twice) {
    // Resetting the key answers the new one, which the second request must carry.
    const key = ((await response.clone().json()) as { data?: { api_key?: string } }).data?.api_key
    response = await handle(request(key ? { ...probe.headers, authorization: key } : probe.headers))
  }
  return response.status
}

describe.each(api.operations)('$label', (entry) => {
  const documented = entry.responses.map((response) => Number(response.key))
  const cases = [...probes(api, entry), ...(DOMAIN_PROBES[entry.operationId!] ?? [])]

  it('answers every probe with a documented status, and every documented status to some probe', async () => {
    const seen = new Map<number, string[]>()
    for (const probe of cases) {
      const status = await send(entry, probe)
      seen.set(status, [...(seen.get(status) ?? []), probe.name])
    }
    const undocumented = [...seen].filter(([status]) => !documented.includes(status))
    expect(undocumented, 'statuses the mock gives that the document does not list').toEqual([])
    // Without a request body, only the listener's body reader answers 400 (a body that does not inflate): tested below.
    const inProcess = documented.filter((status) => entry.requestBody || status !== 400)
    expect([...seen.keys()].sort(), 'documented statuses no probe produced').toEqual([...inProcess].sort())
  })

  it('accepts the documented request example with the documented success status', async () => {
    const success = documented.find((status) => status < 300)!
    expect(await send(entry, probes(api, entry)[0]!)).toBe(success)
  })
})

describe('the control plane', () => {
  it('documents 403 on every operation, as the mock answers without the admin token it was given', async () => {
    const handle = handleInProcess(await createMockApi({ adminToken: 'secret' }))
    for (const entry of admin.operations) {
      expect(entry.responses.map((response) => response.key)).toContain('403')
      const url = `${ORIGIN}/__admin${examplePath(admin, entry, '1')}`
      const response = await handle(new Request(url, { method: entry.method.toUpperCase() }))
      expect(response.status, entry.label).toBe(403)
    }
  })

  it('documents 415, 400 and 422 wherever a body is taken, as the mock answers them', async () => {
    const handle = handleInProcess(await createMockApi())
    for (const entry of admin.operations.filter((operation) => operation.requestBody)) {
      const url = `${ORIGIN}/__admin${examplePath(admin, entry, '1')}`
      const statuses = []
      for (const [type, body] of [
        ['text/plain', 'x'],
        ['application/json', '{'],
        ['application/json', '[1]'],
      ] as const) {
        statuses.push(
          (
            await handle(
              new Request(url, { method: entry.method.toUpperCase(), headers: { 'content-type': type }, body }),
            )
          ).status,
        )
      }
      expect(statuses, entry.label).toEqual([415, 400, 422])
      expect(entry.responses.map((response) => response.key)).toEqual(expect.arrayContaining(['400', '415', '422']))
    }
  })
})

it("documents the listener body reader's 400 on every operation that can carry a body, and the listener answers it", async () => {
  const listener = await startListener({ port: 0 })
  try {
    for (const [doc, base] of [
      [api, '/api/v1'],
      [admin, '/__admin'],
    ] as const) {
      for (const entry of doc.operations.filter((operation) => operation.method !== 'get')) {
        expect(
          entry.responses.map((response) => response.key),
          entry.label,
        ).toContain('400')
        const response = await fetch(`${listener.origin}${base}${examplePath(doc, entry)}`, {
          method: entry.method.toUpperCase(),
          headers: { authorization: DEMO_API_KEY, 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: 'not gzip at all',
        })
        expect(response.status, entry.label).toBe(400)
        expect((await response.json()).error.code).toBe('bad_request')
      }
    }
  } finally {
    await listener.close()
  }
})
