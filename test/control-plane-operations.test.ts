import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { asDemo } from './support/cases.js'
import { adminDocument, checkAdmin, controlPlaneListener } from './support/control-plane.js'
import { listenerTransport } from './support/listener-transport.js'
import { findOperation } from './support/openapi-document.js'
import type { TestRequest } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// The control plane's users, top-ups, deliveries, clock and health check, over HTTP.
describe('control operations over HTTP', () => {
  const transport = useTransport(controlPlaneListener)
  const admin = (req: TestRequest) => transport().send(req)

  it('answers the health check on loopback without a token: version, real uptime and counts, as documented', async () => {
    const own = await listenerTransport()
    try {
      const health = () => own.send({ method: 'GET', path: '/__admin/health' })
      const first = await health()
      expect(first.status).toBe(200)
      const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
      expect(first.body.data).toEqual({
        status: 'ok',
        version,
        uptime_ms: expect.any(Number),
        counts: { users: 2, adverts: 4, campaigns: 4 },
      })
      expect(
        checkAdmin(findOperation(adminDocument, 'GET', '/health')!, first.status, first.body, first.headers),
      ).toEqual([])
      // Real time, not the mock's clock: a day moved forward is no day of uptime.
      await own.send({ method: 'POST', path: '/__admin/clock', body: { advance_seconds: 86_400 } })
      await new Promise((resolve) => setTimeout(resolve, 20))
      const later = (await health()).body.data.uptime_ms
      expect(later).toBeGreaterThanOrEqual(first.body.data.uptime_ms + 20)
      expect(later).toBeLessThan(first.body.data.uptime_ms + 86_400_000)
    } finally {
      await own.close()
    }
  })

  it('tops up until max_topups, then refuses', async () => {
    const user = (await admin({ method: 'POST', path: '/__admin/users', body: { tier: 'free' } })).body.data
    const first = await admin({ method: 'POST', path: `/__admin/users/${user.id}/topups`, body: { amount_usd: 25.5 } })
    expect(first.body.data).toMatchObject({
      balance_usd: 25.5,
      total_topups_usd: 25.5,
      api_tier_limits: { max_topups: 1 },
    })
    const second = await admin({ method: 'POST', path: `/__admin/users/${user.id}/topups`, body: { amount_usd: 1 } })
    expect(second.status).toBe(422)
    expect(second.body.error.message).toContain('the free tier allows 1 top-up and 1 was made')
  })

  it('runs deliveries the user then sees in their campaigns and balance', async () => {
    const report = (
      await admin({ method: 'POST', path: '/__admin/deliveries', body: { sends: 100, campaign_ids: [1] } })
    ).body.data
    expect(report.campaigns).toHaveLength(1)
    const campaign = (await transport().send(asDemo({ method: 'GET', path: '/campaigns/1' }))).body.data
    expect(campaign.sending_count).toBe(report.campaigns[0].sending_count)
    const balance = (await transport().send(asDemo({ method: 'GET', path: '/user/balance' }))).body.data
    expect(balance.balance_usd).toBe(250 - report.charged_micros / 1_000_000)
  })

  it('moves the clock: set, advance, resume; timestamps follow it', async () => {
    const set = await admin({ method: 'POST', path: '/__admin/clock', body: { set: '2030-05-01T12:00:00+02:00' } })
    expect(set.body.data).toEqual({
      now: '2030-05-01T10:00:00.000Z',
      epoch_ms: Date.parse('2030-05-01T10:00:00Z'),
      frozen: true,
    })
    const advanced = await admin({ method: 'POST', path: '/__admin/clock', body: { advance_seconds: 90 } })
    expect(advanced.body.data.now).toBe('2030-05-01T10:01:30.000Z')
    expect((await admin({ method: 'POST', path: '/__admin/clock', body: { advance_ms: 500 } })).body.data.now).toBe(
      '2030-05-01T10:01:30.500Z',
    )
    const user = (await admin({ method: 'POST', path: '/__admin/users' })).body.data
    expect(user.created_at).toBe('2030-05-01T10:01:30.500Z')
    const resumed = await admin({ method: 'POST', path: '/__admin/clock', body: { resume: true } })
    expect(resumed.body.data.frozen).toBe(false)
    expect(Date.parse(resumed.body.data.now)).toBeGreaterThanOrEqual(Date.parse('2030-05-01T10:01:30.500Z'))
    transport().api.context.clock.set(Date.now()) // leave real-ish time for the other tests
    transport().api.context.clock.resume()
  })

  it('lists, reads and re-tiers users', async () => {
    const page = (await admin({ method: 'GET', path: '/__admin/users?per_page=1&page=2' })).body
    expect(page.data.map((u: { id: number }) => u.id)).toEqual([2])
    expect(page.pagination).toEqual({ page: 2, per_page: 1, total_count: 2, total_pages: 2 })
    expect((await admin({ method: 'GET', path: '/__admin/users/1' })).body.data.api_key).toBe(DEMO_API_KEY)
    const moved = (await admin({ method: 'PATCH', path: '/__admin/users/2', body: { tier: 'enterprise' } })).body.data
    expect(moved).toMatchObject({ api_tier: 'enterprise', api_tier_limits: { per_minute: 6000 } })
  })
})
