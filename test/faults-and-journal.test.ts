import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFaults } from '../src/domain/faults.js'
import type { JournalEntry } from '../src/domain/request-journal.js'
import type { FaultSettingsInput } from '../src/schemas/control-plane.js'
import { FaultSettings } from '../src/schemas/control-plane.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { asDemo } from './support/cases.js'
import { frozenClock } from './support/frozen-clock.js'
import { listenerTransport } from './support/listener-transport.js'
import { mswTransport, type TestRequest, type Transport } from './support/transports.js'

/** The same controls, reached over /__admin or as the MockApi's functions. */
interface Controls {
  setFaults(settings: FaultSettingsInput): Promise<unknown>
  requests(): Promise<Omit<JournalEntry, 'at'>[]>
  clearRequests(): Promise<unknown>
}

const controlStyles = {
  'over /__admin': (t: Transport): Controls => ({
    setFaults: async (settings) => expectOk(await t.send({ method: 'POST', path: '/__admin/faults', body: settings })),
    requests: async () => expectOk(await t.send({ method: 'GET', path: '/__admin/requests' })),
    clearRequests: async () => expectOk(await t.send({ method: 'DELETE', path: '/__admin/requests' })),
  }),
  'in-process functions': (t: Transport): Controls => ({
    setFaults: async (settings) => t.api.setFaults(settings),
    requests: async () => t.api.journal.entries(),
    clearRequests: async () => t.api.journal.clear(),
  }),
}

function expectOk({ status, body }: { status: number; body: any }) {
  expect(status, JSON.stringify(body)).toBe(200)
  return body.data
}

// In-process and over a real socket to the standalone listener (not the supertest pair of support/transports).
const transportsWithListener = [
  { name: 'in-process (msw/node)', create: mswTransport },
  { name: 'HTTP (Express listener on 127.0.0.1)', create: listenerTransport },
]

const combinations = transportsWithListener.flatMap((transport) =>
  Object.entries(controlStyles).map(([style, controls]) => ({
    name: `${transport.name}, controls ${style}`,
    transport,
    controls,
  })),
)

