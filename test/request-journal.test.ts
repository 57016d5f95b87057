import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'
import { MAX_JOURNAL_BODY } from '../src/schemas/journal.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { asDemo } from './support/cases.js'
import { frozenClock } from './support/frozen-clock.js'
import { listenerTransport } from './support/listener-transport.js'
import type { Transport } from './support/transports.js'

// The journal as something to verify against: every entry has its operation and both bodies (keys
// redacted, bodies cut at 64 KiB), and GET /__admin/requests filters it, over HTTP and in-process.

let t: Transport
beforeAll(async () => {
  t = await listenerTransport({ clock: frozenClock() })
})
afterAll(() => t.close())
afterEach(() => t.api.reset())

const journal = async (query = '') => {
  const { status, body } = await t.send({ method: 'GET', path: `/__admin/requests${query}` })
  expect(status, JSON.stringify(body)).toBe(200)
  return body.data as { path: string; method: string; status: number; request_body: unknown; response_body: any }[]
}

/** Three requests an app might send: a read, an update of campaign 1 (cpm 3) and a refused update of campaign 2. */
async function sendThree() {
  await t.send(asDemo({ method: 'GET', path: '/campaigns?page=1' }))
  await t.send(asDemo({ method: 'PATCH', path: '/campaigns/1', body: { campaign: { cpm: 3 } } }))
  await t.send(asDemo({ method: 'PATCH', path: '/campaigns/2', body: { campaign: { cpm: -1 } } }))
}

describe('GET /__admin/requests', () => {
  it('answers "did the app send PATCH /campaigns/1 with cpm 3?" in one call, with both bodies', async () => {
    await sendThree()
    const body = encodeURIComponent(JSON.stringify({ campaign: { cpm: 3 } }))
    const [sent, ...more] = await journal(`?method=PATCH&path=/campaigns/1&body=${body}`)
    expect(more).toEqual([])
    expect(sent).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/campaigns/1',
      status: 200,
      operation_id: 'updateCampaign',
      user_id: 1,
      request_body: { campaign: { cpm: 3 } },
      response_body: { success: true, data: { id: 1, cpm: 3 } },
      truncated: false,
    })
    expect(
      await journal(`?method=PATCH&path=/campaigns/1&body=${encodeURIComponent('{"campaign":{"cpm":4}}')}`),
    ).toEqual([])
  })

  it.each([
    ['?limit=2', ['/api/v1/campaigns/1', '/api/v1/campaigns/2']],
    ['?operation=updateCampaign', ['/api/v1/campaigns/1', '/api/v1/campaigns/2']],
    ['?method=get', ['/api/v1/campaigns?page=1']],
    ['?path=/campaigns/{id}', ['/api/v1/campaigns/1', '/api/v1/campaigns/2']],
    ['?path=/api/v1/campaigns', ['/api/v1/campaigns?page=1']],
    ['?status=422', ['/api/v1/campaigns/2']],
    ['?status=2xx&limit=1', ['/api/v1/campaigns/1']],
    ['?user_id=2', []],
    ['?since=2026-03-01T10:00:15Z', ['/api/v1/campaigns?page=1', '/api/v1/campaigns/1', '/api/v1/campaigns/2']],
    ['?since=2026-03-01T10:00:16Z', []],
  ])('filters with %s', async (query, paths) => {
    await sendThree()
    expect((await journal(query)).map((entry) => entry.path)).toEqual(paths)
  })

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=two', 'limit'],
    ['?status=42', 'status'],
    ['?since=yesterday', 'since'],
    ['?body=%7Bnot-json', 'body'],
    ['?user_id=-1', 'user_id'],
    ['?limt=2', 'limt'],
  ])('refuses %s with a 422 naming the field', async (query, field) => {
    await sendThree()
    const { status, body } = await t.send({ method: 'GET', path: `/__admin/requests${query}` })
    expect({ status, body }).toMatchObject({
      status: 422,
      body: { success: false, error: { code: 'validation_failed', fields: [{ field }] } },
    })
    expect(await journal()).toHaveLength(3)
  })
})

it('keeps every API key out of the bodies: the caller’s, and every api_key a response carries', async () => {
  await t.send(asDemo({ method: 'GET', path: '/user' }))
  const reset = await t.send(asDemo({ method: 'POST', path: '/user/reset_api_key' }))
  const entries = await journal()
  expect(entries.map((entry) => entry.response_body.data.api_key)).toEqual(['[redacted]', '[redacted]'])
  const text = JSON.stringify(entries)
  expect(text).not.toContain(DEMO_API_KEY)
  expect(text).not.toContain(reset.body.data.api_key)
})

it(`cuts a body at ${MAX_JOURNAL_BODY.toLocaleString('en-US')} characters (64 KiB) and says so`, async () => {
  const title = 'x'.repeat(100_000)
  const refused = await t.send(asDemo({ method: 'POST', path: '/adverts', body: { advert: { title } } }))
  expect(refused.status).toBe(422)
  const [entry] = await journal()
  expect(entry).toMatchObject({ status: 422, truncated: true, response_body: { error: { code: 'validation_failed' } } })
  expect(entry!.request_body).toHaveLength(MAX_JOURNAL_BODY)
  expect(String(entry!.request_body).startsWith('{"advert":{"title":"xxx')).toBe(true)
})

describe('in-process: mock.requests(filter)', () => {
  let mock: NodeMock
  beforeAll(async () => {
    mock = await startNodeMock()
  })
  afterAll(() => mock.close())

  it('answers the same question with a filter object', async () => {
    const send = (path: string, body: unknown) =>
      fetch(`${mock.baseUrl}${path}`, {
        method: 'PATCH',
        headers: { Authorization: mock.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    await send('/campaigns/1', { campaign: { cpm: 3, enabled: false } })
    await send('/campaigns/2', { campaign: { cpm: 3 } })
    expect(mock.requests({ method: 'PATCH', path: '/campaigns/1', body: { campaign: { cpm: 3 } } })).toMatchObject([
      { path: '/api/v1/campaigns/1', status: 200, request_body: { campaign: { cpm: 3, enabled: false } } },
    ])
    expect(mock.requests({ status: 200, limit: 1 }).map((entry) => entry.path)).toEqual(['/api/v1/campaigns/2'])
    expect(() => mock.requests({ status: 42 })).toThrow(expect.objectContaining({ code: 'validation_failed' }))
  })
})

it('refuses a body filter nested deeper than 64 levels with a 422, in-process and over HTTP', async () => {
  const deep = JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`)
  expect(() => t.api.requests({ body: deep })).toThrow(expect.objectContaining({ code: 'validation_failed' }))
  const { status, body } = await t.send({
    method: 'GET',
    path: `/__admin/requests?body=${encodeURIComponent(JSON.stringify(deep))}`,
  })
  expect({ status, field: body.error.fields[0].field }).toEqual({ status: 422, field: 'body' })
})
