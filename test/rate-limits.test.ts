import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClock } from '../src/domain/clock.js'
import type { User } from '../src/schemas/user.js'
import { frozenClock } from './support/frozen-clock.js'
import { listenerTransport } from './support/listener-transport.js'
import { mswTransport, type Transport } from './support/transports.js'

// Small custom limits keep every test short: 3 a minute, 5 a day on the basic tier.
const tiers = { basic: { per_minute: 3, per_day: 5, max_topups: 2 } }
const T0 = Date.parse('2026-03-01T10:00:15.000Z')
const MINUTE_END = Date.parse('2026-03-01T10:01:00.000Z') / 1000
const DAY_END = Date.parse('2026-03-02T00:00:00.000Z') / 1000

describe('rate limits (in-process, msw/node)', () => {
  const clock = createClock()
  let mock: Transport
  let alice: User
  let bob: User
  const getUser = (user: User | string) =>
    mock.send({
      method: 'GET',
      path: '/user',
      headers: { authorization: typeof user === 'string' ? user : user.api_key },
    })

  beforeAll(async () => {
    mock = await mswTransport({ tiers, clock })
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    await mock.api.reset()
    clock.set(T0)
    alice = await mock.api.createUser({ tier: 'basic' })
    bob = await mock.api.createUser({ tier: 'basic' })
  })

  it('admits the per-minute limit, then answers 429 with the headers and Retry-After', async () => {
    const passed = [await getUser(alice), await getUser(alice), await getUser(alice)]
    expect(passed.map((r) => r.status)).toEqual([200, 200, 200])
    expect(passed.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0'])
    expect(passed[2]!.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-reset': String(MINUTE_END),
      // Date is the mock's clock, so Reset minus Date is the wait even with the clock moved.
      date: new Date(T0).toUTCString(),
      'ratelimit-policy': '"minute";q=3;w=60, "day";q=5;w=86400',
      ratelimit: `"minute";r=0;t=45, "day";r=2;t=${DAY_END - T0 / 1000}`,
    })
    expect(passed[2]!.headers['retry-after']).toBeUndefined()

    const refused = await getUser(alice)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'rate_limit_exceeded', message: expect.stringContaining('3 requests per minute') },
    })
    expect(refused.headers).toMatchObject({
      'retry-after': '45',
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(MINUTE_END),
    })
  })

  it('says "1 request" (not "1 requests") when the tier admits one a minute', async () => {
    await mock.api.setTiers({ basic: { per_minute: 1 } })
    await getUser(alice)
    expect((await getUser(alice)).body.error.message).toBe(
      'Rate limit exceeded: the basic tier admits 1 request per minute; retry in 45 s',
    )
  })

  it('admits again once the clock passes the end of the UTC minute, not before', async () => {
    for (let i = 0; i < 3; i++) await getUser(alice)
    clock.set(MINUTE_END * 1000 - 1)
    expect((await getUser(alice)).headers['retry-after']).toBe('1')
    clock.advance(1)
    const next = await getUser(alice)
    expect(next.status).toBe(200)
    // The refused requests were not counted: the day has 5 - 3 - 1 = 1 left.
    expect(next.headers.ratelimit).toBe(`"minute";r=2;t=60, "day";r=1;t=${DAY_END - MINUTE_END}`)
  })

  it('keeps refusing on the per-day window after the per-minute window resets', async () => {
    for (let i = 0; i < 3; i++) expect((await getUser(alice)).status).toBe(200)
    clock.advance(60_000)
    for (let i = 0; i < 2; i++) expect((await getUser(alice)).status).toBe(200)
    clock.advance(60_000)
    const refused = await getUser(alice)
    expect(refused.status).toBe(429)
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(DAY_END),
      'retry-after': String(DAY_END - (T0 + 120_000) / 1000),
    })
    clock.set(DAY_END * 1000)
    expect((await getUser(alice)).status).toBe(200)
  })

  it("limits each user on their own: bob is unaffected by alice's burst", async () => {
    for (let i = 0; i < 4; i++) await getUser(alice)
    expect((await getUser(alice)).status).toBe(429)
    const forBob = await getUser(bob)
    expect(forBob.status).toBe(200)
    expect(forBob.headers['x-ratelimit-remaining']).toBe('2')
  })

  it('counts requests that fail authentication against nobody, and gives them no rate-limit headers', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await getUser('acs_not_a_key_at_all_0000000000')
      expect(refused.status).toBe(401)
      expect(refused.headers['x-ratelimit-limit']).toBeUndefined()
    }
    expect((await getUser(alice)).headers['x-ratelimit-remaining']).toBe('2')
  })

  it('puts the headers on error responses of authenticated requests too', async () => {
    const missing = await mock.send({
      method: 'GET',
      path: '/campaigns/999',
      headers: { authorization: alice.api_key },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers['x-ratelimit-remaining']).toBe('2')
    expect(missing.headers['ratelimit-policy']).toContain('"minute";q=3;w=60')
  })

  it('never limits the control plane', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await mock.send({ method: 'GET', path: '/__admin/clock' })
      expect(response.status).toBe(200)
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })

  it('applies new tier limits from the control plane at the next request', async () => {
    await getUser(alice)
    const changed = await mock.send({
      method: 'PATCH',
      path: '/__admin/tiers',
      body: { basic: { per_minute: 1, per_day: 5, max_topups: 2 } },
    })
    expect(changed.body.data.basic.per_minute).toBe(1)
    expect((await getUser(alice)).status).toBe(429)
    const moved = await mock.send({ method: 'PATCH', path: `/__admin/users/${alice.id}`, body: { tier: 'pro' } })
    expect(moved.body.data).toMatchObject({ api_tier: 'pro', api_tier_limits: { per_minute: 1200 } })
    expect((await getUser(alice)).status).toBe(200)
  })
})

describe('rate limits under a burst (Express listener on 127.0.0.1)', () => {
  it('admits exactly the limit when three times the limit arrive at once', async () => {
    const listener = await listenerTransport({
      tiers: { basic: { per_minute: 10, per_day: 1000, max_topups: 1 } },
      clock: frozenClock(new Date(T0).toISOString()),
    })
    try {
      const user = await listener.api.createUser({ tier: 'basic' })
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          listener.send({ method: 'GET', path: '/campaigns', headers: { authorization: user.api_key } }),
        ),
      )
      const statuses = responses.map((r) => r.status)
      // The listener sends the mock's Date (pinned at T0), not the host's.
      expect(new Set(responses.map((r) => r.headers.date))).toEqual(new Set([new Date(T0).toUTCString()]))
      expect(statuses.filter((s) => s === 200)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(20)
      const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers['x-ratelimit-remaining']))
      expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    } finally {
      await listener.close()
    }
  })
})
