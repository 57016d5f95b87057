import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { DEFAULT_TIER_LIMITS } from '../src/domain/tiers.js'
import { API_TIERS } from '../src/schemas/user.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { handleInProcess } from './support/in-process.js'

let listener: Listener
beforeAll(async () => {
  listener = await startListener({ port: 0 })
})
afterAll(() => listener.close())

const send = (key: string, method: string, path: string, body?: unknown) =>
  fetch(`${listener.baseUrl}${path}`, {
    method,
    headers: { Authorization: key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

it('gives a contested e-mail to exactly one of two users writing in the same tick', async () => {
  // In-process, both requests start before either awaits: the tightest interleaving there is.
  const api = await createMockApi()
  const patch = (key: string) => sendTo(api, key, 'PATCH', '/user', { user: { email: 'contested@example.com' } })
  const responses = await Promise.all([patch(DEMO_API_KEY), patch(OTHER_API_KEY)])
  expect(responses.map((r) => r.status).sort()).toEqual([200, 422])
  const owners = api.context.store.export().users.filter((user) => user.email === 'contested@example.com')
  expect(owners).toHaveLength(1)
})

it('applies every one of many concurrent toggles', async () => {
  const before = (await (await send(DEMO_API_KEY, 'GET', '/campaigns/3')).json()).data.enabled
  const toggles = await Promise.all(Array.from({ length: 9 }, () => send(DEMO_API_KEY, 'POST', '/campaigns/3/toggle')))
  expect(toggles.every((r) => r.status === 200)).toBe(true)
  const states = await Promise.all(toggles.map(async (r) => (await r.json()).data.enabled))
  // Each toggle saw the one before it: the answers alternate, and an odd count flips the state.
  expect(states.filter((enabled) => enabled === !before)).toHaveLength(5)
  expect((await (await send(DEMO_API_KEY, 'GET', '/campaigns/3')).json()).data.enabled).toBe(!before)
})

/** Sends one request as a user straight to the in-process handlers. */
function sendTo(api: MockApi, key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return handleInProcess(api)(
    new Request(`http://mock.test/api/v1${path}`, {
      method,
      headers: { Authorization: key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

it('lets only the first of concurrent key resets through: the old key is refused at once, even in the queue', async () => {
  const api = await createMockApi()
  const resets = await Promise.all([1, 2, 3].map(() => sendTo(api, DEMO_API_KEY, 'POST', '/user/reset_api_key')))
  expect(resets.map((r) => r.status)).toEqual([200, 401, 401])
  const newKey = (await resets[0]!.json()).data.api_key
  expect((await sendTo(api, newKey, 'GET', '/user')).status).toBe(200)
  expect((await sendTo(api, DEMO_API_KEY, 'GET', '/user')).status).toBe(401)
})

it('frees the e-mail a user gave up, even when their writes were queued together', async () => {
  const api = await createMockApi()
  await Promise.all([
    sendTo(api, DEMO_API_KEY, 'PATCH', '/user', { user: { email: 'a@example.com' } }),
    sendTo(api, DEMO_API_KEY, 'PATCH', '/user', { user: { email: 'b@example.com' } }),
  ])
  expect((await (await sendTo(api, DEMO_API_KEY, 'GET', '/user')).json()).data.email).toBe('b@example.com')
  const taken = await sendTo(api, OTHER_API_KEY, 'PATCH', '/user', { user: { email: 'a@example.com' } })
  expect(taken.status).toBe(200)
})

describe('through the listener, many requests at once', () => {
  // Limits out of reach: the point is the write queue, not the rate limiter.
  const unlimited = Object.fromEntries(
    API_TIERS.map((tier) => [tier, { ...DEFAULT_TIER_LIMITS[tier], per_minute: 1e9, per_day: 1e9 }]),
  )
  let target: Listener
  beforeAll(async () => {
    target = await startListener({ port: 0, tiers: unlimited })
  })
  afterAll(() => target.close())
  beforeEach(() => target.api.reset())

  const call = async (method: string, path: string, body?: unknown, key = DEMO_API_KEY) => {
    const response = await fetch(`${path.startsWith('/__admin') ? target.origin : target.baseUrl}${path}`, {
      method,
      headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: await response.json() }
  }

  it('gives 500 parallel creates 500 distinct ids, each listed exactly once', async () => {
    const creates = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        call('POST', '/campaigns', {
          campaign: { advert_id: 1 + (n % 3), broadcasting_type: 'active_ad', cpm: 1, sending_limit: 100 + n },
        }),
      ),
    )
    expect(creates.map((r) => r.status).filter((status) => status !== 201)).toEqual([])
    const created = creates.map((r) => r.body.data.id as number)
    expect(new Set(created).size).toBe(500)
    const listed: number[] = []
    for (let page = 1; page <= 6; page++)
      listed.push(
        ...(await call('GET', `/campaigns?per_page=100&page=${page}`)).body.data.map((c: { id: number }) => c.id),
      )
    expect(listed).toHaveLength(503)
    expect(new Set(listed).size).toBe(503)
    for (const id of created) expect(listed).toContain(id)
    // Each create's answer is what is stored: its own limit, never another's.
    for (const [n, response] of creates.entries()) expect(response.body.data.sending_limit).toBe(100 + n)
  })

  it('leaves one campaign consistent under parallel toggles and updates: no toggle lost, no update torn', async () => {
    // Start from a pair that belongs together too.
    const before = (await call('PATCH', '/campaigns/3', { campaign: { cpm: 0.5, sending_limit: 500 } })).body.data
    const toggles = Array.from({ length: 101 }, () => call('POST', '/campaigns/3/toggle'))
    // Each update sets a pair that belongs together: cpm n + 1 with sending_limit 1000 * (n + 1).
    const updates = Array.from({ length: 100 }, (_, n) =>
      call('PATCH', '/campaigns/3', { campaign: { cpm: n + 1, sending_limit: 1000 * (n + 1) } }),
    )
    const [toggled, updated] = await Promise.all([Promise.all(toggles), Promise.all(updates)])
    expect([...toggled, ...updated].map((r) => r.status).filter((status) => status !== 200)).toEqual([])
    // Toggles queue one after another: half of them (rounded up) answer the flipped state.
    expect(toggled.filter((r) => r.body.data.enabled === !before.enabled)).toHaveLength(51)
    for (const r of [...toggled, ...updated]) expect(r.body.data.sending_limit).toBe(1000 * r.body.data.cpm)
    const after = (await call('GET', '/campaigns/3')).body.data
    expect(after.enabled).toBe(!before.enabled)
    expect(after.sending_limit).toBe(1000 * after.cpm)
    expect(after.sending_count).toBe(before.sending_count)
  })

  it('never passes max_topups under parallel top-ups', async () => {
    const user = (await call('POST', '/__admin/users', { tier: 'free' })).body.data
    const { max_topups } = DEFAULT_TIER_LIMITS.free
    const topups = await Promise.all(
      Array.from({ length: 40 }, () => call('POST', `/__admin/users/${user.id}/topups`, { amount_usd: 2.5 })),
    )
    expect(topups.filter((r) => r.status === 200)).toHaveLength(max_topups)
    expect(topups.filter((r) => r.status === 422 && r.body.error.code === 'topup_limit_reached')).toHaveLength(
      40 - max_topups,
    )
    const after = (await call('GET', `/__admin/users/${user.id}`)).body.data
    expect(after).toMatchObject({ balance_usd: 2.5 * max_topups, total_topups_usd: 2.5 * max_topups })
    expect(target.api.context.store.users.get(user.id)!.topups_count).toBe(max_topups)
  })

  it('gives one address to exactly one of twenty users claiming it at once', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/__admin/users')))
    const claims = await Promise.all(
      users.map((u) => call('PATCH', '/user', { user: { email: 'wanted@example.org' } }, u.body.data.api_key)),
    )
    expect(claims.filter((r) => r.status === 200)).toHaveLength(1)
    expect(claims.filter((r) => r.status === 422)).toHaveLength(19)
    expect(target.api.exportState().dataset.users.filter((u) => u.email === 'wanted@example.org')).toHaveLength(1)
  })
})
