import type { Arrange, MockApi, MockDb, Override } from 'ad-campaign-mock'
import { delay } from 'msw'
import { expect } from 'vitest'

// The ten states of docs/testing.md, each arranged in a line or two and then checked through the
// API as a frontend sees it. One table, run in Node (examples/vitest-node/testing-states.test.ts,
// startNodeMock) and in Chromium (examples/vitest-browser/testing-states.test.ts, startBrowserMock).

/** What both startNodeMock and startBrowserMock give: all a state needs. */
export interface StateMock {
  readonly api: MockApi
  readonly arrange: Arrange
  readonly db: MockDb
  readonly override: Override
  readonly baseUrl: string
}

/** One state: its name as docs/testing.md gives it, and a test that arranges it and checks what the API answers. */
export interface TestingState {
  name: string
  check(mock: StateMock): Promise<void>
}

/** Sends one request with a key, as the app would, and reads the answer. */
async function call(mock: StateMock, key: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: key, 'Content-Type': 'application/json', ...init.headers },
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

export const TESTING_STATES: TestingState[] = [
  {
    name: 'an empty account',
    async check(mock) {
      const user = await mock.arrange.user()
      expect((await call(mock, user.api_key, '/campaigns')).body).toMatchObject({
        data: [],
        pagination: { total_count: 0, total_pages: 0 },
      })
      expect((await call(mock, user.api_key, '/adverts')).body.data).toEqual([])
      expect(mock.db.account(user.id).campaigns.count()).toBe(0)
    },
  },
  {
    name: 'one page of campaigns',
    async check(mock) {
      const user = await mock.arrange.user()
      await mock.arrange.campaigns(user, 10)
      expect((await call(mock, user.api_key, '/campaigns')).body.pagination).toEqual({
        page: 1,
        per_page: 25,
        total_count: 10,
        total_pages: 1,
      })
    },
  },
  {
    name: 'two pages of campaigns',
    async check(mock) {
      const user = await mock.arrange.user()
      const made = await mock.arrange.campaigns(user, 30)
      const second = (await call(mock, user.api_key, '/campaigns?page=2')).body
      expect(second.pagination).toEqual({ page: 2, per_page: 25, total_count: 30, total_pages: 2 })
      expect(second.data.map(({ id }: { id: number }) => id)).toEqual(
        made
          .slice(0, 5)
          .map(({ id }) => id)
          .reverse(),
      )
      expect(mock.db.account(user.id).campaigns.count()).toBe(30)
    },
  },
  {
    name: 'an advert in use',
    async check(mock) {
      const user = await mock.arrange.user()
      const { advert } = await mock.arrange.advertInUse(user, { title: 'Spring sale' })
      const refused = await call(mock, user.api_key, `/adverts/${advert.id}`, { method: 'DELETE' })
      expect(refused).toMatchObject({ status: 422, body: { error: { code: 'advert_in_use' } } })
    },
  },
  {
    name: 'a campaign at its sending limit',
    async check(mock) {
      const user = await mock.arrange.user()
      const campaign = await mock.arrange.campaign(user, { sending_limit: 100, sending_count: 100 })
      expect((await call(mock, user.api_key, `/campaigns/${campaign.id}`)).body.data).toMatchObject({
        sending_count: 100,
        sending_limit: 100,
      })
      expect(mock.db.account(user.id).campaigns.findFirst((q) => q.where({ id: campaign.id }))).toMatchObject({
        sending_count: 100,
        sending_limit: 100,
      })
      const lower = await call(mock, user.api_key, `/campaigns/${campaign.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ campaign: { sending_limit: 99 } }),
      })
      expect(lower).toMatchObject({ status: 422, body: { error: { fields: [{ field: 'campaign.sending_limit' }] } } })
    },
  },
  {
    name: 'zero balance',
    async check(mock) {
      const user = await mock.arrange.user({ topups: [50], balance_usd: 0 })
      expect((await call(mock, user.api_key, '/user/balance')).body.data).toEqual({
        balance_usd: 0,
        total_topups_usd: 50,
      })
      expect(mock.db.users.findFirst((q) => q.where({ id: user.id }))).toMatchObject({
        balance_usd: 0,
        total_topups_usd: 50,
        topups_count: 1,
      })
    },
  },
  {
    name: 'a 429 on the next request',
    async check(mock) {
      await mock.api.moveClock({ set: '2026-03-01T10:00:15.000Z' }) // a still clock: the minute cannot roll over mid-test
      const user = await mock.arrange.rateLimited(await mock.arrange.user({ tier: 'free' }))
      const refused = await call(mock, user.api_key, '/campaigns')
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limit_exceeded' } } })
      expect(refused.headers.get('Retry-After')).toBe('45')
    },
  },
  {
    name: 'a 500 on one operation',
    async check(mock) {
      const user = await mock.arrange.user()
      await mock.api.setFaults({ errors: [{ status: 500, rate: 1, method: 'GET', path: '/campaigns' }] })
      expect(await call(mock, user.api_key, '/campaigns')).toMatchObject({
        status: 500,
        body: { error: { code: 'internal_error' } },
      })
      expect((await call(mock, user.api_key, '/adverts')).status).toBe(200)
    },
  },
  {
    name: 'a slow response',
    async check(mock) {
      const user = await mock.arrange.user()
      mock.override('listCampaigns', () => delay(300)) // answers nothing: after the wait, the mock answers as usual
      const started = performance.now()
      expect((await call(mock, user.api_key, '/campaigns')).status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    },
  },
  {
    name: 'a key that was just reset',
    async check(mock) {
      const user = await mock.arrange.user()
      const fresh = await mock.arrange.resetKey(user)
      expect((await call(mock, user.api_key, '/user')).status).toBe(401)
      expect((await call(mock, fresh.api_key, '/user')).body.data).toEqual(fresh)
    },
  },
]
