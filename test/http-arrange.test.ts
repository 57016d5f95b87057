import { describe, expect, it } from 'vitest'
import type { ArrangeError } from '../src/control-plane/arrange-error.js'
import { createMockApi } from '../src/surface/create-mock-api.js'
import { adminDocument, checkAdmin } from './support/control-plane.js'
import { expectError } from './support/expect-error.js'
import { frozenClock } from './support/frozen-clock.js'
import { listenerTransport } from './support/listener-transport.js'
import { findOperation } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import type { TestResponse } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// Every arrange helper over HTTP only (POST /__admin/arrange/{helper} on the standalone listener):
// its answer is the in-process helper's, the state it makes is what the API then serves, and each
// refusal is a 422 carrying the ArrangeError's message and naming the field, with nothing changed.

const transport = useTransport(() => listenerTransport({ clock: frozenClock() }))
const arrange = async (helper: string, body?: unknown): Promise<TestResponse> => {
  const answer = await transport().send({ method: 'POST', path: `/__admin/arrange/${helper}`, body })
  const operation = findOperation(adminDocument, 'POST', `/arrange/${helper}`)!
  expect(checkAdmin(operation, answer.status, answer.body, answer.headers)).toEqual([])
  return answer
}
const made = async (helper: string, body?: unknown) => {
  const answer = await arrange(helper, body)
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
  return answer.body.data
}
const api = (key: string, method: 'GET' | 'DELETE', path: string) =>
  transport().send({ method, path, headers: { authorization: key } })

/** The same call in-process, on a mock like the listener's: what the helper answers there. */
async function inProcess(call: (arrange: Awaited<ReturnType<typeof createMockApi>>['arrange']) => Promise<unknown>) {
  return call((await createMockApi({ clock: frozenClock() })).arrange)
}
const withoutKeys = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/"acs_[^"]+"/g, '"key"'))

describe('each helper over HTTP answers what it answers in-process, and the API serves the state', () => {
  it('user: topped up, at a zero balance', async () => {
    const options = { tier: 'free', topups: [50], balance_usd: 0 }
    const user = await made('user', options)
    expect(withoutKeys(user)).toEqual(
      withoutKeys(await inProcess((a) => a.user({ tier: 'free', topups: [50], balance_usd: 0 }))),
    )
    expect((await api(user.api_key, 'GET', '/user/balance')).body.data).toEqual({
      balance_usd: 0,
      total_topups_usd: 50,
    })
    expect(await made('user')).toMatchObject({ api_tier: 'basic' })
  })

  it('advert and campaign: a campaign at its sending limit, on an advert given by id or as the object', async () => {
    const advert = await made('advert', { user: 1, title: 'Spring sale' })
    expect(advert).toEqual(await inProcess((a) => a.advert(1, { title: 'Spring sale' })))
    const campaign = await made('campaign', { user: { id: 1 }, advert, sending_limit: 100, sending_count: 100 })
    expect(campaign).toEqual(
      await inProcess(async (a) =>
        a.campaign(1, { advert: await a.advert(1, { title: 'Spring sale' }), sending_limit: 100, sending_count: 100 }),
      ),
    )
    expect((await api(DEMO_KEY, 'GET', `/campaigns/${campaign.id}`)).body.data).toMatchObject({
      sending_count: 100,
      sending_limit: 100,
    })
  })

  it('campaigns: thirty, seeded, two pages', async () => {
    const user = await made('user')
    const campaigns = await made('campaigns', { user, count: 30, seed: 7 })
    expect(campaigns).toHaveLength(30)
    expect(withoutIds(campaigns)).toEqual(
      withoutIds(await inProcess(async (a) => a.campaigns(await a.user(), 30, { seed: 7 }))),
    )
    expect((await api(user.api_key, 'GET', '/campaigns?page=2')).body.pagination).toMatchObject({
      total_count: 30,
      total_pages: 2,
    })
  })

  it('advertInUse: deleting the advert is a 422 advert_in_use', async () => {
    const { advert, campaign } = await made('advertInUse', { user: 1 })
    expect(campaign.advert_id).toBe(advert.id)
    expect((await api(DEMO_KEY, 'DELETE', `/adverts/${advert.id}`)).body.error.code).toBe('advert_in_use')
  })

  it('rateLimited: the next request is a 429 with Retry-After', async () => {
    const user = await made('user', { tier: 'free' })
    expect(withoutKeys(await made('rateLimited', { user: user.id }))).toEqual(withoutKeys(user))
    const refused = await api(user.api_key, 'GET', '/campaigns')
    expect({ status: refused.status, retryAfter: refused.headers['retry-after'] }).toEqual({
      status: 429,
      retryAfter: '45',
    })
  })

  it('resetKey: the old key is a 401, the new one works', async () => {
    const user = await made('user')
    const fresh = await made('resetKey', { user })
    expect(fresh.api_key).not.toBe(user.api_key)
    expect((await api(user.api_key, 'GET', '/user')).status).toBe(401)
    expect((await api(fresh.api_key, 'GET', '/user')).body.data).toEqual(fresh)
  })
})

