import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Profile } from '../src/profile/profile.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { OTHER_PROFILE, OTHER_PROFILE_FIXTURES } from './support/other-profile.js'
import { listenerTransport } from './support/listener-transport.js'
import { transports, type TestRequest, type TestResponse, type Transport } from './support/transports.js'

const OTHER = OTHER_PROFILE
const FIXTURES = OTHER_PROFILE_FIXTURES

const key = (apiKey: string) => ({ Authorization: apiKey })
const campaign = (fields: Record<string, unknown>) => ({
  campaign: { advert_id: 3, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 10, ...fields },
})

/** What an error row checks: its status and its code's wire name. */
const refusedWith =
  (status: number, code: string) =>
  ({ status: received, body }: TestResponse): void => {
    expect(received).toBe(status)
    expect(body.error.code).toBe(code)
  }

/** One request and what its answer must show under OTHER. */
interface Case {
  name: string
  request: TestRequest
  expect(response: TestResponse): void
}

const CASES: Case[] = [
  {
    name: 'a 401 with the code by its wire name and the extra error field',
    request: { method: 'GET', path: '/user' },
    expect: ({ status, body }) => {
      expect(status).toBe(401)
      expect(body.error).toMatchObject({
        code: 'invalid_api_key',
        documentation_url: 'https://docs.example/errors/invalid_api_key',
      })
    },
  },
  {
    name: 'only the IETF rate-limit headers',
    request: { method: 'GET', path: '/user', headers: key(DEMO_API_KEY) },
    expect: ({ status, headers }) => {
      expect(status).toBe(200)
      expect(headers.ratelimit).toBeDefined()
      expect(headers['ratelimit-policy']).toBeDefined()
      expect(headers['x-ratelimit-limit']).toBeUndefined()
    },
  },
  {
    name: 'a list oldest first, two a page by default, under `meta`',
    request: { method: 'GET', path: '/campaigns', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.data.map((row: { id: number }) => row.id)).toEqual([1, 2])
      expect(body.meta).toMatchObject({ page: 1, per_page: 2, total_count: 3, total_pages: 2 })
      expect(body.pagination).toBeUndefined()
    },
  },
  {
    name: 'a per_page above the maximum clamped',
    request: { method: 'GET', path: '/campaigns?per_page=50', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.meta.per_page).toBe(3)
    },
  },
  {
    name: 'a per_page below 1 taken as the default page size',
    request: { method: 'GET', path: '/campaigns?per_page=0', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.meta.per_page).toBe(2)
    },
  },
  {
    name: 'the last page answered, a page past it a 404',
    request: { method: 'GET', path: '/campaigns?page=3', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(404)
      expect(body.error.code).toBe('resource_not_found')
      expect(body.error.message).toBe('Page 3 does not exist: the list has 2 pages')
    },
  },
  {
    name: 'a campaign detail without its advert',
    request: { method: 'GET', path: '/campaigns/1', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.data.advert).toBeUndefined()
      expect(body.data.advert_title).toEqual(expect.any(String))
    },
  },
  {
    name: "another account's campaign a 403",
    request: { method: 'GET', path: '/campaigns/4', headers: key(DEMO_API_KEY) },
    expect: refusedWith(403, 'forbidden'),
  },
  {
    name: 'a missing campaign a 404 by its wire name',
    request: { method: 'GET', path: '/campaigns/999', headers: key(DEMO_API_KEY) },
    expect: refusedWith(404, 'resource_not_found'),
  },
  {
    name: 'a method the path does not have a 405 with Allow',
    request: { method: 'PUT', path: '/campaigns/1', headers: key(DEMO_API_KEY) },
    expect: ({ status, headers, body }) => {
      expect(status).toBe(405)
      expect(headers.allow).toBe('GET, PATCH, DELETE')
      expect(body.error.code).toBe('method_not_allowed')
    },
  },
  {
    name: 'a refused broadcasting type a 400 naming the field without its wrapper, in the problem list',
    request: {
      method: 'POST',
      path: '/campaigns',
      headers: key(DEMO_API_KEY),
      body: campaign({ broadcasting_type: 'passive_ad' }),
    },
    expect: ({ status, body }) => {
      expect(status).toBe(400)
      expect(body.error.code).toBe('invalid_request')
      expect(body.error.errors).toEqual([{ path: 'broadcasting_type', detail: expect.any(String) }])
      expect(body.error.documentation_url).toBeUndefined()
    },
  },
  {
    name: 'a new campaign disabled, any cpm precision accepted, an unknown field ignored, stamped to the second',
    request: {
      method: 'POST',
      path: '/campaigns',
      headers: key(DEMO_API_KEY),
      body: campaign({ cpm: 1.234, colour: 'red' }),
    },
    expect: ({ status, body }) => {
      expect(status).toBe(201)
      expect(body.data).toMatchObject({ enabled: false, cpm: 1.234 })
      expect(body.data.colour).toBeUndefined()
      expect(body.data.created_at).toMatch(/T\d\d:\d\d:\d\dZ$/)
    },
  },
  {
    name: 'a 150-character title accepted (200: the profile answers a new advert so), the advert carrying its extra field',
    request: {
      method: 'POST',
      path: '/adverts',
      headers: key(DEMO_API_KEY),
      body: { advert: { title: 'x'.repeat(150) } },
    },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.data.status).toBe('active')
    },
  },
  {
    name: 'a campaign deleted with 204 and no body',
    request: { method: 'DELETE', path: '/campaigns/3', headers: key(DEMO_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(204)
      expect(body).toBeUndefined()
    },
  },
  {
    name: 'an advert in use a 409',
    request: { method: 'DELETE', path: '/adverts/1', headers: key(DEMO_API_KEY) },
    expect: refusedWith(409, 'advert_in_use'),
  },
  {
    name: 'the balance with its extra field',
    request: { method: 'GET', path: '/user/balance', headers: key(OTHER_API_KEY) },
    expect: ({ status, body }) => {
      expect(status).toBe(200)
      expect(body.data.currency).toBe('USD')
    },
  },
]

