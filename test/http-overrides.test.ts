import { describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { adminDocument, checkAdmin } from './support/control-plane.js'
import { expectError } from './support/expect-error.js'
import { frozenClock } from './support/frozen-clock.js'
import { listenerTransport } from './support/listener-transport.js'
import { findOperation } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import type { TestRequest, TestResponse } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// Overrides over HTTP only, against the standalone listener: POST /__admin/overrides, then the
// public API as an app calls it. One table of what an override answers, one of what is refused.

let listenerOrigin = ''
const transport = useTransport(async () => {
  const listener = await listenerTransport({ clock: frozenClock() })
  listenerOrigin = listener.origin
  return listener
})
const origin = () => listenerOrigin
const send = (req: TestRequest) => transport().send(req)
const override = async (body: unknown) => {
  const answer = await send({ method: 'POST', path: '/__admin/overrides', body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.data as { id: number }
}
/** GET as the demo user, the body parsed when it is JSON and kept as text when it is not. */
async function get(path: string): Promise<TestResponse> {
  const response = await fetch(`${origin()}/api/v1${path}`, {
    headers: { Authorization: DEMO_API_KEY },
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, headers: Object.fromEntries(response.headers), body }
}
const listed = async () => (await send({ method: 'GET', path: '/__admin/overrides' })).body.data
const emptyPage = { page: 1, per_page: 25, total_count: 0, total_pages: 0 }
const balance = { success: true as const, data: { balance_usd: 0, total_topups_usd: 0 } }

interface Case {
  name: string
  overrides: unknown[]
  /** Requests sent in order, and what each must answer (a subset of the body, headers by lower-case name). */
  then: { path: string; status: number; body?: unknown; headers?: Record<string, string | RegExp> }[]
}

const CASES: Case[] = [
  {
    name: 'a body the document allows, until removed',
    overrides: [{ operation: 'getUserBalance', status: 200, body: balance }],
    then: [
      { path: '/user/balance', status: 200, body: balance },
      { path: '/user/balance', status: 200, body: balance },
      { path: '/user', status: 200 },
    ],
  },
  {
    name: 'times: 1, a single answer',
    overrides: [
      { operation: 'listCampaigns', status: 200, body: { success: true, data: [], pagination: emptyPage }, times: 1 },
    ],
    then: [
      { path: '/campaigns', status: 200, body: { data: [] } },
      { path: '/campaigns', status: 200, body: { pagination: { total_count: 3 } } },
    ],
  },
  {
    name: 'a path parameter match, with the error envelope when the body is left out',
    overrides: [{ operation: 'getCampaign', params: { id: 2 }, status: 404 }],
    then: [
      { path: '/campaigns/2', status: 404, body: { success: false, error: { code: 'not_found' } } },
      { path: '/campaigns/1', status: 200, body: { data: { id: 1 } } },
    ],
  },
  {
    name: 'an undeclared status and a malformed body, untyped',
    overrides: [{ operation: 'listAdverts', status: 500, body_text: '{"succ', untyped: true }],
    then: [{ path: '/adverts', status: 500, body: '{"succ' }],
  },
  {
    name: "headers of the test's own, over the mock's",
    overrides: [{ operation: 'getUser', status: 429, headers: { 'Retry-After': '7', 'X-Trace': 'abc' } }],
    then: [
      {
        path: '/user',
        status: 429,
        body: { error: { code: 'rate_limit_exceeded' } },
        headers: { 'retry-after': '7', 'x-trace': 'abc', 'x-ratelimit-limit': '1200' },
      },
    ],
  },
  {
    name: 'the newest override of an operation first',
    overrides: [
      { operation: 'getCampaign', status: 404 },
      { operation: 'getCampaign', status: 401 },
    ],
    then: [{ path: '/campaigns/1', status: 401, body: { error: { code: 'unauthorized' } } }],
  },
]

describe('an override sent to POST /__admin/overrides', () => {
  it.each(CASES)('answers $name, with the rate-limit headers, journaled', async ({ overrides, then }) => {
    for (const body of overrides) await override(body)
    let remaining = 1200
    for (const { path, status, body, headers = {} } of then) {
      const answer = await get(path)
      expect(answer.status, JSON.stringify(answer.body)).toBe(status)
      if (typeof body === 'string') expect(answer.body).toBe(body)
      else if (body) expect(answer.body).toMatchObject(body)
      // Every answer counts against the caller's quota and says so, overridden or not.
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(--remaining))
      expect(answer.headers).toMatchObject(headers)
    }
    const journal = (await send({ method: 'GET', path: '/__admin/requests' })).body.data
    expect(journal.map((entry: { path: string; status: number }) => [entry.path, entry.status])).toEqual(
      then.map(({ path, status }) => [`/api/v1${path}`, status]),
    )
    const last = then.at(-1)!
    if (typeof last.body === 'string') expect(journal.at(-1).response_body).toBe(last.body)
    else if (last.body) expect(journal.at(-1).response_body).toMatchObject(last.body)
  })

  it('only waits delay_ms when it has no status, and the mock answers', async () => {
    await override({ operation: 'listCampaigns', delay_ms: 300 })
    const started = performance.now()
    expect((await get('/campaigns')).body.pagination.total_count).toBe(3)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('counts hits in GET /__admin/overrides, and DELETE removes one or all', async () => {
    const first = await override({ operation: 'getUser', status: 401 })
    const second = await override({ operation: 'getUserBalance', status: 200, body: balance })
    await get('/user')
    await get('/user')
    expect(await listed()).toMatchObject([
      { id: second.id, operation: 'getUserBalance', hits: 0, source: 'http', times: null },
      { id: first.id, operation: 'getUser', hits: 2, status: 401 },
    ])
    const removed = await send({ method: 'DELETE', path: `/__admin/overrides/${first.id}` })
    expect(removed.body.data).toMatchObject({ id: first.id, hits: 2 })
    expect((await get('/user')).status).toBe(200)
    expect((await send({ method: 'DELETE', path: '/__admin/overrides' })).body.data).toEqual({ cleared: 1 })
    expect(await listed()).toEqual([])
  })

  it('is removed by a reset, with the in-process ones: one registry', async () => {
    await override({ operation: 'getUser', status: 401 })
    transport().api.override('getUserBalance', ({ response }) => response(200).json(balance))
    expect((await listed()).map(({ source }: { source: string }) => source)).toEqual(['in-process', 'http'])
    expect((await get('/user/balance')).body).toEqual(balance)
    expect((await send({ method: 'POST', path: '/__admin/reset' })).status).toBe(200)
    expect(await listed()).toEqual([])
    expect((await get('/user')).status).toBe(200)
  })

  it('never answers a request without a valid key, and a 429 still comes first', async () => {
    await override({ operation: 'getUser', status: 200, body: (await get('/user')).body })
    expect((await send({ method: 'GET', path: '/user' })).status).toBe(401)
    await send({ method: 'PATCH', path: '/__admin/tiers', body: { pro: { per_minute: 2 } } })
    expect((await get('/user')).status).toBe(200)
    expect((await get('/user')).status).toBe(429)
  })
})

const bad = (body: unknown, field: string) => ({ body, field })
const REFUSED = [
  bad({ operation: 'listWidgets', status: 200 }, 'operation'),
  bad({ operation: 'listCampaigns', status: 500 }, 'status'),
  bad(
    {
      operation: 'getUserBalance',
      status: 200,
      body: { success: true, data: { balance_usd: '0', total_topups_usd: 0 } },
    },
    'body.data.balance_usd',
  ),
  bad(
    { operation: 'getUserBalance', status: 200, body: { success: true, data: { ...balance.data, extra: 1 } } },
    'body.data.extra',
  ),
  bad({ operation: 'getUserBalance', status: 200 }, 'body'),
  bad({ operation: 'listAdverts', status: 500, body_text: 'oops' }, 'body_text'),
  bad({ operation: 'listAdverts', status: 500, body: {}, body_text: 'oops', untyped: true }, 'body_text'),
  bad({ operation: 'getCampaign', status: 404, params: { campaign_id: 2 } }, 'params.campaign_id'),
  bad({ operation: 'getCampaign', status: 404, params: { id: '0' } }, 'params.id'),
  bad({ operation: 'getUser', status: 204, body: {}, untyped: true }, 'body'),
  bad({ operation: 'getUser', headers: { 'X-A': '1' } }, 'status'),
  bad({ operation: 'getUser', status: 401, times: 0 }, 'times'),
  bad({ operation: 'getUser', status: 401, delay_ms: 60_001 }, 'delay_ms'),
  bad({ operation: 'getUser', status: 401, colour: 'red' }, 'colour'),
  bad({ operation: 'getUser', status: 404 }, 'status'),
  bad({ status: 401 }, 'operation'),
]

describe('a refused override', () => {
  it.each(REFUSED)('$body is a 422 naming $field, and nothing changes', async ({ body, field }) => {
    await override({ operation: 'getUser', status: 401 })
    const answer = await expectNoChange(transport().api, () =>
      send({ method: 'POST', path: '/__admin/overrides', body }),
    )
    expectDocumented(answer, 'POST', '/overrides')
    expectError(answer, { status: 422, code: 'validation_failed', field })
  })

  it('is a 404 for an id there is no override with, and a 422 past 1,000 overrides', async () => {
    const gone = await expectNoChange(transport().api, () => send({ method: 'DELETE', path: '/__admin/overrides/999' }))
    expectError(gone, { status: 404, code: 'not_found' })
    for (let i = 0; i < 1000; i++) await transport().api.addOverride({ operation: 'getUser', status: 401 })
    const full = await expectNoChange(transport().api, () =>
      send({ method: 'POST', path: '/__admin/overrides', body: { operation: 'getUser', status: 401 } }),
    )
    expectError(full, { status: 422, code: 'resource_limit_reached' })
    expectDocumented(full, 'POST', '/overrides')
  })
})

/** The answer is one the control plane's document gives the operation. */
function expectDocumented(answer: TestResponse, method: string, path: string): void {
  expect(checkAdmin(findOperation(adminDocument, method, path)!, answer.status, answer.body, answer.headers)).toEqual(
    [],
  )
}
