import { beforeEach, describe, expect, it } from 'vitest'
import { ArrangeError } from '../src/control-plane/arrange.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { frozenClock } from './support/frozen-clock.js'
import { handleInProcess } from './support/in-process.js'
import { expectNoChange } from './support/state-snapshot.js'

let api: MockApi
beforeEach(async () => {
  api = await createMockApi({ clock: frozenClock() })
})

/** Sends a request with a key to the mock's handlers and reads the answer. */
async function send(key: string, method: string, path: string) {
  const response = await handleInProcess(api)(
    new Request(`http://mock.test/api/v1${path}`, { method, headers: { Authorization: key } }),
  )
  return { status: response.status, body: await response.json() }
}

describe('arrange.user', () => {
  it('opens an account whose key the API accepts, basic by default, with no money', async () => {
    const user = await api.arrange.user()
    expect(user).toMatchObject({ api_tier: 'basic', balance_usd: 0, total_topups_usd: 0 })
    expect(await send(user.api_key, 'GET', '/user')).toEqual({ status: 200, body: { success: true, data: user } })
  })

  it.each([
    [{ topups: [20, 30] }, { balance_usd: 50, total_topups_usd: 50 }, 2],
    [{ balance_usd: 12.5 }, { balance_usd: 12.5, total_topups_usd: 12.5 }, 1],
    [{ topups: [50], balance_usd: 0 }, { balance_usd: 0, total_topups_usd: 50 }, 1],
  ])('tops up through the top-up rule: %o', async (options, balance, count) => {
    const user = await api.arrange.user({ tier: 'free', email: 'qa@example.org', ...options })
    expect(user).toMatchObject({ api_tier: 'free', email: 'qa@example.org' })
    expect((await send(user.api_key, 'GET', '/user/balance')).body.data).toEqual(balance)
    expect(api.exportState().dataset.users.find(({ id }) => id === user.id)?.topups_count).toBe(count)
  })
})

describe('arrange.advert, arrange.campaign', () => {
  it('makes an advert and a campaign on it that the API serves, taking the user as the record or its id', async () => {
    const user = await api.arrange.user()
    const advert = await api.arrange.advert(user.id, { title: 'Spring sale' })
    const campaign = await api.arrange.campaign(user, {
      advert,
      cpm: 4.2,
      sending_limit: 100,
      sending_count: 40,
      enabled: false,
    })
    expect(campaign).toMatchObject({
      advert_id: advert.id,
      advert_title: 'Spring sale',
      cpm: 4.2,
      sending_limit: 100,
      sending_count: 40,
      enabled: false,
    })
    expect((await send(user.api_key, 'GET', `/campaigns/${campaign.id}`)).body.data).toEqual({ ...campaign, advert })
    expect((await send(user.api_key, 'GET', '/adverts')).body.data).toEqual([advert])
  })

  it('fills in defaults and a new advert, and dates a campaign as asked', async () => {
    const user = await api.arrange.user()
    const campaign = await api.arrange.campaign(user, { created_at: '2025-12-24T08:00:00.000Z' })
    expect(campaign).toMatchObject({
      broadcasting_type: 'active_ad',
      cpm: 2.5,
      sending_limit: 1000,
      sending_count: 0,
      enabled: true,
    })
    expect(campaign).toMatchObject({ created_at: '2025-12-24T08:00:00.000Z', updated_at: '2025-12-24T08:00:00.000Z' })
    expect((await send(user.api_key, 'GET', '/adverts')).body.data.map(({ id }: { id: number }) => id)).toEqual([
      campaign.advert_id,
    ])
  })

  it('makes an advert in use: deleting it is a 422 advert_in_use', async () => {
    const user = await api.arrange.user()
    const { advert, campaign } = await api.arrange.advertInUse(user, { title: 'Busy' })
    expect(campaign.advert_id).toBe(advert.id)
    const refused = await send(user.api_key, 'DELETE', `/adverts/${advert.id}`)
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'advert_in_use' } } })
  })
})

describe('arrange.campaigns', () => {
  it('makes many on one new advert, oldest first, paged by the API', async () => {
    const user = await api.arrange.user()
    const made = await api.arrange.campaigns(user, 30)
    expect(made.map(({ id }) => id)).toEqual([...made.map(({ id }) => id)].sort((a, b) => a - b))
    expect(new Set(made.map(({ advert_id }) => advert_id)).size).toBe(1)
    const page = await send(user.api_key, 'GET', '/campaigns?page=2')
    expect(page.body.pagination).toEqual({ page: 2, per_page: 25, total_count: 30, total_pages: 2 })
    expect(page.body.data).toEqual(made.slice(0, 5).reverse())
  })

  it('draws the same campaigns from the same seed, others from another, and keeps the fields given', async () => {
    const fields = (campaigns: { cpm: number; sending_limit: number; broadcasting_type: string }[]) =>
      campaigns.map(({ cpm, sending_limit, broadcasting_type }) => ({ cpm, sending_limit, broadcasting_type }))
    const first = fields(await api.arrange.campaigns(await api.arrange.user(), 10, { seed: 7 }))
    const again = fields(await api.arrange.campaigns(await api.arrange.user(), 10, { seed: 7 }))
    const other = fields(await api.arrange.campaigns(await api.arrange.user(), 10, { seed: 8 }))
    expect(again).toEqual(first)
    expect(other).not.toEqual(first)
    expect(new Set(first.map(({ cpm }) => cpm)).size).toBeGreaterThan(1)
    const fixed = await api.arrange.campaigns(await api.arrange.user(), 5, { enabled: false, sending_count: 500 })
    expect(
      fixed.every(
        ({ enabled, sending_count, sending_limit }) => !enabled && sending_count === 500 && sending_limit >= 500,
      ),
    ).toBe(true)
  })
})

