import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_PROFILE } from '../src/profile/profile.js'
import { TwinFile } from '../src/profile/twin-file.js'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { learnTwin, LearningBroke } from '../src/twin/learn-twin.js'
import { startHttpProxy, type HttpProxy } from './support/http-proxy.js'
import { accountSnapshot } from './support/account-snapshot.js'
import { SECOND_DIFFERENCES } from './independent-server/second-differences.js'
import { startIndependentServer } from './independent-server/server.js'
import { startServerProcess, type ServerProcess } from './support/independent-server-process.js'
import { startPageSizeProxy } from './support/page-size-proxy.js'
import { TWIN_DATASET, TWIN_KEY_1, TWIN_KEY_2 } from './support/twin-fixtures.js'

// Learning a twin, through the library: from the mock itself (the learned profile must be the
// default one, choice for choice), from someone else's deployment (the independent server: its
// differences table, row by row, and its second set of choices), from a deployment that answers one choice two ways, and when
// the deployment breaks midway. Each time what the deployment holds is read with the keys before
// and after: the learner leaves nothing behind.

/** Choices no deployment with the mock's defaults shows: each keeps the default, and says why. */
const UNSEEN_ON_THE_MOCK = [
  'errors.codes.forbidden',
  'errors.codes.method_not_allowed',
  'errors.codes.rate_limit_exceeded',
  'errors.statuses.forbidden',
  'errors.statuses.method_not_allowed',
  'errors.bodies.forbidden',
  'errors.bodies.method_not_allowed',
  // The mock answers an unknown route before it reads the key: whether such a route counts is not shown.
  'rateLimits.countsUnrouted',
]
const IK_KEYS = ['ik_first_twin_account_0123456789', 'ik_second_twin_account_0123456789'] as const
const SECOND_KEYS = ['sk_first_twin_account_0123456789', 'sk_second_twin_account_0123456789'] as const

let listener: Listener
let counter: HttpProxy
let independent: ServerProcess

beforeAll(async () => {
  listener = await startListener({ port: 0, fixtures: TWIN_DATASET })
  // The mock behind a plain proxy: it counts what the deployment received, not what the learner says it sent.
  counter = await startHttpProxy(listener.origin)
  // Without its deliberate bug (deleted rows still listed): 'nothing left behind' is read off its lists.
  independent = await startServerProcess(['--keys', IK_KEYS.join(','), '--hide-deleted'])
})

afterAll(async () => {
  await counter?.close()
  await listener?.close()
  independent?.stop()
})

it('learns the default profile from the mock itself, every learnable choice with its evidence, in at most 500 requests and 30 s', async () => {
  const baseUrl = `${counter.origin}/api/v1`
  const before = await Promise.all([TWIN_KEY_1, TWIN_KEY_2].map((key) => accountSnapshot(listener.baseUrl, key)))
  const stateBefore = await mockState()
  const received = counter.forwarded()
  const { twin, requests, seconds } = await learnTwin({ baseUrl, key: TWIN_KEY_1, key2: TWIN_KEY_2 })
  const sent = counter.forwarded() - received
  console.log(`twin of the mock: ${sent} requests received by the mock, in ${seconds.toFixed(2)} s`)
  expect(sent).toBe(requests)
  expect(sent).toBeLessThanOrEqual(500)
  expect(seconds).toBeLessThanOrEqual(30)

  // Where the mock's id counters stood is a fact of its state, not a choice: beyond every id it answered.
  const { counters, ...stamps } = twin.profile.stamps
  expect({ ...twin.profile, stamps: { ...stamps, counters: null } }).toEqual(DEFAULT_PROFILE)
  expect(counters?.adverts).toBeGreaterThan(Math.max(...twin.account.adverts.map((advert) => advert.id)))
  for (const choice of twin.choices) {
    if (UNSEEN_ON_THE_MOCK.includes(choice.path)) {
      expect(choice.learned, choice.path).toBe('default')
      expect(choice.reason, choice.path).toMatch(/.+/)
    } else {
      expect(choice.learned, choice.path).toBe('learned')
      expect(choice.evidence.length, choice.path).toBeGreaterThan(0)
    }
  }
  expect(TwinFile.parse(twin)).toEqual(twin)
  expect(twin.account.adverts.map((advert) => advert.id)).toEqual([1])
  expect(twin.account.campaigns.map((campaign) => campaign.id)).toEqual([1])
  expect(twin.account.user).toMatchObject({ id: 1, email: 'twin-1@example.com', api_tier: 'basic' })
  expect(twin.account.user.api_key).toMatch(/^acs_[0-9a-f]{48}$/)
  expect(JSON.stringify(twin)).not.toContain(TWIN_KEY_1)
  expect(JSON.stringify(twin)).not.toContain(TWIN_KEY_2)

  const after = await Promise.all([TWIN_KEY_1, TWIN_KEY_2].map((key) => accountSnapshot(listener.baseUrl, key)))
  expect(after).toEqual(before)
  expect(await mockState()).toEqual(stateBefore)
  // What the mock's journal saw: no PATCH /user, no key reset, no 429, nothing under the control plane.
  const journal: { method: string; path: string; status: number }[] = (
    await (await fetch(`${listener.origin}/__admin/requests`)).json()
  ).data
  expect(journal.length).toBeGreaterThanOrEqual(sent)
  expect(journal.filter(({ method, path }) => method === 'PATCH' && path.startsWith('/api/v1/user'))).toEqual([])
  expect(journal.filter(({ path }) => path.includes('reset_api_key'))).toEqual([])
  expect(journal.filter(({ status }) => status === 429)).toEqual([])
})

