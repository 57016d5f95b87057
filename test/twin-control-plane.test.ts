import { describe, expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { fixtureTwin } from './support/fixture-twin.js'
import { listenerTransport } from './support/listener-transport.js'
import { stateSnapshot } from './support/state-snapshot.js'
import type { TestRequest } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// The control plane on a twin (the committed twin of the independent server: tier `starter` beside
// the mock's four, users with `locale`, adverts with `status`) as on the default mock: the state it
// exports imports back, the users it opens carry the twin's extra fields, and its tier names are
// the twin's. Over HTTP against the listener, and in-process; a refusal is the twin's 422 naming
// the field, and changes nothing.

const twin = fixtureTwin()
const KEY = twin.account.user.api_key
const STARTER = twin.profile.rateLimits.tiers.starter!
const LOCALE = { locale: 'en-US' }

const transport = useTransport(() => listenerTransport({ twin }))
const send = (req: TestRequest) => transport().send(req)
const api = (): MockApi => transport().api

/** A request the twin refuses (its 422 is `invalid_request`), naming `field`, with the state left as it was. */
async function expectRefused(req: TestRequest, field: string): Promise<void> {
  const before = stateSnapshot(api())
  const { status, body } = await send(req)
  expect({ status, code: body.error?.code }).toEqual({ status: 422, code: 'invalid_request' })
  expect(body.error.fields).toContainEqual(expect.objectContaining({ field }))
  expect(stateSnapshot(api())).toEqual(before)
}

/** The same refusal in-process: the promise rejects naming `field`, and nothing changed. */
async function expectRejected(act: () => Promise<unknown>, field: string): Promise<void> {
  const before = stateSnapshot(api())
  await expect(act()).rejects.toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) })
  expect(stateSnapshot(api())).toEqual(before)
}

describe('the state a twin exported', () => {
  const exportState = async () => (await send({ method: 'GET', path: '/__admin/state' })).body.data

  it('imports back over HTTP, with its tier names and extra fields', async () => {
    const exported = await exportState()
    expect(exported.dataset.users[0]).toMatchObject({ api_tier: 'starter', ...LOCALE })
    expect(exported.tiers.starter).toEqual(STARTER)
    const advert = { advert: { title: 'After the export' } }
    expect(
      (await send({ method: 'POST', path: '/adverts', headers: { Authorization: KEY }, body: advert })).status,
    ).toBe(201)
    const imported = await send({ method: 'POST', path: '/__admin/state', body: exported })
    expect(imported).toMatchObject({ status: 200, body: { data: { users: 1, adverts: 3, campaigns: 3 } } })
    expect((await exportState()).dataset).toEqual(exported.dataset)
    const adverts = await send({ method: 'GET', path: '/adverts', headers: { Authorization: KEY } })
    expect(adverts.body.data).toEqual(twin.account.adverts)
  })

  it('imports back in-process', async () => {
    const exported = api().exportState()
    await api().arrange.user()
    expect(await api().importState(exported)).toEqual({ users: 1, adverts: 3, campaigns: 3 })
    expect(api().exportState().dataset).toEqual(exported.dataset)
  })

  it("refuses a state that does not fit the twin's profile, naming the field, and changes nothing", async () => {
    const gold = await exportState()
    gold.dataset.users[0].api_tier = 'gold'
    await expectRefused({ method: 'POST', path: '/__admin/state', body: gold }, 'dataset.users.0.api_tier')
    await expectRejected(() => api().importState(gold), 'dataset.users.0.api_tier')
    // The default mock's tier table lacks the twin's own tier.
    const fourTiers = await exportState()
    delete fourTiers.tiers.starter
    await expectRefused({ method: 'POST', path: '/__admin/state', body: fourTiers }, 'tiers.starter')
  })
})

