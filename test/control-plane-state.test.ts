import { describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { controlPlaneListener } from './support/control-plane.js'
import type { TestRequest } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// Seeding, reset, and the state's export and import through the control plane.
describe('control operations over HTTP', () => {
  const transport = useTransport(controlPlaneListener)
  const admin = (req: TestRequest) => transport().send(req)
  const state = async () => {
    const { dataset, last_ids, tiers, faults, clock } = (await admin({ method: 'GET', path: '/__admin/state' })).body
      .data
    return { dataset, last_ids, tiers, faults, frozen: clock.frozen }
  }

  it('seeds a generated dataset, the same for the same seed, and reset restores the fixtures', async () => {
    const seeded = await admin({
      method: 'POST',
      path: '/__admin/seed',
      body: { source: 'generate', users: 4, seed: 9, adverts_per_user: 2, campaigns_per_advert: 1 },
    })
    expect(seeded.body.data).toEqual({ users: 4, adverts: 8, campaigns: 8 })
    const first = (await state()).dataset
    await admin({
      method: 'POST',
      path: '/__admin/seed',
      body: { source: 'generate', users: 4, seed: 9, adverts_per_user: 2, campaigns_per_advert: 1 },
    })
    expect((await state()).dataset).toEqual(first)
    expect((await admin({ method: 'POST', path: '/__admin/reset' })).body.data).toEqual({
      users: 2,
      adverts: 4,
      campaigns: 4,
    })
    expect((await admin({ method: 'POST', path: '/__admin/seed', body: { source: 'fixtures' } })).body.data).toEqual({
      users: 2,
      adverts: 4,
      campaigns: 4,
    })
  })

  it('exports the state as JSON and imports it back', async () => {
    const exported = (await admin({ method: 'GET', path: '/__admin/state' })).body.data
    await admin({ method: 'POST', path: '/__admin/users/1/topups', body: { amount_usd: 10 } })
    await admin({
      method: 'PATCH',
      path: '/__admin/tiers',
      body: { pro: { per_minute: 7, per_day: 70, max_topups: 7 } },
    })
    await admin({ method: 'POST', path: '/__admin/faults', body: { latency: { min_ms: 1 } } })
    expect((await state()).dataset).not.toEqual(exported.dataset)
    const imported = await admin({ method: 'POST', path: '/__admin/state', body: exported })
    expect(imported.body.data).toEqual({ users: 2, adverts: 4, campaigns: 4 })
    const now = await state()
    expect(now).toEqual({
      dataset: exported.dataset,
      last_ids: exported.last_ids,
      tiers: exported.tiers,
      faults: exported.faults,
      frozen: exported.clock.frozen,
    })
  })

  it('exports the id counters, so an import keeps ids growing past deleted records', async () => {
    const key = { authorization: DEMO_API_KEY }
    const created = await admin({
      method: 'POST',
      path: '/adverts',
      headers: key,
      body: { advert: { title: 'Deleted soon' } },
    })
    await admin({ method: 'DELETE', path: `/adverts/${created.body.data.id}`, headers: key })
    const exported = (await admin({ method: 'GET', path: '/__admin/state' })).body.data
    expect(exported.last_ids).toEqual({ users: 2, adverts: created.body.data.id, campaigns: 4 })
    await admin({ method: 'POST', path: '/__admin/reset' })
    expect((await admin({ method: 'POST', path: '/__admin/state', body: exported })).status).toBe(200)
    const next = await admin({
      method: 'POST',
      path: '/adverts',
      headers: key,
      body: { advert: { title: 'After import' } },
    })
    expect(next.body.data.id).toBe(created.body.data.id + 1)
  })
})