const DEMO_KEY = 'acs_demo_6f1c2a9e4b7d4e0f8a3b5c1d2e7f9a04'
const withoutIds = (campaigns: unknown) =>
  (campaigns as Record<string, unknown>[]).map(({ id: _id, advert_id: _advert, ...fields }) => fields)

const refusal = (helper: string, body: unknown, field: string, message?: string) => ({ helper, body, field, message })
const REFUSALS = [
  refusal(
    'user',
    { tier: 'free', topups: [1, 1, 1, 1] },
    'topups',
    'arrange.user: 4 top-ups are more than tier free allows (max_topups 3)',
  ),
  refusal(
    'user',
    { topups: [10], balance_usd: 20 },
    'balance_usd',
    'arrange.user: balance_usd 20 is more than the top-ups add up to (10): money comes in only by top-ups',
  ),
  refusal(
    'user',
    { email: 'demo@example.com' },
    'email',
    'arrange.user: Failed to create user: e-mail demo@example.com is taken (email is already taken)',
  ),
  refusal('user', { balance: 5 }, 'balance'),
  refusal('advert', { user: 99 }, 'user', 'arrange.advert: User 99 does not exist'),
  refusal('advert', { user: 1, title: '' }, 'title'),
  refusal(
    'campaign',
    { user: 1, sending_limit: 10, sending_count: 11 },
    'sending_count',
    'arrange.campaign: sending_count 11 is more than sending_limit 10: a campaign never sends past its limit',
  ),
  refusal(
    'campaign',
    { user: 1, advert: 4 },
    'advert',
    "arrange.campaign: advert 4 is not one of user 1's adverts (it does not exist, or is another user's)",
  ),
  refusal('campaign', { user: 1, cpm: -1 }, 'cpm'),
  refusal(
    'campaigns',
    { user: 1, count: 10_001 },
    'count',
    'arrange.campaigns: user 1 has room for 9997 more campaigns, not 10001 (the per-account cap)',
  ),
  refusal('campaigns', { user: 1, count: -1 }, 'count'),
  refusal('campaigns', { user: 1 }, 'count'),
  refusal('advertInUse', { user: 2, title: 'x'.repeat(500) }, 'title'),
  refusal('advertInUse', { user: 42 }, 'user', 'arrange.advertInUse: User 42 does not exist'),
  refusal('rateLimited', { user: 'me' }, 'user'),
  refusal('rateLimited', { user: 77 }, 'user', 'arrange.rateLimited: User 77 does not exist'),
  refusal('resetKey', {}, 'user'),
  refusal('resetKey', { user: 0 }, 'user'),
]

describe('a refused helper', () => {
  it.each(REFUSALS)(
    '$helper $body is a 422 naming $field, and nothing changes',
    async ({ helper, body, field, message }) => {
      const answer = await expectNoChange(transport().api, () => arrange(helper, body))
      expectError(answer, { status: 422, code: 'validation_failed', field })
      if (message) expect(answer.body.error.message).toBe(message)
      // Said once: each field says what is wrong with it alone, never the helper's whole message again.
      const said = answer.body.error.fields.map((f: { message: string }) => f.message)
      expect(said.filter((text: string) => text.startsWith('arrange.') || text === answer.body.error.message)).toEqual(
        [],
      )
      // A refusal of the options' schema is worded by the helper too, as in-process.
      expect(answer.body.error.message).toMatch(new RegExp(`^arrange\\.${helper}: `))
    },
  )

  it('carries the message and the fields the in-process helper throws', async () => {
    const thrown = await inProcess((a) => a.campaign(1, { sending_limit: 10, sending_count: 11 })).then(
      () => ({ message: 'no refusal', fields: [] as unknown[] }),
      (error: ArrangeError) => ({ message: error.message, fields: error.fields as unknown[] }),
    )
    expect((await arrange('campaign', { user: 1, sending_limit: 10, sending_count: 11 })).body.error).toEqual({
      code: 'validation_failed',
      ...thrown,
    })
    expect(thrown.fields).toEqual([{ field: 'sending_count', message: 'must be at most sending_limit (10)' }])
  })
})