describe("the twin's extra user fields", () => {
  it('on a user the control plane opens, and in each of its answers about users, over HTTP', async () => {
    const created = await send({ method: 'POST', path: '/__admin/users', body: {} })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ api_tier: 'starter', ...LOCALE })
    const { id, api_key } = created.body.data
    expect((await send({ method: 'GET', path: '/user', headers: { Authorization: api_key } })).body.data).toEqual(
      created.body.data,
    )
    const answers = [
      await send({ method: 'GET', path: `/__admin/users/${id}` }),
      await send({ method: 'PATCH', path: `/__admin/users/${id}`, body: { tier: 'pro' } }),
      await send({ method: 'POST', path: `/__admin/users/${id}/topups`, body: { amount_usd: 5 } }),
    ]
    for (const { status, body } of answers) expect({ status, ...body.data }).toMatchObject({ status: 200, ...LOCALE })
    const list = await send({ method: 'GET', path: '/__admin/users' })
    expect(list.body.data).toEqual([expect.objectContaining(LOCALE), expect.objectContaining(LOCALE)])
    expect(api().db.users.findFirst((q) => q.where({ id }))).toMatchObject(LOCALE)
  })

  it('on a user opened in-process, by createUser and by arrange.user', async () => {
    const created = await api().createUser()
    expect(created).toMatchObject({ api_tier: 'starter', ...LOCALE })
    expect(api().getUser(created.id)).toEqual(created)
    expect(api().listUsers().data).toEqual([expect.objectContaining(LOCALE), created])
    const arranged = await api().arrange.user({ balance_usd: 5 })
    expect(arranged).toMatchObject(LOCALE)
    expect(api().db.users.findFirst((q) => q.where({ id: arranged.id }))).toMatchObject(LOCALE)
  })
})

describe('a generated seed on a twin', () => {
  const seed = { source: 'generate' as const, users: 3, adverts_per_user: 1, campaigns_per_advert: 2 }

  it('opens users, adverts and campaigns that fit the twin, with its extra fields', async () => {
    expect((await send({ method: 'POST', path: '/__admin/seed', body: seed })).status).toBe(200)
    const { users, adverts } = api().exportState().dataset
    expect(users).toEqual(users.map(() => expect.objectContaining(LOCALE)))
    expect(adverts).toEqual(adverts.map(() => expect.objectContaining({ status: 'active' })))
    const shown = await send({ method: 'GET', path: '/user', headers: { Authorization: users[0]!.api_key } })
    expect(shown.body.data).toMatchObject({ api_tier: users[0]!.api_tier, ...LOCALE })
  })

  it('draws only what its profile names: a twin that knows one broadcasting type', async () => {
    const known = fixtureTwin()
    known.profile.resources.broadcastingTypes = ['active_ad']
    known.account.campaigns = known.account.campaigns.filter((row) => row.broadcasting_type === 'active_ad')
    const mock = await createMockApi({ twin: known })
    expect(await mock.seed(seed)).toEqual({ users: 3, adverts: 3, campaigns: 6 })
    const types = new Set(mock.exportState().dataset.campaigns.map((row) => row.broadcasting_type))
    expect([...types]).toEqual(['active_ad'])
  })
})

describe("the twin's tier names", () => {
  it("changes the twin's own tier, over HTTP and in-process; its users' limits follow", async () => {
    const changed = await send({ method: 'PATCH', path: '/__admin/tiers', body: { starter: { per_minute: 5 } } })
    expect(changed).toMatchObject({ status: 200, body: { data: { starter: { ...STARTER, per_minute: 5 } } } })
    const user = await send({ method: 'GET', path: '/user', headers: { Authorization: KEY } })
    expect(user.body.data.api_tier_limits).toEqual({ ...STARTER, per_minute: 5 })
    expect(user.headers['ratelimit-policy']).toMatch(/^"minute";q=5;/)
    expect(await api().setTiers({ starter: { max_topups: 2 } })).toMatchObject({
      starter: { ...STARTER, per_minute: 5, max_topups: 2 },
    })
  })

  it('opens a user on, and moves one to, its own tier', async () => {
    const created = await send({ method: 'POST', path: '/__admin/users', body: { tier: 'starter' } })
    expect(created).toMatchObject({ status: 201, body: { data: { api_tier: 'starter' } } })
    await send({ method: 'PATCH', path: '/__admin/users/1', body: { tier: 'pro' } })
    const moved = await send({ method: 'PATCH', path: '/__admin/users/1', body: { tier: 'starter' } })
    expect(moved).toMatchObject({ status: 200, body: { data: { api_tier: 'starter', api_tier_limits: STARTER } } })
    expect(await api().createUser({ tier: 'starter' })).toMatchObject({ api_tier: 'starter' })
    await api().setUserTier(1, { tier: 'free' })
    expect(await api().setUserTier(1, { tier: 'starter' })).toMatchObject({ api_tier: 'starter' })
  })

  it('refuses a tier the twin does not have, naming the field, and changes nothing', async () => {
    await expectRefused({ method: 'PATCH', path: '/__admin/tiers', body: { gold: { per_minute: 1 } } }, 'gold')
    await expectRefused({ method: 'POST', path: '/__admin/users', body: { tier: 'gold' } }, 'tier')
    await expectRefused({ method: 'PATCH', path: '/__admin/users/1', body: { tier: 'gold' } }, 'tier')
    await expectRejected(() => api().setTiers({ gold: { per_minute: 1 } }), 'gold')
    await expectRejected(() => api().createUser({ tier: 'gold' }), 'tier')
  })

  it("takes the tiers option in the twin's names, and refuses another name", async () => {
    const tuned = await createMockApi({ twin, tiers: { starter: { per_minute: 7 } } })
    expect((tuned.tiers() as Record<string, unknown>).starter).toEqual({ ...STARTER, per_minute: 7 })
    await expect(createMockApi({ twin, tiers: { gold: { per_minute: 7 } } })).rejects.toMatchObject({
      fields: [{ field: 'gold', message: 'is not a known field' }],
    })
  })
})