describe('db', () => {
  it('holds what arrange made at once, in the fixtures shape (money in USD), and the API serves it', async () => {
    const user = await api.arrange.user({ topups: [20, 30], balance_usd: 12.5 })
    const campaign = await api.arrange.campaign(user, { cpm: 4.2, sending_limit: 100, sending_count: 40 })
    expect({ ...api.db.users.findFirst((q) => q.where({ id: user.id })) }).toMatchObject({
      balance_usd: 12.5,
      total_topups_usd: 50,
      topups_count: 2,
    })
    const { advert_title: _title, ...record } = campaign
    expect({ ...api.db.account(user.id).campaigns.findFirst((q) => q.where({ id: campaign.id })) }).toEqual(record)
    expect(api.db.account(user.id).adverts.count()).toBe(1)
  })
})

describe('keys', () => {
  it('spends what a key has left this minute: its next request is a 429, another key is untouched', async () => {
    const user = await api.arrange.user({ tier: 'free' })
    const other = await api.arrange.user({ tier: 'free' })
    await api.arrange.rateLimited(user)
    expect(await send(user.api_key, 'GET', '/user')).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limit_exceeded' } },
    })
    expect((await send(other.api_key, 'GET', '/user')).status).toBe(200)
  })

  it('resets a key: the old one is a 401, the new one opens the account', async () => {
    const user = await api.arrange.user()
    const reset = await api.arrange.resetKey(user)
    expect(reset.api_key).not.toBe(user.api_key)
    expect((await send(user.api_key, 'GET', '/user')).status).toBe(401)
    expect((await send(reset.api_key, 'GET', '/user')).body.data.id).toBe(user.id)
  })
})

// The fixtures: user 1 (demo) owns adverts 1 to 3, user 2 owns advert 4; free allows 3 top-ups.
const REFUSED: [string, (api: MockApi) => Promise<unknown>, RegExp][] = [
  [
    'a campaign sending past its limit',
    (api) => api.arrange.campaign(1, { sending_count: 11, sending_limit: 10 }),
    /^arrange\.campaign: sending_count 11 is more than sending_limit 10/,
  ],
  [
    "a campaign on another user's advert",
    (api) => api.arrange.campaign(1, { advert: 4 }),
    /^arrange\.campaign: advert 4 is not one of user 1's adverts/,
  ],
  [
    'a campaign on an advert that does not exist',
    (api) => api.arrange.campaign(1, { advert: { id: 999 } }),
    /advert 999 is not one of user 1's adverts/,
  ],
  [
    'a campaign of a user that does not exist',
    (api) => api.arrange.campaign(99),
    /^arrange\.campaign: User 99 does not exist/,
  ],
  [
    'an advert of a user that does not exist',
    (api) => api.arrange.advert({ id: 99 }, { title: 'x' }),
    /^arrange\.advert: User 99 does not exist/,
  ],
  ['an advert without a title', (api) => api.arrange.advert(1, { title: ' ' }), /^arrange\.advert: .*\(title: /],
  ['a campaign with a cpm of a tenth of a cent', (api) => api.arrange.campaign(1, { cpm: 0.001 }), /\(cpm: /],
  [
    'more top-ups than the tier allows',
    (api) => api.arrange.user({ tier: 'free', topups: [1, 1, 1, 1] }),
    /^arrange\.user: 4 top-ups are more than tier free allows \(max_topups 3\)/,
  ],
  [
    'a balance above the top-ups',
    (api) => api.arrange.user({ topups: [5], balance_usd: 6 }),
    /^arrange\.user: balance_usd 6 is more than the top-ups add up to \(5\)/,
  ],
  [
    'an e-mail another user has',
    (api) => api.arrange.user({ email: 'DEMO@example.com' }),
    /^arrange\.user: .*\(email is already taken\)/,
  ],
  [
    'an option arrange does not know',
    (api) => api.arrange.user({ balance: 5 } as never),
    /^arrange\.user: .*\(balance is not a known field\)/,
  ],
  [
    'campaigns past the per-account cap',
    (api) => api.arrange.campaigns(1, 10_000),
    /^arrange\.campaigns: user 1 has room for 9997 more campaigns, not 10000/,
  ],
  [
    'campaigns sending past a fixed limit',
    (api) => api.arrange.campaigns(1, 3, { sending_limit: 5, sending_count: 6 }),
    /sending_count 6 is more than sending_limit 5/,
  ],
  [
    'a user given as neither a record nor an id',
    (api) => api.arrange.advert('1' as never),
    /^arrange\.advert: Invalid user \(a user or its id\)/,
  ],
  ['a negative number of campaigns', (api) => api.arrange.campaigns(1, -1), /^arrange\.campaigns: .*count/],
]

it.each(REFUSED)('refuses %s with an ArrangeError saying why, and changes nothing', async (_name, arrange, reason) => {
  await expectNoChange(api, async () => {
    const error = await arrange(api).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ArrangeError)
    expect((error as Error).message).toMatch(reason)
  })
})
