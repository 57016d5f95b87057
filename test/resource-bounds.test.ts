import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMockApi } from '../src/surface/create-mock-api.js'
import { MAX_JOURNAL_PATH, MAX_JOURNAL_SIZE } from '../src/domain/request-journal.js'
import { DEFAULT_RESOURCE_CAPS } from '../src/schemas/resource-caps.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { expectError } from './support/expect-error.js'
import { createResponseChecker, findOperation, loadDocument } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import { transports, type TestRequest, type Transport } from './support/transports.js'

// The mock's memory is bounded whatever a client sends: a cap on each account's adverts and
// campaigns and on the users the control plane creates (422 resource_limit_reached past it), a
// journal of fixed size with cut paths, rate-limit counts only for users that exist.

const doc = await loadDocument()
const check = createResponseChecker(doc)
// The demo user holds 3 adverts and 3 campaigns; the other user 1 and 1; the store 2 users.
const caps = { adverts_per_user: 5, campaigns_per_user: 4, users: 3 }
const demo = { authorization: DEMO_API_KEY }
const newAdvert: TestRequest = {
  method: 'POST',
  path: '/adverts',
  headers: demo,
  body: { advert: { title: 'One more' } },
}
const newCampaign: TestRequest = {
  method: 'POST',
  path: '/campaigns',
  headers: demo,
  body: { campaign: { advert_id: 2, broadcasting_type: 'active_ad', cpm: 1, sending_limit: 10 } },
}

describe.each(transports)('resource caps through $name', ({ create }) => {
  let t: Transport
  beforeAll(async () => {
    t = await create({ caps })
  })
  afterAll(() => t.close())
  beforeEach(() => t.api.reset())

  it.each([
    [
      'adverts',
      newAdvert,
      caps.adverts_per_user - 3,
      'Failed to create advert: user 1 already has 5 adverts, the most one account may hold; delete some first',
    ],
    [
      'campaigns',
      newCampaign,
      caps.campaigns_per_user - 3,
      'Failed to create campaign: user 1 already has 4 campaigns, the most one account may hold; delete some first',
    ],
  ])(
    'refuses one %s past the cap with 422 resource_limit_reached, documented, and changes nothing',
    async (_kind, request, room, message) => {
      for (let n = 0; n < room; n++) expect((await t.send(request)).status).toBe(201)
      const refused = await expectNoChange(t.api, () => t.send(request))
      expectError(refused, { status: 422, code: 'resource_limit_reached' })
      expect(refused.body.error.message).toBe(message)
      expect(
        check(findOperation(doc, request.method, request.path)!, refused.status, refused.body, refused.headers),
      ).toEqual([])
      // Another account has room of its own.
      expect((await t.send({ ...newAdvert, headers: { authorization: OTHER_API_KEY } })).status).toBe(201)
    },
  )

  it('makes room again once a record is deleted', async () => {
    expect((await t.send(newCampaign)).status).toBe(201)
    expect((await t.send(newCampaign)).status).toBe(422)
    expect((await t.send({ method: 'DELETE', path: '/campaigns/1', headers: demo })).status).toBe(200)
    expect((await t.send(newCampaign)).status).toBe(201)
  })

  it('refuses a user past the cap on users through the control plane, and in-process', async () => {
    expect((await t.send({ method: 'POST', path: '/__admin/users' })).status).toBe(201)
    const refused = await expectNoChange(t.api, () => t.send({ method: 'POST', path: '/__admin/users' }))
    expectError(refused, { status: 422, code: 'resource_limit_reached' })
    expect(refused.body.error.message).toBe('Failed to create user: the mock already holds 3 users, the most it keeps')
    await expect(t.api.createUser()).rejects.toMatchObject({ code: 'resource_limit_reached', status: 422 })
  })
})

it('caps 1,000 adverts and 10,000 campaigns per account and 10,000 users by default', async () => {
  expect(DEFAULT_RESOURCE_CAPS).toEqual({ adverts_per_user: 1_000, campaigns_per_user: 10_000, users: 10_000 })
  expect((await createMockApi()).context.caps).toEqual(DEFAULT_RESOURCE_CAPS)
})

it('refuses caps and journal sizes that are not positive whole numbers, or a journal past its cap', async () => {
  await expect(createMockApi({ caps: { adverts_per_user: 0 } })).rejects.toMatchObject({
    code: 'validation_failed',
    fields: [{ field: 'adverts_per_user' }],
  })
  await expect(createMockApi({ caps: { users: 1.5 } })).rejects.toMatchObject({ code: 'validation_failed' })
  await expect(createMockApi({ journalSize: MAX_JOURNAL_SIZE + 1 })).rejects.toMatchObject({
    code: 'validation_failed',
  })
  await expect(createMockApi({ journalSize: 0 })).rejects.toMatchObject({ code: 'validation_failed' })
  expect((await createMockApi({ journalSize: MAX_JOURNAL_SIZE })).context.journal.capacity).toBe(MAX_JOURNAL_SIZE)
})

it('keeps at most journalSize entries, each path cut to a bounded length', async () => {
  const t = await transports[0].create({ journalSize: 5 })
  try {
    for (let n = 0; n < 12; n++) await t.send({ method: 'GET', path: `/user?n=${n}`, headers: demo })
    await t.send({ method: 'GET', path: `/user?pad=${'x'.repeat(100_000)}`, headers: demo })
    const entries = t.api.journal.entries()
    expect(entries).toHaveLength(5)
    expect(entries.at(-1)!.path).toHaveLength(MAX_JOURNAL_PATH)
    expect(entries.at(-1)!.path.endsWith('…')).toBe(true)
  } finally {
    await t.close()
  }
})

it('holds rate-limit counts only for users that exist: a reset, seed or import drops them', async () => {
  const t = await transports[0].create()
  try {
    await t.send({ method: 'GET', path: '/user', headers: demo })
    await t.send({ method: 'GET', path: '/user', headers: { authorization: OTHER_API_KEY } })
    expect(t.api.context.rateLimiter.size).toBe(2)
    await t.api.seed({ source: 'generate', users: 1, seed: 9 })
    expect(t.api.context.rateLimiter.size).toBe(0)
    await t.api.reset()
    await t.send({ method: 'GET', path: '/user', headers: demo })
    await t.api.importState(t.api.exportState())
    expect(t.api.context.rateLimiter.size).toBe(0)
  } finally {
    await t.close()
  }
})