describe('arrange over HTTP on a twin', () => {
  const arrange = (helper: string, body: unknown) => send({ method: 'POST', path: `/__admin/arrange/${helper}`, body })

  it("takes what the twin's rules take, as arrange does in-process", async () => {
    const user = await arrange('user', { tier: 'starter', balance_usd: 5 })
    expect(user).toMatchObject({ status: 201, body: { data: { api_tier: 'starter', balance_usd: 5, ...LOCALE } } })
    // A title longer than the mock's own 120 characters, any cpm precision: the twin's bounds.
    const advert = await arrange('advert', { user: user.body.data, title: 'T'.repeat(150) })
    expect(advert).toMatchObject({ status: 201, body: { data: { title: 'T'.repeat(150), status: 'active' } } })
    const campaign = await arrange('campaign', { user: user.body.data.id, advert: advert.body.data.id, cpm: 1.125 })
    expect(campaign).toMatchObject({ status: 201, body: { data: { cpm: 1.125, enabled: false } } })
    const campaigns = await arrange('campaigns', { user: user.body.data.id, count: 2, cpm: 1.125 })
    expect(campaigns.status).toBe(201)
    expect(campaigns.body.data.map(({ cpm }: { cpm: number }) => cpm)).toEqual([1.125, 1.125])
    const inUse = await arrange('advertInUse', { user: user.body.data.id, title: 'U'.repeat(200) })
    expect(inUse).toMatchObject({ status: 201, body: { data: { advert: { title: 'U'.repeat(200) } } } })
  })

  it('refuses what the twin refuses, naming the field, and changes nothing', async () => {
    await expectRefused({ method: 'POST', path: '/__admin/arrange/user', body: { tier: 'gold' } }, 'tier')
    const title = { user: 1, title: 'T'.repeat(201) }
    await expectRefused({ method: 'POST', path: '/__admin/arrange/advert', body: title }, 'title')
    const type = { user: 1, broadcasting_type: 'loud_ad' }
    await expectRefused({ method: 'POST', path: '/__admin/arrange/campaign', body: type }, 'broadcasting_type')
  })
})

describe('overrides over HTTP on a twin', () => {
  const override = (body: unknown) => send({ method: 'POST', path: '/__admin/overrides', body })
  const balance = { balance_usd: 0, total_topups_usd: 0 }

  it("checks a body against the twin's own document: its extra fields, its statuses", async () => {
    // The twin's balance carries `currency`, and its deletes answer 204 with no body.
    const rich = await override({
      operation: 'getUserBalance',
      status: 200,
      body: { success: true, data: { ...balance, currency: 'USD' } },
    })
    expect(rich.status).toBe(201)
    const answered = await send({ method: 'GET', path: '/user/balance', headers: { Authorization: KEY } })
    expect(answered).toMatchObject({ status: 200, body: { data: { currency: 'USD' } } })
    expect((await override({ operation: 'deleteCampaign', status: 204 })).status).toBe(201)
  })

  it("refuses a body the twin's document forbids, naming the field, and changes nothing", async () => {
    const body = { success: true, data: { ...balance, currency: 'USD', colour: 'red' } }
    await expectRefused(
      { method: 'POST', path: '/__admin/overrides', body: { operation: 'getUserBalance', status: 200, body } },
      'body.data.colour',
    )
  })
})
