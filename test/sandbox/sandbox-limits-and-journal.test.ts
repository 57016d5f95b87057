import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisTests } from '../support/redis-server.js'
import { call, startReplicas, type Replicas } from '../support/sandbox-replicas.js'

// Two replicas on one Redis under concurrent load: a key's quota is counted once, wherever its
// requests land, and the journal on either replica is every replica's.

describe.runIf(redisTests('the sandbox limits and journal tests'))('two replicas on one Redis', () => {
  let sandbox: Replicas
  const origins = () => sandbox.listeners.map((listener) => listener.origin)

  beforeAll(async () => {
    sandbox = await startReplicas(2)
    // A clock that stands still: the whole burst falls in one minute's window.
    await call(`${origins()[0]}/__admin/clock`, { method: 'POST', body: { set: '2026-03-02T12:00:10.000Z' } })
  })
  afterAll(() => sandbox?.close())

  it('admit exactly the quota of a 3x burst split across both, and every 429 says the same', async () => {
    const [a, b] = origins() as [string, string]
    const quota = 40
    await call(`${a}/__admin/tiers`, { method: 'PATCH', body: { free: { per_minute: quota } } })
    const user = await call(`${b}/__admin/arrange/user`, { method: 'POST', body: { tier: 'free' } })
    const key = user.body.data.api_key as string
    const answers = await Promise.all(
      Array.from({ length: 3 * quota }, (_, i) => call(`${i % 2 ? a : b}/api/v1/user/balance`, { key })),
    )
    const admitted = answers.filter(({ status }) => status === 200)
    const refused = answers.filter(({ status }) => status === 429)
    expect([admitted.length, refused.length]).toEqual([quota, 2 * quota])
    // Each admitted request was counted once: what is left runs through every value from quota-1 down to 0.
    const left = admitted.map(({ headers }) => Number(headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y)
    expect(left).toEqual(Array.from({ length: quota }, (_, i) => i))
    const resets = new Set(answers.map(({ headers }) => headers.get('x-ratelimit-reset')))
    expect(resets.size).toBe(1)
    for (const { headers, body } of refused) {
      expect(body.error.code).toBe('rate_limit_exceeded')
      expect(headers.get('x-ratelimit-limit')).toBe(String(quota))
      expect(headers.get('x-ratelimit-remaining')).toBe('0')
      const wait = Number(headers.get('x-ratelimit-reset')) - Date.parse(headers.get('date')!) / 1000
      expect(Number(headers.get('retry-after'))).toBe(wait)
      expect(headers.get('ratelimit')).toContain(`"minute";r=0;t=${wait}`)
    }
  })

  it('show every request of both replicas once in the journal of each, in the same order', async () => {
    const [a, b] = origins() as [string, string]
    await call(`${a}/__admin/requests`, { method: 'DELETE' })
    const marks = Array.from({ length: 120 }, (_, i) => i)
    await Promise.all(
      marks.map((i) =>
        i % 3 === 0
          ? call(`${i % 2 ? a : b}/api/v1/adverts`, { method: 'POST', body: { advert: { title: `mark ${i}` } } })
          : call(`${i % 2 ? a : b}/api/v1/adverts?mark=${i}`),
      ),
    )
    const journals = await Promise.all([a, b].map((origin) => call(`${origin}/__admin/requests`)))
    for (const { status, body } of journals) {
      expect(status).toBe(200)
      const seen = body.data.map((entry: { path: string; request_body: { advert?: { title: string } } | null }) =>
        entry.request_body?.advert ? entry.request_body.advert.title : entry.path,
      )
      const expected = marks.map((i) => (i % 3 === 0 ? `mark ${i}` : `/api/v1/adverts?mark=${i}`))
      expect([...seen].sort()).toEqual([...expected].sort())
      expect(body.data.map((entry: { seq: number }) => entry.seq)).toEqual(marks.map((i) => i + 1))
    }
    expect(journals[0]!.body.data.map(withoutTiming)).toEqual(journals[1]!.body.data.map(withoutTiming))
  })
})

function withoutTiming({ duration_ms: _, ...entry }: { duration_ms: number }) {
  return entry
}
