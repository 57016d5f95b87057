import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { TwinFile } from '../src/profile/twin-file.js'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'
import { fixtureTwin } from './support/fixture-twin.js'

// A twin served in-process (startNodeMock({ twin })) from the committed twin of the independent
// server: what the tests of a frontend see. `arrange` makes state through the twin's rules, `db`
// shows it, `override` answers in its place, and `reset()` puts the captured account back.

let twin: TwinFile
let mock: NodeMock

beforeAll(async () => {
  twin = fixtureTwin()
  mock = await startNodeMock({ twin, onUnhandledRequest: 'error' })
})
afterEach(() => mock.reset())
afterAll(() => mock.close())

const send = (key: string, method: string, path: string, body?: unknown) =>
  fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { Authorization: key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

it("answers the captured account with the twin's own key, its extra fields and only the IETF rate-limit headers", async () => {
  expect(mock.apiKey).toBe(twin.account.user.api_key)
  const user = await send(mock.apiKey, 'GET', '/user')
  expect(user.status).toBe(200)
  expect(user.headers.get('ratelimit-policy')).toMatch(/^"minute";q=600;w=60/)
  expect(user.headers.get('x-ratelimit-limit')).toBeNull()
  expect((await user.json()).data).toEqual(twin.account.user)
  const campaigns = await (await send(mock.apiKey, 'GET', '/campaigns')).json()
  // Oldest first, 20 a page, each as it was captured.
  expect(campaigns.data).toEqual(twin.account.campaigns)
  expect(campaigns.pagination).toEqual({ page: 1, per_page: 20, total_count: 3, total_pages: 1 })
})

it("arranges a user, an advert and campaigns through the twin's rules", async () => {
  const user = await mock.arrange.user()
  // The twin's default tier and its extra user field, in what arrange returns and in what the API answers.
  expect(user).toMatchObject({ api_tier: 'starter', api_tier_limits: { per_minute: 600 }, locale: 'en-US' })
  expect((await (await send(user.api_key, 'GET', '/user')).json()).data).toEqual(user)
  // A title longer than the mock's own 120 characters: the twin takes 200.
  const advert = await mock.arrange.advert(user, { title: 'T'.repeat(150) })
  expect(advert).toMatchObject({ title: 'T'.repeat(150), status: 'active' })
  // A new campaign starts disabled, as the deployment's do; any cpm precision is taken.
  const quiet = await mock.arrange.campaign(user, { advert, cpm: 1.125 })
  expect(quiet).toMatchObject({ advert_id: advert.id, enabled: false, cpm: 1.125 })
  const live = await mock.arrange.campaign(user, { advert, enabled: true })
  expect(live.enabled).toBe(true)
  // Asked off, it stays off (it was toggled on when arrange assumed campaigns start enabled).
  const off = await mock.arrange.campaign(user, { advert, enabled: false })
  expect(off.enabled).toBe(false)
  const seeded = await mock.arrange.campaigns(user, 21, { advert })
  expect(seeded.every(({ enabled }) => !enabled)).toBe(true)
  // The list: oldest first, 20 a page by default.
  const page = await (await send(user.api_key, 'GET', '/campaigns')).json()
  expect(page.data.map(({ id }: { id: number }) => id)).toEqual(
    [quiet, live, off, ...seeded].slice(0, 20).map(({ id }) => id),
  )
  expect(page.pagination).toMatchObject({ per_page: 20, total_count: 24, total_pages: 2 })
  // What the store holds, without a request: the twin's extra advert field included.
  const { adverts, campaigns } = mock.db.account(user.id)
  expect(adverts.findFirst((q) => q.where({ id: advert.id }))).toMatchObject({ status: 'active', user_id: user.id })
  expect(campaigns.findMany((q) => q.where({ enabled: true })).map(({ id }) => id)).toEqual([live.id])
  await expect(mock.arrange.user({ tier: 'gold' })).rejects.toThrow(/^arrange\.user: .*tier: .*"starter"/)
})

it("refuses with the twin's codes and statuses, and deletes with 204", async () => {
  const user = await mock.arrange.user()
  const theirs = await mock.arrange.advert(user)
  const foreign = await send(mock.apiKey, 'GET', `/adverts/${theirs.id}`)
  expect(foreign.status).toBe(403)
  expect((await foreign.json()).error).toMatchObject({
    code: 'forbidden',
    documentation_url: 'https://docs.independent.example/errors/forbidden',
  })
  const missing = await (await send(mock.apiKey, 'GET', '/campaigns/999999')).json()
  expect(missing.error).toMatchObject({ code: 'resource_not_found', documentation_url: expect.any(String) })
  const invalid = await send(mock.apiKey, 'POST', '/adverts', { advert: { title: '' } })
  expect(invalid.status).toBe(422)
  const refusal = (await invalid.json()).error
  expect(refusal).toMatchObject({ code: 'invalid_request', fields: [{ field: 'advert.title' }] })
  expect(refusal.documentation_url).toBeUndefined()
  const unknown = await send(mock.apiKey, 'PATCH', '/adverts/3', { advert: { title: 'Loyalty', colour: 'red' } })
  expect(unknown.status).toBe(200)
  const gone = await send(mock.apiKey, 'DELETE', '/campaigns/6')
  expect([gone.status, await gone.text()]).toEqual([204, ''])
  expect(mock.db.account(1).campaigns.findFirst((q) => q.where({ id: 6 }))).toBeUndefined()
})

it('answers one operation with an override until reset(), which also restores the captured account', async () => {
  const user = await mock.arrange.user()
  await mock.arrange.campaigns(user, 3)
  expect(await send(mock.apiKey, 'DELETE', '/adverts/3')).toHaveProperty('status', 204)
  const pagination = { page: 1, per_page: 20, total_count: 0, total_pages: 0 }
  mock.override('listCampaigns', ({ response }) => response(200).json({ success: true, data: [], pagination }))
  expect((await (await send(mock.apiKey, 'GET', '/campaigns')).json()).data).toEqual([])
  expect(mock.db.users.count()).toBe(2)

  await mock.reset()
  expect(mock.db.users.count()).toBe(1)
  expect((await (await send(mock.apiKey, 'GET', '/campaigns')).json()).data).toEqual(twin.account.campaigns)
  expect((await (await send(mock.apiKey, 'GET', '/adverts')).json()).data).toEqual(twin.account.adverts)
  expect((await send(user.api_key, 'GET', '/user')).status).toBe(401)
})
