import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/cli-process.js'
import { freePort, redisTests, startRedis, type RedisServer } from '../support/redis-server.js'
import { call } from '../support/sandbox-replicas.js'

// The command with --store: a store that cannot be used is one line on standard error and exit 2,
// before anything listens; one that can is named in the banner, and a second replica finds its state.

describe.runIf(redisTests('the sandbox command tests'))('ad-campaign-mock --store', () => {
  let redis: RedisServer

  beforeAll(async () => {
    redis = await startRedis()
    const { connectRedis } = await import('../../src/persistence/redis/redis-connection.js')
    const { parseStoreUrl } = await import('../../src/persistence/redis/store-url.js')
    // Database 3 holds another program's data, database 4 another format's marker.
    for (const [db, key, value] of [
      [3, 'session:42', 'someone else'],
      [4, 'acm:format', 'ad-campaign-mock/sandbox@0'],
    ] as const) {
      const connection = await connectRedis(parseStoreUrl(redis.url(db)))
      await connection.command(['SET', key, value])
      await connection.close()
    }
  })
  afterAll(() => redis?.close())

  it('refuses a store it cannot use with one line and exit 2', async () => {
    const refused = `redis://127.0.0.1:${await freePort()}/0`
    const cases: [string, string[], RegExp][] = [
      [
        'a URL of another scheme',
        ['--store', 'http://127.0.0.1:6379/0'],
        /is not a Redis URL: the scheme must be redis:/,
      ],
      [
        'a database that is not a number',
        ['--store', `${redis.url()}x`],
        /is not a Redis URL: the path must be a database number/,
      ],
      ['no URL at all', ['--store', 'not a url'], /is not a Redis URL: it does not parse/],
      [
        'a Redis that refuses the connection',
        ['--store', refused],
        /cannot connect to the store redis:\/\/127\.0\.0\.1:\d+\/0: .*ECONNREFUSED/,
      ],
      [
        "a database of another program's",
        ['--store', redis.url(3)],
        /holds 1 keys and no acm:format: it is not an ad-campaign-mock sandbox/,
      ],
      [
        "a database of another format's",
        ['--store', redis.url(4)],
        /holds another format's data \(acm:format is "ad-campaign-mock\/sandbox@0"/,
      ],
      [
        'a store beside a state file',
        ['--store', redis.url(), '--state', 'x.json'],
        /--store and --state cannot be used together/,
      ],
      ['a time to live without a store', ['--tenant-ttl', '60'], /--tenant-ttl only applies with --store/],
      [
        'a time to live of no seconds',
        ['--store', redis.url(), '--tenant-ttl', '0'],
        /--tenant-ttl must be a whole number of seconds/,
      ],
    ]
    for (const [name, args, message] of cases) {
      const { code, stdout, stderr } = await runCli(['--port', '0', ...args])
      expect([name, code, stdout]).toEqual([name, 2, ''])
      expect(stderr.trimEnd().split('\n'), name).toHaveLength(1)
      expect(stderr, name).toMatch(/^ad-campaign-mock: /)
      expect(stderr, name).toMatch(message)
    }
  })

  it('names the store in the banner, and a second replica serves the first one’s writes', async () => {
    const first = await startCli(['--port', '0', '--quiet', '--store', redis.url(6)])
    expect(first.output()).toMatch(/Store: +redis:\/\/127\.0\.0\.1:\d+\/6 \(created from the data above\)/)
    const made = await call(`${first.baseUrl}/adverts`, {
      method: 'POST',
      body: { advert: { title: 'from the first' } },
    })
    expect(made.status).toBe(201)
    const second = await startCli(['--port', '0', '--quiet', '--store', redis.url(6)])
    expect(second.output()).toMatch(/\(its state loaded\)/)
    const read = await call(`${second.baseUrl}/adverts/${made.body.data.id}`)
    expect(read.body.data).toEqual(made.body.data)
    expect(await second.stop('SIGTERM')).toBe(0)
    expect(await first.stop('SIGTERM')).toBe(0)
  })
})
