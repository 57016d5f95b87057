import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisTests } from '../support/redis-server.js'
import { call, startReplicas, type Replicas } from '../support/sandbox-replicas.js'

// Tenants of one sandbox, on two replicas: each its own world under /t/<name>/, made from the
// fixtures on first use, reset alone, gone after its time to live unused, its control plane opened
// by the sandbox's token or its own.
const TOKEN = 'sesame-sandbox-token'
const TTL_MS = 2_000

describe.runIf(redisTests('the sandbox tenant tests'))('tenants of a sandbox', () => {
  let sandbox: Replicas
  const origins = () => sandbox.listeners.map((listener) => listener.origin) as [string, string]
  const admin = { 'x-admin-token': TOKEN }
  const titles = (body: { data: { title: string }[] }) => body.data.map(({ title }) => title)

  beforeAll(async () => {
    sandbox = await startReplicas(2, { adminToken: TOKEN, tenantTtlMs: TTL_MS })
  })
  afterAll(() => sandbox?.close())

  it('keep two tenants apart under load on both replicas, and reset one alone', async () => {
    const [a, b] = origins()
    const tenants = ['alpha', 'beta']
    const reads: { tenant: string; titles: string[] }[] = []
    await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        const tenant = tenants[i % 2]!
        const base = `${i % 3 ? a : b}/t/${tenant}/api/v1`
        const made = await call(`${base}/adverts`, { method: 'POST', body: { advert: { title: `${tenant} ${i}` } } })
        expect(made.status).toBe(201)
        const read = await call(`${i % 3 ? b : a}/t/${tenant}/api/v1/adverts?per_page=100`)
        reads.push({ tenant, titles: titles(read.body) })
      }),
    )
    // No read crossed: a tenant's list holds its own adverts and the fixtures' (titles with no tenant name).
    for (const { tenant, titles: seen } of reads) {
      const other = tenants.find((name) => name !== tenant)!
      expect(seen.filter((title) => title.startsWith(other))).toEqual([])
      expect(seen.some((title) => title.startsWith(tenant))).toBe(true)
    }
    const lists = await Promise.all(
      [`${a}/t/alpha`, `${b}/t/beta`, a].map((base) => call(`${base}/api/v1/adverts?per_page=100`)),
    )
    expect(lists.map(({ body }) => body.data.length)).toEqual([43, 43, 3])
    expect((await call(`${b}/t/alpha/__admin/reset`, { method: 'POST', headers: admin })).status).toBe(200)
    const after = await Promise.all(
      [`${a}/t/alpha`, `${a}/t/beta`].map((base) => call(`${base}/api/v1/adverts?per_page=100`)),
    )
    expect(after.map(({ body }) => body.data.length)).toEqual([3, 43])
  })

  it('forget a tenant left unused for its time to live, and make it again from the fixtures', async () => {
    const [a, b] = origins()
    const made = await call(`${a}/t/gamma/api/v1/adverts`, {
      method: 'POST',
      body: { advert: { title: 'gamma only' } },
    })
    expect(made.status).toBe(201)
    expect(titles((await call(`${b}/t/gamma/api/v1/adverts`)).body)).toContain('gamma only')
    const keys = async () =>
      Number(
        await sandbox.listeners[0]!.sandbox!.store.connection.command([
          'EVAL',
          "return #redis.call('KEYS', 'acm:t:gamma:*')",
          0,
        ]),
      )
    expect(await keys()).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 1_000))
    expect(await keys()).toBe(0)
    const again = await call(`${b}/t/gamma/api/v1/adverts`)
    expect(again.status).toBe(200)
    expect(titles(again.body)).not.toContain('gamma only')
    expect(again.body.data).toHaveLength(3)
  })

  it("open a tenant's control plane with the sandbox's token or the tenant's own, and nothing else", async () => {
    const [a, b] = origins()
    const info = await call(`${a}/__sandbox/tenants/alpha`, { headers: admin })
    expect(info.status).toBe(200)
    const own = { 'x-admin-token': info.body.data.admin_token as string }
    expect(info.body.data.base_url).toBe(`${a}/t/alpha/api/v1`)
    const cases: [string, Record<string, string>, number][] = [
      [`${b}/t/alpha/__admin/clock`, admin, 200],
      [`${b}/t/alpha/__admin/clock`, own, 200],
      [`${b}/t/beta/__admin/clock`, own, 403],
      [`${b}/__admin/clock`, own, 403],
      [`${b}/t/alpha/__admin/clock`, {}, 403],
      [`${b}/__sandbox/tenants/alpha`, own, 403],
      [`${b}/__admin/clock`, admin, 200],
    ]
    for (const [url, headers, status] of cases) {
      const answer = await call(url, { headers })
      expect([url, headers, answer.status]).toEqual([url, headers, status])
      if (status === 403) expect(answer.body.error.code).toBe('admin_forbidden')
    }
  })

  it('refuse a name no tenant may have, in the error shape', async () => {
    for (const name of ['Upper', 'default', '-dash', 'a'.repeat(64)]) {
      const answer = await call(`${origins()[0]}/t/${name}/api/v1/user`)
      expect([name, answer.status, answer.body.error.code]).toEqual([name, 400, 'bad_request'])
    }
  })
})