describe.each(combinations)('faults and the journal: $name', ({ transport, controls: makeControls }) => {
  let t: Transport
  let controls: Controls
  const sendAsDemo = (req: TestRequest) => t.send(asDemo(req))
  const campaignCount = async () =>
    (await sendAsDemo({ method: 'GET', path: '/campaigns' })).body.pagination.total_count

  beforeAll(async () => {
    t = await transport.create({ journalSize: 5, clock: frozenClock() })
    controls = makeControls(t)
  })
  afterAll(() => t.close())
  afterEach(() => t.api.reset())

  it('forces the configured status on matching routes only, before anything changes', async () => {
    await controls.setFaults({ errors: [{ status: 503, rate: 1, method: 'POST', path: '/campaigns' }] })
    const before = await campaignCount()
    const forced = await sendAsDemo({
      method: 'POST',
      path: '/campaigns',
      body: { campaign: { advert_id: 1, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 10 } },
    })
    expect(forced.status).toBe(503)
    expect(forced.body).toEqual({
      success: false,
      error: { code: 'service_unavailable', message: expect.stringContaining('Injected fault') },
    })
    // The demo user is on the pro tier: 1,200 a minute, and the forced error counted as one.
    expect(forced.headers['x-ratelimit-limit']).toBe('1200')
    expect(forced.headers['x-ratelimit-remaining']).toBe('1198')
    expect(forced.headers['retry-after']).toBeUndefined()
    expect((await sendAsDemo({ method: 'GET', path: '/campaigns' })).status).toBe(200)
    expect(await campaignCount()).toBe(before)
  })

  it('matches route patterns against the operation template too', async () => {
    await controls.setFaults({ errors: [{ status: 502, rate: 1, path: '/campaigns/{id}/toggle' }] })
    expect((await sendAsDemo({ method: 'POST', path: '/campaigns/1/toggle' })).body.error.code).toBe('bad_gateway')
    expect((await sendAsDemo({ method: 'GET', path: '/campaigns/1' })).status).toBe(200)
  })

  it('honours Prefer: code= per request and says so in Preference-Applied', async () => {
    const forced = await sendAsDemo({ method: 'GET', path: '/user', headers: { prefer: 'code=500' } })
    expect(forced.status).toBe(500)
    expect(forced.body.error.code).toBe('internal_error')
    expect(forced.headers['preference-applied']).toBe('code=500')
    // A value the mock cannot honour is ignored (RFC 7240), and Preference-Applied says so by its absence.
    const ignored = await sendAsDemo({ method: 'GET', path: '/user', headers: { prefer: 'code=418, delay=-1' } })
    expect(ignored.status).toBe(200)
    expect(ignored.headers['preference-applied']).toBeUndefined()
  })

  it('reads Prefer only after authentication: no key means a plain 401, forced nothing, held nothing', async () => {
    const started = Date.now()
    const anonymous = await t.send({ method: 'GET', path: '/user', headers: { prefer: 'code=503, delay=5000' } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error.code).toBe('unauthorized')
    expect(anonymous.headers['preference-applied']).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(4_000)
  })

  it('draws the same faults for the same seed on every run', async () => {
    const settings = { errors: [{ status: 500 as const, rate: 0.5 }], seed: 7 }
    const faults = createFaults(FaultSettings.parse(settings))
    const expected = Array.from({ length: 12 }, () => faults.forcedError('GET', '/user/balance')?.status ?? 200)
    expect(expected).toContain(200)
    expect(expected).toContain(500)
    await controls.setFaults(settings)
    const statuses = []
    for (let i = 0; i < 12; i++) statuses.push((await sendAsDemo({ method: 'GET', path: '/user/balance' })).status)
    expect(statuses).toEqual(expected)
  })

  it('holds responses for the configured latency and for Prefer: delay=', async () => {
    await controls.setFaults({ latency: { min_ms: 40 } })
    await sendAsDemo({ method: 'GET', path: '/user' })
    await controls.setFaults({})
    const delayed = await sendAsDemo({ method: 'GET', path: '/user', headers: { prefer: 'delay=30' } })
    expect(delayed.headers['preference-applied']).toBe('delay=30')
    const [slow, preferred] = (await controls.requests()).slice(-2)
    expect(slow!.duration_ms).toBeGreaterThanOrEqual(39)
    expect(preferred!.duration_ms).toBeGreaterThanOrEqual(29)
  })

  it('never touches the control plane', async () => {
    await controls.setFaults({ latency: null, errors: [{ status: 503, rate: 1, path: '/**' }] })
    expect((await t.send({ method: 'GET', path: '/__admin/clock' })).status).toBe(200)
    expect((await sendAsDemo({ method: 'GET', path: '/user' })).status).toBe(503)
  })

  it('journals every public-API request with status, user and operation, never a key', async () => {
    await controls.clearRequests()
    await sendAsDemo({ method: 'GET', path: '/user' })
    await sendAsDemo({ method: 'GET', path: '/campaigns/999?x=1' })
    await t.send({ method: 'GET', path: '/user', headers: { authorization: 'acs_wrong_key_0000000000000000' } })
    await t.send({ method: 'GET', path: '/no-such-route' })
    await t.send({ method: 'GET', path: '/__admin/clock' })
    const entries = await controls.requests()
    expect(
      entries.map(({ seq, method, path, status, user_id, operation_id }) => ({
        seq,
        method,
        path,
        status,
        user_id,
        operation_id,
      })),
    ).toEqual([
      { seq: 1, method: 'GET', path: '/api/v1/user', status: 200, user_id: 1, operation_id: 'getUser' },
      {
        seq: 2,
        method: 'GET',
        path: '/api/v1/campaigns/999?x=1',
        status: 404,
        user_id: 1,
        operation_id: 'getCampaign',
      },
      { seq: 3, method: 'GET', path: '/api/v1/user', status: 401, user_id: null, operation_id: 'getUser' },
      { seq: 4, method: 'GET', path: '/api/v1/no-such-route', status: 404, user_id: null, operation_id: null },
    ])
    expect(JSON.stringify(entries)).not.toContain(DEMO_API_KEY)
    expect(JSON.stringify(entries)).not.toContain('acs_wrong_key')
  })

  it('keeps the key out of the journal even when a client also puts it in the URL', async () => {
    await controls.clearRequests()
    await sendAsDemo({ method: 'GET', path: `/campaigns?api_key=${DEMO_API_KEY}` })
    const [entry] = await controls.requests()
    expect(entry!.path).toBe('/api/v1/campaigns?api_key=[redacted]')
  })

  it('keeps only the last journalSize requests and empties on clear', async () => {
    for (let i = 1; i <= 7; i++) await sendAsDemo({ method: 'GET', path: `/campaigns?page=${i}` })
    const entries = await controls.requests()
    expect(entries.map((e) => e.path)).toEqual([3, 4, 5, 6, 7].map((page) => `/api/v1/campaigns?page=${page}`))
    await controls.clearRequests()
    expect(await controls.requests()).toEqual([])
  })
})
