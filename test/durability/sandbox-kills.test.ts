import { afterAll, describe, expect, it } from 'vitest'
import { redisTests, startRedis, type RedisServer } from '../support/redis-server.js'
import { sandboxKillRounds } from '../support/sandbox-kill-rounds.js'

// npm run test:sandbox-kills: twenty kill -9s of a replica of the built bin under write load, each
// checking that no write answered 201 was lost, that the survivor never answered 5xx, and that the
// restarted replica serves what the survivor does (npm test does the same three times).
const KILLS = 20

describe.runIf(redisTests('the sandbox kill rounds'))('a sandbox of two replicas', () => {
  let redis: RedisServer | undefined
  afterAll(() => redis?.close())

  it(`loses no acknowledged write over ${KILLS} kill -9s of a replica under write load`, async () => {
    redis = await startRedis()
    const result = await sandboxKillRounds(redis.url(), KILLS)
    console.log(
      `Sandbox kill -9: ${KILLS} kills, ${result.acknowledged} writes acknowledged, ${result.cut} cut by the kills`,
    )
    expect(result.acknowledged).toBeGreaterThan(KILLS * 10)
    expect(result).toMatchObject({ lost: [], survivorErrors: [], differing: [] })
  })
})
