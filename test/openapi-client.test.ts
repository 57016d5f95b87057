import createClient from 'openapi-fetch'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { paths } from '../openapi/api-types.js'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'

// A client generated from the committed document (openapi-typescript types, openapi-fetch
// calls) drives the in-process mock: if the document's paths, parameters, bodies or
// envelopes were wrong, these calls would not compile or would not match what comes back.

let mock: NodeMock
let client: ReturnType<typeof createClient<paths>>

beforeAll(async () => {
  mock = await startNodeMock({ onUnhandledRequest: 'error' })
  client = createClient<paths>({ baseUrl: mock.baseUrl, headers: { Authorization: mock.apiKey } })
})
beforeEach(() => mock.reset())
afterAll(() => mock.close())

it('creates an advert and a campaign on it, reads it back with its advert, toggles and lists it', async () => {
  const advert = await client.POST('/adverts', { body: { advert: { title: 'Autumn boots', target_url: null } } })
  expect(advert.response.status).toBe(201)
  const advertId = advert.data!.data.id

  const created = await client.POST('/campaigns', {
    body: { campaign: { advert_id: advertId, broadcasting_type: 'passive_ad', cpm: 2.25, sending_limit: 500 } },
  })
  expect(created.response.status).toBe(201)
  const campaign = created.data!.data
  expect(campaign).toMatchObject({ advert_title: 'Autumn boots', enabled: true, sending_count: 0 })

  const read = await client.GET('/campaigns/{id}', { params: { path: { id: campaign.id } } })
  expect(read.data?.data.advert.title).toBe('Autumn boots')

  const toggled = await client.POST('/campaigns/{id}/toggle', { params: { path: { id: campaign.id } } })
  expect(toggled.data?.data.enabled).toBe(false)

  const listed = await client.GET('/campaigns', {
    params: { query: { enabled: false, advert_id: advertId, broadcasting_type: 'passive_ad', per_page: 10 } },
  })
  expect(listed.data?.data.map((c) => c.id)).toEqual([campaign.id])
  expect(listed.data?.pagination).toEqual({ page: 1, per_page: 10, total_count: 1, total_pages: 1 })
})

it('gets the documented error envelopes back, typed', async () => {
  const missing = await client.GET('/adverts/{id}', { params: { path: { id: 999_999 } } })
  expect(missing.response.status).toBe(404)
  expect(missing.error?.error.code).toBe('not_found')

  const invalid = await client.PATCH('/user', { body: { user: { email: 'not an e-mail' } } })
  expect(invalid.response.status).toBe(422)
  expect(invalid.error?.error.code).toBe('validation_failed')
  expect(
    invalid.error && 'fields' in invalid.error.error ? invalid.error.error.fields.map((f) => f.field) : [],
  ).toEqual(['user.email'])

  const anonymous = await createClient<paths>({ baseUrl: mock.baseUrl }).GET('/user')
  expect(anonymous.response.status).toBe(401)
  expect(anonymous.error?.error.code).toBe('unauthorized')
})

it('reads the rate-limit headers the document lists on a success', async () => {
  const { response, data } = await client.GET('/user/balance')
  expect(data?.data).toEqual({ balance_usd: 250, total_topups_usd: 300 })
  expect(Number(response.headers.get('X-RateLimit-Remaining'))).toBeGreaterThan(0)
})
