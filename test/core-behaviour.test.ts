import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { stateSnapshot } from './support/state-snapshot.js'
import { transports, type TestRequest, type Transport } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// What the operations do together, through every transport: keys, isolation between users,
// writes seen by later reads, paging, timestamps, money, the control plane's users and reset.
describe.each(transports)('behaviour through $name', ({ create }) => {
  const transport = useTransport(create)
  let t: Transport
  beforeEach(() => void (t = transport()))

  const as = (key: string, req: TestRequest) => t.send({ ...req, headers: { Authorization: key, ...req.headers } })

  it('reset API key: the old key is refused at once and the new one works', async () => {
    const reset = await as(DEMO_API_KEY, { method: 'POST', path: '/user/reset_api_key' })
    const newKey: string = reset.body.data.api_key
    expect(newKey).not.toBe(DEMO_API_KEY)
    expect(newKey).toMatch(/^acs_[0-9a-f]{48}$/)
    expect((await as(DEMO_API_KEY, { method: 'GET', path: '/user' })).status).toBe(401)
    const me = await as(newKey, { method: 'GET', path: '/user' })
    expect(me.status).toBe(200)
    expect(me.body.data.api_key).toBe(newKey)
  })

  it('isolates users: a second user cannot read, list, change, toggle or delete the first one’s resources', async () => {
    const created = await t.api.createUser({ tier: 'free' })
    const stranger = created.api_key
    const advert = await as(DEMO_API_KEY, { method: 'POST', path: '/adverts', body: { advert: { title: 'Mine' } } })
    const campaign = await as(DEMO_API_KEY, {
      method: 'POST',
      path: '/campaigns',
      body: { campaign: { advert_id: advert.body.data.id, broadcasting_type: 'active_ad', cpm: 1, sending_limit: 10 } },
    })
    const a = `/adverts/${advert.body.data.id}`
    const c = `/campaigns/${campaign.body.data.id}`
    const before = stateSnapshot(t.api)
    const attempts: TestRequest[] = [
      { method: 'GET', path: a },
      { method: 'PATCH', path: a, body: { advert: { title: 'Stolen' } } },
      { method: 'DELETE', path: a },
      { method: 'GET', path: c },
      { method: 'PATCH', path: c, body: { campaign: { enabled: false } } },
      { method: 'POST', path: `${c}/toggle` },
      { method: 'DELETE', path: c },
    ]
    for (const attempt of attempts) {
      const response = await as(stranger, attempt)
      expect(response.status, `${attempt.method} ${attempt.path}`).toBe(404)
      expect(response.body.error.code).toBe('not_found')
    }
    for (const path of ['/adverts', '/campaigns', `/campaigns?advert_id=${advert.body.data.id}`]) {
      const list = await as(stranger, { method: 'GET', path })
      expect(list.body.data).toEqual([])
      expect(list.body.pagination.total_count).toBe(0)
    }
    const campaignOnForeignAdvert = await as(stranger, {
      method: 'POST',
      path: '/campaigns',
      body: { campaign: { advert_id: advert.body.data.id, broadcasting_type: 'active_ad', cpm: 1, sending_limit: 10 } },
    })
    expect(campaignOnForeignAdvert.status).toBe(422)
    expect(stateSnapshot(t.api)).toEqual(before)
  })

  it('fixture users see only their own data', async () => {
    const mine = await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns' })
    const theirs = await as(OTHER_API_KEY, { method: 'GET', path: '/campaigns' })
    expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([3, 2, 1])
    expect(theirs.body.data.map((c: { id: number }) => c.id)).toEqual([4])
  })

  it('writes change later reads: advert -> campaign -> title follows the advert -> toggle -> delete -> 404', async () => {
    const advert = (
      await as(DEMO_API_KEY, { method: 'POST', path: '/adverts', body: { advert: { title: 'First title' } } })
    ).body.data
    expect(advert).toMatchObject({ title: 'First title', description: '', target_url: null })
    const campaign = (
      await as(DEMO_API_KEY, {
        method: 'POST',
        path: '/campaigns',
        body: { campaign: { advert_id: advert.id, broadcasting_type: 'passive_ad', cpm: 0.1, sending_limit: 3 } },
      })
    ).body.data
    expect(campaign).toMatchObject({
      advert_id: advert.id,
      advert_title: 'First title',
      cpm: 0.1,
      sending_count: 0,
      enabled: true,
    })

    await as(DEMO_API_KEY, { method: 'PATCH', path: `/adverts/${advert.id}`, body: { advert: { title: 'Renamed' } } })
    const detailed = (await as(DEMO_API_KEY, { method: 'GET', path: `/campaigns/${campaign.id}` })).body.data
    expect(detailed.advert_title).toBe('Renamed')
    expect(detailed.advert).toMatchObject({ id: advert.id, title: 'Renamed' })

    const off = (await as(DEMO_API_KEY, { method: 'POST', path: `/campaigns/${campaign.id}/toggle` })).body.data
    expect(off.enabled).toBe(false)
    const on = (await as(DEMO_API_KEY, { method: 'POST', path: `/campaigns/${campaign.id}/toggle` })).body.data
    expect(on.enabled).toBe(true)

    const inUse = await as(DEMO_API_KEY, { method: 'DELETE', path: `/adverts/${advert.id}` })
    expect(inUse.body.error.code).toBe('advert_in_use')

    const deleted = await as(DEMO_API_KEY, { method: 'DELETE', path: `/campaigns/${campaign.id}` })
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toMatchObject({ id: campaign.id, enabled: true })
    expect((await as(DEMO_API_KEY, { method: 'GET', path: `/campaigns/${campaign.id}` })).status).toBe(404)
    expect((await as(DEMO_API_KEY, { method: 'DELETE', path: `/adverts/${advert.id}` })).status).toBe(200)
    expect((await as(DEMO_API_KEY, { method: 'GET', path: `/adverts/${advert.id}` })).status).toBe(404)
  })

  it('pages newest first and filters campaigns', async () => {
    for (let i = 0; i < 7; i++) {
      await as(DEMO_API_KEY, {
        method: 'POST',
        path: '/campaigns',
        body: {
          campaign: {
            advert_id: 3,
            broadcasting_type: i % 2 ? 'passive_ad' : 'active_ad',
            cpm: 1 + i,
            sending_limit: 100,
          },
        },
      })
    }
    const page1 = (await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns?per_page=4' })).body
    expect(page1.pagination).toEqual({ page: 1, per_page: 4, total_count: 10, total_pages: 3 })
    expect(page1.data.map((c: { id: number }) => c.id)).toEqual([11, 10, 9, 8])
    const page3 = (await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns?per_page=4&page=3' })).body
    expect(page3.data.map((c: { id: number }) => c.id)).toEqual([2, 1])
    const beyond = (await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns?per_page=4&page=9' })).body
    expect(beyond.data).toEqual([])

    const byAdvert = (
      await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns?advert_id=3&broadcasting_type=passive_ad' })
    ).body
    expect(byAdvert.data.map((c: { cpm: number }) => c.cpm)).toEqual([6, 4, 2])
    const disabled = (await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns?enabled=false' })).body
    expect(disabled.data.map((c: { id: number }) => c.id)).toEqual([2])
  })

  it('keeps updated_at when a PATCH changes nothing, and moves it when one does', async () => {
    const unchanged: [string, unknown, string][] = [
      ['/user', { user: { email: 'demo@example.com' } }, '2026-01-05T09:00:00.000Z'],
      ['/adverts/1', { advert: { title: 'Spring sale: 30% off running shoes' } }, '2026-01-10T08:00:00.000Z'],
      ['/campaigns/1', { campaign: { cpm: 2.5, enabled: true } }, '2026-01-20T09:00:00.000Z'],
    ]
    for (const [path, body, updatedAt] of unchanged) {
      const response = await as(DEMO_API_KEY, { method: 'PATCH', path, body })
      expect(response.status, path).toBe(200)
      expect(response.body.data.updated_at, path).toBe(updatedAt)
    }
    const changed = await as(DEMO_API_KEY, { method: 'PATCH', path: '/campaigns/1', body: { campaign: { cpm: 2.75 } } })
    expect(changed.body.data).toMatchObject({ cpm: 2.75, enabled: true, advert_id: 1 })
    expect(changed.body.data.updated_at > '2026-01-20T09:00:00.000Z').toBe(true)
  })

  it('keeps money exact: cpm and balances show whole cents', async () => {
    const created = (
      await as(DEMO_API_KEY, {
        method: 'POST',
        path: '/campaigns',
        body: { campaign: { advert_id: 1, broadcasting_type: 'active_ad', cpm: 0.29, sending_limit: 1 } },
      })
    ).body.data
    expect(created.cpm).toBe(0.29)
    const patched = (
      await as(DEMO_API_KEY, { method: 'PATCH', path: `/campaigns/${created.id}`, body: { campaign: { cpm: 19.99 } } })
    ).body.data
    expect(patched.cpm).toBe(19.99)
    const balance = (await as(DEMO_API_KEY, { method: 'GET', path: '/user/balance' })).body
    expect(balance).toEqual({ success: true, data: { balance_usd: 250, total_topups_usd: 300 } })
  })

  it('creates users on the control plane, and a user key does not make it any different', async () => {
    const response = await t.send({
      method: 'POST',
      path: '/__admin/users',
      body: { tier: 'free', email: 'qa@example.com' },
    })
    expect(response.status).toBe(201)
    expect(response.body.data).toMatchObject({ email: 'qa@example.com', api_tier: 'free', balance_usd: 0 })
    const me = await as(response.body.data.api_key, { method: 'GET', path: '/user' })
    expect(me.body.data.id).toBe(response.body.data.id)

    const bad = await t.send({ method: 'POST', path: '/__admin/users', body: { tier: 'platinum' } })
    expect(bad.status).toBe(422)
    expect(bad.body.error.fields[0].field).toBe('tier')
  })

  it('restores the fixtures on POST /__admin/reset', async () => {
    await as(DEMO_API_KEY, { method: 'DELETE', path: '/campaigns/1' })
    const reset = await t.send({ method: 'POST', path: '/__admin/reset' })
    expect(reset.body).toEqual({ success: true, data: { users: 2, adverts: 4, campaigns: 4 } })
    expect((await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns/1' })).status).toBe(200)
  })

  it('parses an unknown route under /api/v1 as a 404 even with a valid key', async () => {
    const response = await as(DEMO_API_KEY, { method: 'GET', path: '/campaigns/1/unknown' })
    expect(response.status).toBe(404)
    expect(z.literal('route_not_found').parse(response.body.error.code)).toBe('route_not_found')
  })
})
