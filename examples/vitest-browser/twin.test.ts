import { parseTwinFile, startBrowserMock } from 'ad-campaign-mock/browser'
import { afterAll, afterEach, expect, it } from 'vitest'
// A twin file (`ad-campaign-mock twin … --out`) imported as JSON: here the committed twin of the
// independent server; in an app, the twin of your staging deployment.
import twinFile from '../../fixtures/independent.twin.json'

// Vitest browser mode, in Chromium: the mock serves a twin of a deployment through msw's service
// worker. Its answers follow the deployment's choices; arrange makes state through them; reset()
// restores the account as it was captured.
const twin = parseTwinFile(twinFile)
const mock = await startBrowserMock({ twin, quiet: true, onUnhandledRequest: 'error' })
afterEach(() => mock.reset())
afterAll(() => mock.stop())

const api = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: key, 'Content-Type': 'application/json', ...init.headers },
  })

it('answers the captured account from the page, as the deployment would', async () => {
  expect(navigator.serviceWorker.controller?.scriptURL).toMatch(/\/mockServiceWorker\.js$/)
  expect(mock.apiKey).toBe(twin.account.user.api_key)
  const response = await api(mock.apiKey, '/campaigns')
  expect(response.headers.get('ratelimit-policy')).toMatch(/q=600/)
  expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  const body = await response.json()
  expect(body.data).toEqual(twin.account.campaigns)
  expect(body.pagination).toMatchObject({ per_page: 20, total_count: 3 })
  expect((await (await api(mock.apiKey, '/user')).json()).data).toMatchObject({ api_tier: 'starter', locale: 'en-US' })
})

it("arranges state through the twin's rules and refuses with its codes", async () => {
  const user = await mock.arrange.user()
  expect(user).toMatchObject({ api_tier: 'starter', locale: 'en-US' })
  const advert = await mock.arrange.advert(user, { title: 'A'.repeat(180) })
  expect(advert).toMatchObject({ status: 'active' })
  const campaign = await mock.arrange.campaign(user, { advert })
  expect(campaign.enabled).toBe(false)
  expect(mock.db.account(user.id).campaigns.count()).toBe(1)

  const foreign = await api(mock.apiKey, `/campaigns/${campaign.id}`)
  expect(foreign.status).toBe(403)
  expect((await foreign.json()).error).toMatchObject({
    code: 'forbidden',
    documentation_url: 'https://docs.independent.example/errors/forbidden',
  })
  const deleted = await api(user.api_key, `/campaigns/${campaign.id}`, { method: 'DELETE' })
  expect(deleted.status).toBe(204)
})

it('answers one operation with an override until reset(), which restores the captured account', async () => {
  await mock.arrange.campaigns(1, 5)
  const pagination = { page: 1, per_page: 20, total_count: 0, total_pages: 0 }
  mock.override('listCampaigns', ({ response }) => response(200).json({ success: true, data: [], pagination }))
  expect((await (await api(mock.apiKey, '/campaigns')).json()).data).toEqual([])
  await mock.reset()
  expect((await (await api(mock.apiKey, '/campaigns')).json()).data).toEqual(twin.account.campaigns)
  expect(mock.db.account(1).adverts.count()).toBe(3)
})