it("learns the independent server's choices, row by row of its differences table, and leaves nothing behind", async () => {
  const before = await Promise.all(IK_KEYS.map((key) => accountSnapshot(independent.baseUrl, key)))
  const { twin, requests, seconds } = await learnTwin({
    baseUrl: independent.baseUrl,
    key: IK_KEYS[0],
    key2: IK_KEYS[1],
  })
  console.log(`twin of the independent server: ${requests} requests in ${seconds.toFixed(2)} s`)
  expect(requests).toBeLessThanOrEqual(500)
  expect(seconds).toBeLessThanOrEqual(30)
  const { errors, rateLimits, lists, resources, inputs, stamps } = twin.profile
  expect(errors.codes).toEqual({
    unauthorized: 'invalid_api_key', // error-code-401
    not_found: 'resource_not_found', // error-code-404
    route_not_found: 'resource_not_found',
    validation_failed: 'invalid_request', // error-code-422
    invalid_json: 'malformed_json',
  })
  // foreign-resource-403: `forbidden` is also the mock's name of a 403's code, so codes leaves it out; the choice is learned.
  expect(twin.choices.find((choice) => choice.path === 'errors.codes.forbidden')).toMatchObject({
    learned: 'learned',
    value: 'forbidden',
  })
  // error-documentation-url: every error carries the URL with its code, but invalid input's.
  expect(errors.body).toEqual({
    success: false,
    error: {
      code: { $slot: 'code' },
      message: { $slot: 'message' },
      documentation_url: { $text: 'https://docs.independent.example/errors/{code}' },
    },
  })
  expect(errors.bodies).toEqual({
    validation_failed: {
      success: false,
      error: {
        code: { $slot: 'code' },
        message: { $slot: 'message' },
        fields: {
          $each: 'problems',
          item: { field: { $slot: 'problem.path' }, message: { $slot: 'problem.message' } },
        },
      },
    },
  })
  expect(errors.foreign).toBe('forbidden') // foreign-resource-403
  expect(errors.statuses.forbidden).toBe(403)
  // ietf-rate-limit-headers: only RateLimit and RateLimit-Policy, each of its one window.
  expect(rateLimits.headers.map((header) => header.name)).toEqual(['RateLimit-Policy', 'RateLimit', 'Retry-After'])
  expect(rateLimits.headers[1]).toEqual({ name: 'RateLimit', value: '"minute";r={remaining};t={reset_after}' })
  expect(rateLimits.tiers.starter).toEqual({ per_minute: 600, per_day: 100_000, max_topups: 10 }) // api-tier-names
  expect(rateLimits.tiers.basic).toEqual(DEFAULT_PROFILE.rateLimits.tiers.basic)
  expect(rateLimits.defaultTier).toBe('starter')
  expect(lists).toMatchObject({ defaultPerPage: 20, order: { field: 'id', direction: 'asc' } }) // default-page-size, oldest-first
  expect(lists.envelope).toEqual(DEFAULT_PROFILE.lists.envelope)
  expect(resources.deletes).toEqual({ campaign: { status: 204, body: null }, advert: { status: 204, body: null } }) // delete-204
  expect(resources.newCampaignEnabled).toBe(false) // campaigns-start-disabled
  expect(resources.extraFields).toEqual({
    user: { locale: 'en-US' }, // user-locale-field
    advert: { status: 'active' }, // advert-status-field
    campaign: {},
    balance: { currency: 'USD' }, // balance-currency-field
  })
  expect(inputs).toEqual({
    unknownFields: 'ignore',
    cpm: { decimals: null, max: 100_000, beyond: 'refuse' },
    titleMaxLength: 200,
    descriptionMaxLength: 2000,
    sendingLimitMax: 1_000_000_000,
    filterIdsOutOfRange: 'refuse',
  }) // unknown-fields-ignored, cpm-fractions-of-cents, long-titles; its other bounds are the document's
  expect(stamps.format).toEqual({ fraction: 0, zone: 'Z' }) // stamped to the second
  // It authenticates before it routes: an unknown path without a key is a 401.
  expect(errors.authenticateUnknownRoutes).toBe(true)
  // It deletes an advert with its campaigns, so there is no advert-in-use refusal to learn: said, and the default kept.
  const inUse = twin.choices.find((choice) => choice.path === 'errors.statuses.advert_in_use')
  expect(inUse).toMatchObject({ learned: 'default', value: 422, reason: expect.stringContaining('deleted an advert') })
  expect(JSON.stringify(twin)).not.toMatch(new RegExp(IK_KEYS.join('|')))
  expect(await Promise.all(IK_KEYS.map((key) => accountSnapshot(independent.baseUrl, key)))).toEqual(before)
})

