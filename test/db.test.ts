import { readdirSync, readFileSync } from 'node:fs'
import { Collection } from '@msw/data'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startListener } from '../src/runtimes/express.js'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'
import { Dataset } from '../src/schemas/dataset.js'
import { DEFAULT_FIXTURES as FIXTURES_INPUT } from '../src/store/fixtures.js'
import { CampaignRecord } from '../src/store/models.js'

// `db` is how a test inspects the state: @msw/data collections that hold the records themselves,
// not a copy, so what the API writes is there at once and a write made there is served by the API.

let mock: NodeMock

const DEFAULT_FIXTURES = Dataset.parse(FIXTURES_INPUT)
const demo = DEFAULT_FIXTURES.users[0]!
const call = async (method: string, path: string, body?: unknown) => {
  const headers: Record<string, string> = { Authorization: mock.apiKey }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

describe('in-process (startNodeMock)', () => {
  beforeAll(async () => {
    mock = await startNodeMock({ onUnhandledRequest: 'error' })
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('depends on @msw/data, and the store keeps its records in its Collections', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'))
    expect(manifest.dependencies['@msw/data']).toMatch(/^\^1\./)
    const imports = readdirSync('src/store')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...readFileSync(`src/store/${file}`, 'utf8').matchAll(/from '(@msw\/data)'/g)].map(() => file),
      )
    expect(imports).toContain('indexed-collection.ts')
    expect(readFileSync('src/store/indexed-collection.ts', 'utf8')).toMatch(/extends Collection</)

    expect(mock.db.users).toBeInstanceOf(Collection)
    expect(mock.db.account(demo.id).adverts).toBeInstanceOf(Collection)
    expect(mock.db.account(demo.id).campaigns).toBeInstanceOf(Collection)
    const campaigns = DEFAULT_FIXTURES.campaigns.filter((campaign) =>
      DEFAULT_FIXTURES.adverts.some((advert) => advert.id === campaign.advert_id && advert.user_id === demo.id),
    )
    expect(mock.db.users.count()).toBe(DEFAULT_FIXTURES.users.length)
    expect(mock.db.account(demo.id).campaigns.count()).toBe(campaigns.length)
  })

  it('holds the records in the fixtures shape: money in USD as the fixtures write it, adverts with user_id, campaigns without advert_title', () => {
    expect({ ...mock.db.users.findFirst((q) => q.where({ id: demo.id })) }).toEqual(demo)
    const fixtureCampaign = DEFAULT_FIXTURES.campaigns[0]!
    const fixtureAdvert = DEFAULT_FIXTURES.adverts.find((advert) => advert.id === fixtureCampaign.advert_id)!
    const account = mock.db.account(fixtureAdvert.user_id)
    expect({ ...account.campaigns.findFirst((q) => q.where({ id: fixtureCampaign.id })) }).toEqual(fixtureCampaign)
    expect({ ...account.adverts.findFirst((q) => q.where({ id: fixtureAdvert.id })) }).toEqual(fixtureAdvert)
  })

  it('shows a campaign created through the HTTP API in mock.db at once, with the values sent', async () => {
    const advertId = mock.db.account(demo.id).adverts.findFirst()!.id
    const created = await call('POST', '/campaigns', {
      campaign: { advert_id: advertId, broadcasting_type: 'passive_ad', cpm: 4.25, sending_limit: 500 },
    })
    expect(created.status).toBe(201)
    const record = mock.db.account(demo.id).campaigns.findFirst((q) => q.where({ id: created.body.data.id }))
    expect(record).toMatchObject({
      id: created.body.data.id,
      advert_id: advertId,
      broadcasting_type: 'passive_ad',
      cpm: 4.25,
      sending_limit: 500,
      sending_count: 0,
      enabled: true,
    })
    const newestFirst = mock.db.account(demo.id).campaigns.findMany(undefined, { orderBy: { id: 'desc' } })
    expect(newestFirst[0]!.id).toBe(created.body.data.id)
  })

  it("serves what a test writes on db directly: create, update and delete are indexed like the API's", async () => {
    const { campaigns, adverts } = mock.db.account(demo.id)
    const advert = adverts.findFirst()!
    const now = '2026-01-01T00:00:00.000Z'
    const id = mock.api.context.store.nextId('campaigns')
    await campaigns.create({
      id,
      advert_id: advert.id,
      broadcasting_type: 'active_ad',
      cpm: 1.5,
      sending_limit: 10,
      sending_count: 10,
      enabled: true,
      created_at: now,
      updated_at: now,
    })
    expect((await call('GET', `/campaigns/${id}`)).body.data).toMatchObject({
      id,
      sending_count: 10,
      advert_title: advert.title,
    })
    expect((await call('GET', '/campaigns?per_page=1')).body.data[0].id).toBe(id)

    await campaigns.update((q) => q.where({ id }), { data: (draft) => void (draft.enabled = false) })
    expect((await call('GET', `/campaigns/${id}`)).body.data.enabled).toBe(false)

    campaigns.delete((q) => q.where({ id }))
    expect((await call('GET', `/campaigns/${id}`)).status).toBe(404)
  })

  it('refuses on db what the store cannot hold: a foreign advert, more sends than the limit, a taken id, an invalid value', async () => {
    const other = DEFAULT_FIXTURES.users[1]!
    const foreignAdvert = mock.db.account(other.id).adverts.findFirst()!
    const { campaigns } = mock.db.account(demo.id)
    const before = mock.api.exportState().dataset
    const now = '2026-01-01T00:00:00.000Z'
    const values = {
      id: mock.api.context.store.nextId('campaigns'),
      advert_id: foreignAdvert.id,
      broadcasting_type: 'active_ad' as const,
      cpm: 1,
      sending_limit: 10,
      sending_count: 0,
      enabled: true,
      created_at: now,
      updated_at: now,
    }
    await expect(campaigns.create(values)).rejects.toThrow(/not one of user 1's/)
    const ownAdvert = mock.db.account(demo.id).adverts.findFirst()!.id
    await expect(campaigns.create({ ...values, advert_id: ownAdvert, sending_count: 11 })).rejects.toThrow(
      /exceeds sending_limit/,
    )
    await expect(campaigns.create({ ...values, advert_id: ownAdvert, id: 1 })).rejects.toThrow(/not above the last id/)
    const silence = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(campaigns.update(campaigns.findFirst()!, { data: (draft) => void (draft.cpm = -1) })).rejects.toThrow(
      /does not match the schema/,
    )
    silence.mockRestore()
    expect(mock.api.exportState().dataset).toEqual(before)
  })

  it('validates every write through the collection schema (Standard Schema `~standard.validate`)', async () => {
    const validate = vi.spyOn(CampaignRecord['~standard'], 'validate')
    try {
      const advertId = mock.db.account(demo.id).adverts.findFirst()!.id
      const created = await call('POST', '/campaigns', {
        campaign: { advert_id: advertId, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 50 },
      })
      expect(validate).toHaveBeenCalledTimes(1)
      await call('POST', `/campaigns/${created.body.data.id}/toggle`)
      await call('PATCH', `/campaigns/${created.body.data.id}`, { campaign: { cpm: 3 } })
      expect(validate).toHaveBeenCalledTimes(3)
    } finally {
      validate.mockRestore()
    }
  })

  it('throws a RangeError naming the id for db.account of a user the store does not hold', () => {
    expect(() => mock.db.account(999)).toThrow(new RangeError('No user 999 in the store'))
  })

  it("drops an account's collections with the user, and makes new ones on a reset", async () => {
    const before = mock.db.account(demo.id).campaigns
    await mock.reset()
    expect(mock.db.account(demo.id).campaigns).not.toBe(before)
    expect(mock.db.account(demo.id).campaigns.count()).toBe(before.count())
  })
})

it('shows a campaign created through the listener in listener.api.db', async () => {
  const listener = await startListener({ port: 0 })
  try {
    const advertId = listener.api.db.account(demo.id).adverts.findFirst()!.id
    const response = await fetch(`${listener.baseUrl}/campaigns`, {
      method: 'POST',
      headers: { Authorization: demo.api_key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        campaign: { advert_id: advertId, broadcasting_type: 'active_ad', cpm: 9.99, sending_limit: 42 },
      }),
    })
    expect(response.status).toBe(201)
    const { data } = await response.json()
    expect(listener.api.db.account(demo.id).campaigns.findFirst((q) => q.where({ id: data.id }))).toMatchObject({
      cpm: 9.99,
      sending_limit: 42,
    })
  } finally {
    await listener.close()
  }
})