describe.each([...transports, { name: 'listener', create: listenerTransport }])(
  'a profile, over $name',
  ({ create }) => {
    let transport: Transport
    beforeAll(async () => {
      transport = await create({ profile: OTHER, fixtures: FIXTURES })
    })
    afterAll(() => transport.close())

    it.each(CASES)('answers $name', async ({ request, expect: check }) => {
      check(await transport.send(request))
    })

    it("gives a user the control plane creates the profile's tier and its extra fields", async () => {
      const created = await transport.send({ method: 'POST', path: '/__admin/users', body: {} })
      expect(created.status).toBe(201)
      const user = await transport.send({ method: 'GET', path: '/user', headers: key(created.body.data.api_key) })
      expect(user.body.data).toMatchObject({ api_tier: 'starter', locale: 'en-US' })
      expect(user.body.data.api_tier_limits).toEqual(OTHER.rateLimits.tiers.starter)
    })
  },
)

it('refuses a profile that is not one, naming the field', async () => {
  const { createMockApi } = await import('../src/surface/create-mock-api.js')
  const broken = { ...OTHER, lists: { ...OTHER.lists, order: 'sideways' } } as unknown as Profile
  await expect(createMockApi({ profile: broken })).rejects.toMatchObject({
    code: 'validation_failed',
    fields: [expect.objectContaining({ field: 'lists.order' })],
  })
})

// A profile that deletes an advert with its campaigns, checks an unknown path's key first without
// counting it, and stamps at an offset: each seen from every transport, the store read back after the delete.
const CASCADING: Profile = {
  ...OTHER,
  // A spent limit answered 403, as GitHub answers its secondary limits.
  errors: {
    ...OTHER.errors,
    authenticateUnknownRoutes: true,
    statuses: { ...OTHER.errors.statuses, rate_limit_exceeded: 403 },
  },
  rateLimits: { ...OTHER.rateLimits, countsUnrouted: false },
  resources: { ...OTHER.resources, advertInUse: 'cascade' },
  stamps: { ...OTHER.stamps, format: { fraction: 6, zone: '+01:00' } },
}

describe.each([...transports, { name: 'listener', create: listenerTransport }])(
  'a profile that cascades, over $name',
  ({ create }) => {
    let transport: Transport
    beforeAll(async () => {
      transport = await create({ profile: CASCADING, fixtures: FIXTURES })
    })
    afterAll(() => transport.close())

    it('deletes an advert in use with its campaigns, and no other', async () => {
      const send = (method: TestRequest['method'], path: string) =>
        transport.send({ method, path, headers: key(DEMO_API_KEY) })
      const before = (await send('GET', '/campaigns?per_page=3')).body.data as { id: number; advert_id: number }[]
      const using = before.filter((row) => row.advert_id === 1).map((row) => row.id)
      expect(using.length).toBeGreaterThan(0)
      expect((await send('DELETE', '/adverts/1')).status).toBe(204)
      for (const id of using) expect((await send('GET', `/campaigns/${id}`)).status).toBe(404)
      const after = (await send('GET', '/campaigns?per_page=3')).body.data as { id: number }[]
      expect(after.map((row) => row.id)).toEqual(before.filter((row) => !using.includes(row.id)).map((row) => row.id))
    })

    it('answers a fault asked for by its status with that status, whatever status the profile gives its code', async () => {
      const forced = await transport.send({
        method: 'GET',
        path: '/campaigns',
        headers: { ...key(DEMO_API_KEY), Prefer: 'code=429' },
      })
      expect(forced.status).toBe(429)
      expect(forced.body.error.code).toBe('rate_limit_exceeded')
    })

    it('stamps a new advert to the microsecond at its fixed offset', async () => {
      const before = Date.now()
      const made = await transport.send({
        method: 'POST',
        path: '/adverts',
        headers: key(DEMO_API_KEY),
        body: { advert: { title: 'Stamped' } },
      })
      expect(made.status).toBe(200) // OTHER answers a new advert 200
      expect(made.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}000\+01:00$/)
      expect(Date.parse(made.body.data.created_at)).toBeGreaterThanOrEqual(before - 1)
      expect(Date.parse(made.body.data.created_at)).toBeLessThanOrEqual(Date.now())
    })

    it('answers an unknown path with a key 404, without counting it or saying the limits', async () => {
      const keyless = await transport.send({ method: 'GET', path: '/no-such-path' })
      expect(keyless.status).toBe(401)
      const first = await transport.send({ method: 'GET', path: '/user', headers: key(OTHER_API_KEY) })
      const unknown = await transport.send({ method: 'GET', path: '/no-such-path', headers: key(OTHER_API_KEY) })
      expect(unknown.status).toBe(404)
      expect(unknown.headers.ratelimit).toBeUndefined()
      const second = await transport.send({ method: 'GET', path: '/user', headers: key(OTHER_API_KEY) })
      const remaining = (headers: Record<string, string>) => Number(/r=(\d+)/.exec(headers.ratelimit ?? '')?.[1])
      expect(remaining(first.headers) - remaining(second.headers)).toBe(1)
    })
  },
)