it("learns the independent server's second set of choices, row by row of SECOND_DIFFERENCES, and leaves nothing behind", async () => {
  const second = await startIndependentServer({ keys: SECOND_KEYS, choices: 'second' })
  try {
    // An account with records of its own: the first id is learned from them.
    const made = await fetch(`${second.baseUrl}/adverts`, {
      method: 'POST',
      headers: { authorization: SECOND_KEYS[0], 'content-type': 'application/json' },
      body: JSON.stringify({ advert: { title: 'Spring sale' } }),
    })
    expect(made.status).toBe(201)
    const before = await Promise.all(SECOND_KEYS.map((key) => accountSnapshot(second.baseUrl, key)))
    const { twin, requests, seconds } = await learnTwin({
      baseUrl: second.baseUrl,
      key: SECOND_KEYS[0],
      key2: SECOND_KEYS[1],
    })
    console.log(`twin of the second set: ${requests} requests in ${seconds.toFixed(2)} s`)
    expect(requests).toBeLessThanOrEqual(500)
    for (const difference of SECOND_DIFFERENCES)
      for (const [path, value] of Object.entries(difference.choices)) {
        const learned = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], twin.profile)
        expect(learned, `${difference.id}: ${path}`).toEqual(difference.learnable ? value : undefined)
      }
    // Where the second set chooses as the document does, the default is learned.
    expect(twin.profile.errors.foreign).toBe('not_found')
    expect(twin.profile).toMatchObject({
      lists: { order: { field: 'id', direction: 'desc' } },
      inputs: { unknownFields: 'refuse' },
    })
    expect(twin.profile.resources).toMatchObject({ newCampaignEnabled: true, extraFields: { user: {}, balance: {} } })
    expect(await Promise.all(SECOND_KEYS.map((key) => accountSnapshot(second.baseUrl, key)))).toEqual(before)
  } finally {
    await second.close()
  }
})

it('reports a choice the deployment answers two ways as conflicting, and keeps the default', async () => {
  // In front of the mock: lists without per_page are answered 10 and 40 a page, in turn.
  const proxy = await startPageSizeProxy(listener.baseUrl, (index) => (index % 2 === 0 ? 10 : 40))
  try {
    const before = await accountSnapshot(listener.baseUrl, TWIN_KEY_1)
    const { twin } = await learnTwin({ baseUrl: proxy.baseUrl, key: TWIN_KEY_1 })
    const choice = twin.choices.find((item) => item.path === 'lists.defaultPerPage')
    expect(choice).toMatchObject({ learned: 'conflicting', value: 25 })
    expect(choice?.reason).toMatch(/answered 2 ways: (10 and 40|40 and 10); the default is kept/)
    expect(choice?.evidence).toHaveLength(2)
    expect(twin.profile.lists.defaultPerPage).toBe(DEFAULT_PROFILE.lists.defaultPerPage)
    expect(await accountSnapshot(listener.baseUrl, TWIN_KEY_1)).toEqual(before)
  } finally {
    await proxy.close()
  }
})

it('when the deployment breaks midway, stops with LearningBroke and has still deleted what it created', async () => {
  const before = await accountSnapshot(listener.baseUrl, TWIN_KEY_1)
  let patches = 0
  // The third PATCH of an advert (a title of 121 characters, in the inputs probe) is a 503.
  const failing: typeof fetch = async (input, init) => {
    if (init?.method === 'PATCH' && /\/adverts\/\d+$/.test(String(input)) && ++patches === 3)
      return new Response('{"success":false}', { status: 503 })
    return fetch(input, init)
  }
  const learning = learnTwin({ baseUrl: listener.baseUrl, key: TWIN_KEY_1, fetch: failing })
  await expect(learning).rejects.toThrow(LearningBroke)
  await expect(learning).rejects.toThrow(/answered 503 .*; deleted the \d+ records it had created$/)
  expect(await accountSnapshot(listener.baseUrl, TWIN_KEY_1)).toEqual(before)
})

it('never returns a twin that does not serve: one its replay cannot start is a LearningBroke, nothing written', async () => {
  const before = await accountSnapshot(listener.baseUrl, TWIN_KEY_1)
  const serve = async () => {
    throw new Error('the listener refused the twin')
  }
  const learning = learnTwin({ baseUrl: listener.baseUrl, key: TWIN_KEY_1, serve })
  await expect(learning).rejects.toThrow(LearningBroke)
  await expect(learning).rejects.toThrow(/did not serve its replay: the listener refused the twin; nothing is written$/)
  expect(await accountSnapshot(listener.baseUrl, TWIN_KEY_1)).toEqual(before)
})

/** Every advert and campaign the mock holds, of every account (its control plane). */
async function mockState(): Promise<unknown> {
  const state = (await (await fetch(`${listener.origin}/__admin/state`)).json()).data
  return { adverts: state.dataset.adverts, campaigns: state.dataset.campaigns }
}
