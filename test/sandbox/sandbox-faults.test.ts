import { afterAll, describe, expect, it } from 'vitest'
import { startRedis, redisTests, type RedisServer } from '../support/redis-server.js'
import { sandboxKillRounds } from '../support/sandbox-kill-rounds.js'
import { call, startReplicas, type Replicas } from '../support/sandbox-replicas.js'

// The engine's faults: a replica killed with SIGKILL under write load (three times here; twenty in
// npm run test:sandbox-kills), and Redis itself killed and started again while replicas serve.

describe.runIf(redisTests('the sandbox fault tests'))('faults of the sandbox', () => {
  let redis: RedisServer | undefined
  let sandbox: Replicas | undefined
  afterAll(async () => {
    await sandbox?.close()
    await redis?.close()
  })

  it('lose no acknowledged write when a replica is killed under load, and the survivor never answers 5xx', async () => {
    redis = await startRedis()
    const result = await sandboxKillRounds(redis.url(), 3)
    console.log(`Sandbox kill -9: 3 kills, ${result.acknowledged} writes acknowledged, ${result.cut} cut by the kills`)
    expect(result.acknowledged).toBeGreaterThan(30)
    expect(result).toMatchObject({ lost: [], survivorErrors: [], differing: [] })
  })

  it('answer 503 with Retry-After while Redis is away, nothing wrong, and come back by themselves', async () => {
    sandbox = await startReplicas(2, {}, { appendfsync: 'always' })
    const origins = sandbox.listeners.map((listener) => listener.origin)
    const acknowledged: string[] = []
    const strays: string[] = []
    let stop = false
    const writer = async (id: number) => {
      for (let n = 0; !stop; n++) {
        const title = `w${id} n${n}`
        const answer = await call(`${origins[id % 2]}/api/v1/adverts`, { method: 'POST', body: { advert: { title } } })
        if (answer.status === 201) acknowledged.push(title)
        else if (answer.status !== 503) strays.push(`${title}: ${answer.status}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10))
    await sandbox.redis.stop('SIGKILL')
    const before = acknowledged.length
    // While Redis is away: every answer, on either replica, a read or a write, is the store's 503.
    for (const path of ['/api/v1/adverts', '/api/v1/user', '/__admin/requests', '/__admin/health'])
      for (const origin of origins) {
        const answer = await call(`${origin}${path}`)
        expect([path, answer.status, answer.headers.get('retry-after'), answer.body.error.code]).toEqual([
          path,
          503,
          '1',
          'service_unavailable',
        ])
        expect(answer.body.success).toBe(false)
      }
    await new Promise((resolve) => setTimeout(resolve, 300))
    await sandbox.redis.start()
    const back = Date.now()
    while ((await call(`${origins[1]}/api/v1/user`)).status !== 200) {
      expect(Date.now() - back).toBeLessThan(15_000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const after = acknowledged.length
    while (acknowledged.length < after + 10) await new Promise((resolve) => setTimeout(resolve, 10))
    stop = true
    await Promise.all(writers)
    expect(strays).toEqual([])
    expect(before).toBeGreaterThanOrEqual(20)
    // Every write answered 201, before, during and after, is on both (the AOF fsyncs each one).
    for (const origin of origins) {
      const { body } = await call(`${origin}/__admin/state`)
      const held = new Set((body.data.dataset.adverts as { title: string }[]).map(({ title }) => title))
      expect(acknowledged.filter((title) => !held.has(title))).toEqual([])
    }
  })
})
