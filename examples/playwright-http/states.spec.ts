import { expect, test, type Page } from '@playwright/test'

// The ten states of docs/testing.md, each reached over HTTP only (POST /__admin/arrange/…, /clock,
// /faults, /overrides) against the standalone mock, then seen in the app as a user sees it, with
// no msw in the page. What the app sent is checked in the journal (GET /__admin/requests).

const API = process.env.MOCK_API_URL!
const ADMIN = API.replace(/\/api\/v1$/, '/__admin')

/** One control-plane call: its data, or the test fails with the error it answered. */
async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${ADMIN}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const payload = await response.json()
  expect(response.ok, JSON.stringify(payload)).toBe(true)
  return payload.data
}
const arrange = (helper: string, body?: unknown) => admin('POST', `/arrange/${helper}`, body)
/** What the API answers this key, as the app would be answered. */
const api = async (key: string, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${API}${path}`, { ...init, headers: { Authorization: key, ...init.headers } })
  return { status: response.status, body: await response.json() }
}

/** Opens the app signed in with a key (the session holds it, as a sign-in would leave it). */
async function openAs(page: Page, key: string): Promise<void> {
  await page.addInitScript((apiKey) => sessionStorage.setItem('api-key', apiKey), key)
  await page.goto(process.env.EXAMPLE_APP_URL!)
  await page.waitForSelector('body[data-ready=true]')
  // No msw in the page: every request went to the mock's own process.
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()
}
const rows = (page: Page) => page.locator('#campaigns tr')
const banner = (page: Page) => page.getByRole('alert')

test.afterEach(async () => {
  await admin('POST', '/reset')
  // The reset put the clock back too: the 429 state's stopped clock does not leak into the next test.
  expect((await admin('GET', '/clock')).frozen).toBe(false)
})

test('an empty account', async ({ page }) => {
  const user = await arrange('user')
  await openAs(page, user.api_key)
  await expect(page.getByText('No campaigns yet.')).toBeVisible()
  await expect(rows(page)).toHaveCount(0)
})

test('one page of campaigns', async ({ page }) => {
  const user = await arrange('user')
  await arrange('campaigns', { user, count: 10 })
  await openAs(page, user.api_key)
  await expect(rows(page)).toHaveCount(10)
  expect((await api(user.api_key, '/campaigns')).body.pagination).toMatchObject({ total_count: 10, total_pages: 1 })
})

test('two pages of campaigns', async ({ page }) => {
  const user = await arrange('user')
  const made = await arrange('campaigns', { user, count: 30, seed: 7 })
  await openAs(page, user.api_key) // the app asks for 100 a page: all 30, newest first
  await expect(rows(page)).toHaveCount(30)
  await expect(rows(page).first()).toHaveAttribute('data-campaign-id', String(made.at(-1).id))
  expect((await api(user.api_key, '/campaigns?page=2')).body.data).toHaveLength(5)
})

test('an advert in use', async ({ page }) => {
  const user = await arrange('user')
  const { advert, campaign } = await arrange('advertInUse', { user, title: 'Spring sale' })
  await openAs(page, user.api_key)
  await expect(rows(page).filter({ hasText: 'Spring sale' })).toHaveAttribute('data-campaign-id', String(campaign.id))
  const refused = await api(user.api_key, `/adverts/${advert.id}`, { method: 'DELETE' })
  expect(refused).toMatchObject({ status: 422, body: { error: { code: 'advert_in_use' } } })
})

test('a campaign at its sending limit', async ({ page }) => {
  const user = await arrange('user')
  const campaign = await arrange('campaign', { user, sending_limit: 100, sending_count: 100 })
  await openAs(page, user.api_key)
  const row = page.locator(`tr[data-campaign-id="${campaign.id}"]`)
  await expect(row.locator('td').nth(4)).toHaveText('100')
  // The user pauses it; the journal says what the app sent.
  await row.getByRole('button', { name: 'Pause' }).click()
  await expect(row.locator('td').nth(5)).toHaveText('off')
  const sent = await admin('GET', `/requests?operation=toggleCampaign&path=/campaigns/${campaign.id}/toggle&status=200`)
  expect(sent).toHaveLength(1)
  expect(sent[0].response_body.data).toMatchObject({ id: campaign.id, enabled: false, sending_count: 100 })
})

test('zero balance', async ({ page }) => {
  const user = await arrange('user', { topups: [50], balance_usd: 0 })
  await openAs(page, user.api_key)
  await expect(page.getByTestId('balance')).toHaveText('$0.00')
  expect((await api(user.api_key, '/user/balance')).body.data).toEqual({ balance_usd: 0, total_topups_usd: 50 })
})

test('a 429 on the next request', async ({ page }) => {
  await admin('POST', '/clock', { set: '2026-03-01T10:00:15Z' }) // a still clock: the minute cannot roll over
  const user = await arrange('user', { tier: 'free' })
  await arrange('rateLimited', { user })
  await openAs(page, user.api_key)
  await expect(banner(page)).toHaveText('Too many requests: slow down and retry in 45 s.')
})

test('a 500 on one operation', async ({ page }) => {
  const user = await arrange('user')
  await admin('POST', '/faults', { errors: [{ status: 500, rate: 1, method: 'GET', path: '/campaigns' }] })
  await openAs(page, user.api_key)
  await expect(banner(page)).toContainText('Request failed: Injected fault: forced 500')
  expect((await api(user.api_key, '/adverts')).status).toBe(200)
})

test('a slow response', async ({ page }) => {
  const user = await arrange('user')
  await arrange('campaigns', { user, count: 2 })
  await admin('POST', '/overrides', { operation: 'listCampaigns', delay_ms: 1500 }) // no status: it only waits
  const started = Date.now()
  await openAs(page, user.api_key)
  await expect(rows(page)).toHaveCount(2)
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500)
  expect(await admin('GET', '/overrides')).toMatchObject([{ operation: 'listCampaigns', hits: 1 }])
})

test('a key that was just reset', async ({ page }) => {
  const user = await arrange('user')
  const fresh = await arrange('resetKey', { user })
  await openAs(page, user.api_key)
  await expect(banner(page)).toHaveText('Request failed: Invalid API key')
  expect((await api(fresh.api_key, '/user')).status).toBe(200)
})
