import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../../src/listener/listener.js'
import { startRedis, redisTests, type RedisServer } from '../support/redis-server.js'
import { FROZEN_AT, opStream, SystemKeys, type Known, type Op } from '../support/sandbox-ops.js'

// Two replicas sharing one Redis against one in-memory mock: the same seeded stream of operations,
// each sent to a replica drawn at random and to the reference, and every answer compared (status,
// headers but Date, body with each side's API keys named by their user, the journal without its
// timings). `npm run test:sandbox` runs 100,000 with a random seed (SANDBOX_SEED=<n> replays one).
const OPS = Number(process.env.SANDBOX_OPS ?? 10_000)
const SEED =
  process.env.SANDBOX_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.SANDBOX_SEED ?? 34)
// 10,000 operations took 25 s on a busy 2-core machine: three times that, and as much again per 10,000 more.
const TIMEOUT_MS = 75_000 * Math.max(1, OPS / 10_000)

const COMPARED_HEADERS = [
  'content-type',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'preference-applied',
  'allow',
]

interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
}

async function send(origin: string, op: Op, keys: SystemKeys): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (op.as === 'bad') headers.authorization = 'acs_nobody_has_this_key'
  else if (op.as !== undefined) headers.authorization = keys.byUser.get(op.as) ?? 'acs_no_such_user'
  if (op.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(origin + op.path, {
    method: op.method,
    headers,
    body: op.body === undefined ? undefined : JSON.stringify(op.body),
  })
  const text = await response.text()
  const kept = Object.fromEntries(
    COMPARED_HEADERS.flatMap((name) => {
      const value = response.headers.get(name)
      return value === null ? [] : [[name, value]]
    }),
  )
  const parsed = text === '' ? null : (JSON.parse(text) as unknown)
  keys.learn(parsed)
  return { status: response.status, headers: kept, body: withoutTimings(JSON.parse(keys.name(text || 'null'))) }
}

/** The journal's entries without `duration_ms`, the one field that is real time. */
function withoutTimings(body: unknown): unknown {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data) || !data.every((entry) => typeof entry === 'object' && entry && 'duration_ms' in entry))
    return body
  return { ...(body as object), data: data.map(({ duration_ms: _, ...entry }) => entry) }
}

/** What the stream may use next: users, and the highest advert and campaign ids, from the reference's answer. */
function learnIds(known: Known, op: Op, answer: Answer): void {
  const data = (answer.body as { data?: unknown } | null)?.data
  const records = (Array.isArray(data) ? data : [data]) as { id?: number; advert_title?: string; title?: string }[]
  if (answer.status !== 201 && answer.status !== 200) return
  if (op.path === '/__admin/users' || op.path === '/__admin/arrange/user') {
    const id = records[0]?.id
    if (op.method === 'POST' && id !== undefined && !known.users.includes(id)) known.users.push(id)
  }
  for (const record of records) {
    if (typeof record?.id !== 'number') continue
    if (record.advert_title !== undefined) known.campaigns = Math.max(known.campaigns, record.id)
    else if (record.title !== undefined) known.adverts = Math.max(known.adverts, record.id)
  }
}

describe.runIf(redisTests('the sandbox consistency test'))('two replicas and one Redis', () => {
  let redis: RedisServer
  let replicas: Listener[]
  let reference: Listener

  beforeAll(async () => {
    redis = await startRedis()
    replicas = [
      await startListener({ port: 0, store: redis.url() }),
      await startListener({ port: 0, store: redis.url() }),
    ]
    reference = await startListener({ port: 0 })
  })

  afterAll(async () => {
    await Promise.all([...(replicas ?? []), reference].map((listener) => listener?.close()))
    await redis?.close()
  })

  it(
    `answer ${OPS.toLocaleString('en-US')} operations spread over both as one in-memory mock does (seed ${SEED})`,
    async () => {
      const shared = new SystemKeys()
      const alone = new SystemKeys()
      const known: Known = { users: [1, 2], adverts: 4, campaigns: 4 }
      const next = opStream(SEED)
      const freeze = (replica: 0 | 1): Op => ({
        method: 'POST',
        path: '/__admin/clock',
        body: { set: FROZEN_AT },
        replica,
      })
      const both = (op: Op) =>
        Promise.all([send(replicas[op.replica]!.origin, op, shared), send(reference.origin, op, alone)])
      await both(freeze(0))
      const started = performance.now()
      const counts = { mismatches: 0, statuses: new Map<number, number>() }
      for (let index = 0; index < OPS; index++) {
        const op = next(known)
        const [got, expected] = await both(op)
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          counts.mismatches++
          expect(got, `operation ${index} (seed ${SEED}): ${op.method} ${op.path} on replica ${op.replica}`).toEqual(
            expected,
          )
        }
        counts.statuses.set(expected.status, (counts.statuses.get(expected.status) ?? 0) + 1)
        learnIds(known, op, expected)
        if (op.path === '/__admin/reset' && expected.status === 200) {
          Object.assign(known, { users: [1, 2], adverts: 4, campaigns: 4 })
          shared.reset()
          alone.reset()
          await both(freeze(op.replica))
        }
      }
      const seconds = (performance.now() - started) / 1000
      console.log(
        `Sandbox consistency: ${OPS} operations (seed ${SEED}) in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(counts.statuses))}`,
      )
      // The stream reached the answers worth comparing: writes, refusals, limits, overrides and faults.
      for (const status of [200, 201, 404, 422, 429, 503]) expect(counts.statuses.get(status) ?? 0).toBeGreaterThan(0)
      // And at the end, both replicas hold what the reference holds, and show the same journal.
      for (const replica of [0, 1] as const)
        for (const path of ['/__admin/state', '/__admin/requests', '/__admin/overrides']) {
          const [got, expected] = await both({ method: 'GET', path, replica })
          expect(got, `${path} on replica ${replica}`).toEqual(expected)
        }
    },
    TIMEOUT_MS,
  )
})
