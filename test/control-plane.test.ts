import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startListener } from '../src/adapters/express.js'
import { DEFAULT_FIXTURES, DEMO_API_KEY } from '../src/store/fixtures.js'
import { asDemo } from './support/cases.js'
import { runCli, startCli } from './support/cli-process.js'
import { expectError } from './support/expect-error.js'
import { listenerTransport } from './support/listener-transport.js'
import { createResponseChecker, findOperation, loadDocument } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import type { TestRequest, Transport } from './support/transports.js'

const adminDocument = await loadDocument('openapi/admin.openapi.json')
const checkAdmin = createResponseChecker(adminDocument)

describe('the admin token', () => {
  it('is required to listen on anything but loopback', async () => {
    await expect(startListener({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/without an admin token/)
    await expect(startListener({ port: 0, host: '192.168.1.10' })).rejects.toThrow(/--admin-token/)
  })

  it('makes the CLI exit non-zero with the reason on a non-loopback host without one', async () => {
    const { code, stderr } = await runCli(['--host', '0.0.0.0', '--port', '0'])
    expect(code).toBe(2)
    expect(stderr).toContain('Refusing to listen on 0.0.0.0 without an admin token')
  })

  it('guards every /__admin request when set, and a user key never opens it', async () => {
    const t = await listenerTransport({ adminToken: 'let-me-in' })
    try {
      const clock = (headers: Record<string, string>) => t.send({ method: 'GET', path: '/__admin/clock', headers })
      expect((await clock({})).status).toBe(403)
      expect((await clock({})).body.error.code).toBe('admin_forbidden')
      expect((await clock({ authorization: DEMO_API_KEY })).status).toBe(403)
      expect((await clock({ 'x-admin-token': DEMO_API_KEY })).status).toBe(403)
      expect((await t.send({ method: 'POST', path: '/__admin/reset', headers: { authorization: DEMO_API_KEY } })).status).toBe(403)
      expect((await t.send({ method: 'GET', path: '/__admin/nothing-here' })).status).toBe(403)
      expect((await clock({ 'x-admin-token': 'let-me-in' })).status).toBe(200)
      // The health check too: a harness on another host sends the token.
      expect((await t.send({ method: 'GET', path: '/__admin/health' })).status).toBe(403)
      expect((await t.send({ method: 'GET', path: '/__admin/health', headers: { 'x-admin-token': 'let-me-in' } })).status).toBe(200)
      // And the token is no API key.
      expect((await t.send({ method: 'GET', path: '/user', headers: { authorization: 'let-me-in' } })).status).toBe(401)
    } finally {
      await t.close()
    }
  })
})

describe('control operations over HTTP', () => {
  let t: Transport
  const admin = (req: TestRequest) => t.send(req)
  const state = async () => {
    const { dataset, last_ids, tiers, faults, clock } = (await admin({ method: 'GET', path: '/__admin/state' })).body.data
    return { dataset, last_ids, tiers, faults, frozen: clock.frozen }
  }

  beforeAll(async () => {
    t = await listenerTransport({ tiers: { free: { per_minute: 5, per_day: 50, max_topups: 1 } } })
  })
  afterAll(() => t.close())
  afterEach(() => t.api.reset())

  // Each bad input is a 4xx in the error envelope and leaves the state as it was.
  const badInputs: (TestRequest & { status: number; code: string })[] = [
    { method: 'POST', path: '/__admin/seed', body: { source: 'generate', users: -1 }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/seed', body: { source: 'somewhere' }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/users', body: { tier: 'platinum' }, status: 422, code: 'validation_failed' },
    { method: 'GET', path: '/__admin/users?per_page=0', status: 422, code: 'validation_failed' },
    { method: 'GET', path: '/__admin/users/999', status: 404, code: 'not_found' },
    { method: 'PATCH', path: '/__admin/users/1', body: { tier: 'gold' }, status: 422, code: 'validation_failed' },
    { method: 'PATCH', path: '/__admin/users/999', body: { tier: 'pro' }, status: 404, code: 'not_found' },
    { method: 'POST', path: '/__admin/users/2/topups', body: { amount_usd: 10 }, status: 422, code: 'topup_limit_reached' },
    { method: 'POST', path: '/__admin/users/1/topups', body: { amount_usd: 0 }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/users/1/topups', body: '{"amount_usd": 1', headers: { 'content-type': 'application/json' }, status: 400, code: 'invalid_json' },
    { method: 'POST', path: '/__admin/users/1/topups', body: 'amount=1', headers: { 'content-type': 'text/plain' }, status: 415, code: 'unsupported_media_type' },
    { method: 'POST', path: '/__admin/deliveries', body: { sends: 0 }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/deliveries', body: { sends: 5, campaign_ids: [1, 999] }, status: 404, code: 'not_found' },
    { method: 'POST', path: '/__admin/clock', body: { advance_ms: -1 }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/clock', body: { advance_ms: 1, set: '2026-01-01T00:00:00Z' }, status: 422, code: 'validation_failed' },
    { method: 'PATCH', path: '/__admin/tiers', body: { free: { per_minute: 0, per_day: 1, max_topups: 1 } }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/faults', body: { errors: [{ status: 418, rate: 1 }] }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/faults', body: { errors: [{ status: 500, rate: 1.5 }] }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/faults', body: { latency: { min_ms: 50, max_ms: 10 } }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/state', body: { dataset: { users: [], adverts: [], campaigns: [] }, extra: 1 }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/state', body: { dataset: { users: [], adverts: [{ id: 1, user_id: 5, title: 'x', description: '', target_url: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }], campaigns: [] } }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/state', body: { dataset: DEFAULT_FIXTURES, last_ids: { users: 1, adverts: 9, campaigns: 9 } }, status: 422, code: 'validation_failed' },
    { method: 'POST', path: '/__admin/state', body: { dataset: DEFAULT_FIXTURES, last_ids: { users: 9, adverts: 9 } }, status: 422, code: 'validation_failed' },
    { method: 'DELETE', path: '/__admin/clock', status: 404, code: 'route_not_found' },
  ]

  it.each(badInputs)('$method $path with bad input answers $status $code, as documented, and changes nothing', async ({ status, code, ...req }) => {
    const response = await expectNoChange(t.api, () => admin(req))
    expectError(response, { status, code })
    const operation = findOperation(adminDocument, req.method, req.path.replace('/__admin', ''))
    // Every row but the unknown route reaches an operation, whose document must list the answer.
    if (code !== 'route_not_found') expect(checkAdmin(operation!, response.status, response.body, response.headers)).toEqual([])
  })

  it('answers the health check on loopback without a token: version, real uptime and counts, as documented', async () => {
    const own = await listenerTransport()
    try {
      const health = () => own.send({ method: 'GET', path: '/__admin/health' })
      const first = await health()
      expect(first.status).toBe(200)
      const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
      expect(first.body.data).toEqual({ status: 'ok', version, uptime_ms: expect.any(Number), counts: { users: 2, adverts: 4, campaigns: 4 } })
      expect(checkAdmin(findOperation(adminDocument, 'GET', '/health')!, first.status, first.body, first.headers)).toEqual([])
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
    expect(first.body.data).toMatchObject({ balance_usd: 25.5, total_topups_usd: 25.5, api_tier_limits: { max_topups: 1 } })
    const second = await admin({ method: 'POST', path: `/__admin/users/${user.id}/topups`, body: { amount_usd: 1 } })
    expect(second.status).toBe(422)
    expect(second.body.error.message).toContain('the free tier allows 1 top-ups')
  })

  it('runs deliveries the user then sees in their campaigns and balance', async () => {
    const report = (await admin({ method: 'POST', path: '/__admin/deliveries', body: { sends: 100, campaign_ids: [1] } })).body.data
    expect(report.campaigns).toHaveLength(1)
    const campaign = (await t.send(asDemo({ method: 'GET', path: '/campaigns/1' }))).body.data
    expect(campaign.sending_count).toBe(report.campaigns[0].sending_count)
    const balance = (await t.send(asDemo({ method: 'GET', path: '/user/balance' }))).body.data
    expect(balance.balance_usd).toBe(250 - report.charged_micros / 1_000_000)
  })

  it('moves the clock: set, advance, resume; timestamps follow it', async () => {
    const set = await admin({ method: 'POST', path: '/__admin/clock', body: { set: '2030-05-01T12:00:00+02:00' } })
    expect(set.body.data).toEqual({ now: '2030-05-01T10:00:00.000Z', epoch_ms: Date.parse('2030-05-01T10:00:00Z'), frozen: true })
    const advanced = await admin({ method: 'POST', path: '/__admin/clock', body: { advance_seconds: 90 } })
    expect(advanced.body.data.now).toBe('2030-05-01T10:01:30.000Z')
    expect((await admin({ method: 'POST', path: '/__admin/clock', body: { advance_ms: 500 } })).body.data.now).toBe('2030-05-01T10:01:30.500Z')
    const user = (await admin({ method: 'POST', path: '/__admin/users' })).body.data
    expect(user.created_at).toBe('2030-05-01T10:01:30.500Z')
    const resumed = await admin({ method: 'POST', path: '/__admin/clock', body: { resume: true } })
    expect(resumed.body.data.frozen).toBe(false)
    expect(Date.parse(resumed.body.data.now)).toBeGreaterThanOrEqual(Date.parse('2030-05-01T10:01:30.500Z'))
    t.api.context.clock.set(Date.now()) // leave real-ish time for the other tests
    t.api.context.clock.resume()
  })

  it('lists, reads and re-tiers users', async () => {
    const page = (await admin({ method: 'GET', path: '/__admin/users?per_page=1&page=2' })).body
    expect(page.data.map((u: { id: number }) => u.id)).toEqual([2])
    expect(page.pagination).toEqual({ page: 2, per_page: 1, total_count: 2, total_pages: 2 })
    expect((await admin({ method: 'GET', path: '/__admin/users/1' })).body.data.api_key).toBe(DEMO_API_KEY)
    const moved = (await admin({ method: 'PATCH', path: '/__admin/users/2', body: { tier: 'enterprise' } })).body.data
    expect(moved).toMatchObject({ api_tier: 'enterprise', api_tier_limits: { per_minute: 6000 } })
  })

  it('seeds a generated dataset, the same for the same seed, and reset restores the fixtures', async () => {
    const seeded = await admin({ method: 'POST', path: '/__admin/seed', body: { source: 'generate', users: 4, seed: 9, adverts_per_user: 2, campaigns_per_advert: 1 } })
    expect(seeded.body.data).toEqual({ users: 4, adverts: 8, campaigns: 8 })
    const first = (await state()).dataset
    await admin({ method: 'POST', path: '/__admin/seed', body: { source: 'generate', users: 4, seed: 9, adverts_per_user: 2, campaigns_per_advert: 1 } })
    expect((await state()).dataset).toEqual(first)
    expect((await admin({ method: 'POST', path: '/__admin/reset' })).body.data).toEqual({ users: 2, adverts: 4, campaigns: 4 })
    expect((await admin({ method: 'POST', path: '/__admin/seed', body: { source: 'fixtures' } })).body.data).toEqual({ users: 2, adverts: 4, campaigns: 4 })
  })

  it('exports the state as JSON and imports it back', async () => {
    const exported = (await admin({ method: 'GET', path: '/__admin/state' })).body.data
    await admin({ method: 'POST', path: '/__admin/users/1/topups', body: { amount_usd: 10 } })
    await admin({ method: 'PATCH', path: '/__admin/tiers', body: { pro: { per_minute: 7, per_day: 70, max_topups: 7 } } })
    await admin({ method: 'POST', path: '/__admin/faults', body: { latency: { min_ms: 1 } } })
    expect((await state()).dataset).not.toEqual(exported.dataset)
    const imported = await admin({ method: 'POST', path: '/__admin/state', body: exported })
    expect(imported.body.data).toEqual({ users: 2, adverts: 4, campaigns: 4 })
    const now = await state()
    expect(now).toEqual({ dataset: exported.dataset, last_ids: exported.last_ids, tiers: exported.tiers, faults: exported.faults, frozen: exported.clock.frozen })
  })

  it('exports the id counters, so an import keeps ids growing past deleted records', async () => {
    const key = { authorization: DEMO_API_KEY }
    const created = await admin({ method: 'POST', path: '/adverts', headers: key, body: { advert: { title: 'Deleted soon' } } })
    await admin({ method: 'DELETE', path: `/adverts/${created.body.data.id}`, headers: key })
    const exported = (await admin({ method: 'GET', path: '/__admin/state' })).body.data
    expect(exported.last_ids).toEqual({ users: 2, adverts: created.body.data.id, campaigns: 4 })
    await admin({ method: 'POST', path: '/__admin/reset' })
    expect((await admin({ method: 'POST', path: '/__admin/state', body: exported })).status).toBe(200)
    const next = await admin({ method: 'POST', path: '/adverts', headers: key, body: { advert: { title: 'After import' } } })
    expect(next.body.data.id).toBe(created.body.data.id + 1)
  })
})

describe('the CLI flags for tiers, faults and the journal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'acs-cli-'))
  const file = (name: string, json: unknown) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(json))
    return path
  }
  it('starts with the tiers of --tiers and the forced errors of --error-*', async () => {
    const cli = await startCli([
      '--port', '0',
      '--tiers', file('tiers.json', { free: { per_minute: 2, per_day: 9, max_topups: 1 } }),
      '--error-rate', '1', '--error-status', '503', '--error-route', 'GET /user/balance', '--journal-size', '2',
    ])
    try {
      const origin = new URL(cli.baseUrl).origin
      const tiers = await (await fetch(`${origin}/__admin/tiers`)).json()
      expect(tiers.data.free).toEqual({ per_minute: 2, per_day: 9, max_topups: 1 })
      const headers = { authorization: DEMO_API_KEY }
      expect((await fetch(`${origin}/api/v1/user/balance`, { headers })).status).toBe(503)
      expect((await fetch(`${origin}/api/v1/user`, { headers })).status).toBe(200)
      for (let i = 0; i < 3; i++) await fetch(`${origin}/api/v1/user`, { headers })
      expect((await (await fetch(`${origin}/__admin/requests`)).json()).data).toHaveLength(2)
    } finally {
      await cli.stop('SIGTERM')
    }
  })

  it('exits 2 naming the field when a tiers file is invalid', async () => {
    const { code, stderr } = await runCli(['--port', '0', '--tiers', file('bad-tiers.json', { free: { per_minute: 0, per_day: 9, max_topups: 1 } })])
    expect(code).toBe(2)
    expect(stderr).toContain('free.per_minute')
  })
})
