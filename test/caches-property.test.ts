import fc from 'fast-check'
import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/listener/listener.js'
import { caches } from '../src/store/kept-json.js'
import { createMockApi, type MockApi, type MockApiOptions } from '../src/surface/create-mock-api.js'
import { fixtureTwin } from './support/fixture-twin.js'
import { frozenClock } from './support/frozen-clock.js'
import { SHAPED_FIXTURES, SHAPED_PROFILE } from './support/shaped-profile.js'
import { EVERY_CHANGE, STEP, type Step } from './support/cache-steps.js'

// Issue 33: the request path keeps what it wrote once (a record's JSON, a page, a read's envelope,
// a body's bytes, a validated query) until what it was written from changes. Every answer must be
// the one the mock gives with those caches switched off: sequences of interleaved writes, reads,
// overrides, resets, clock moves, deliveries, tier changes and journal reads, by two accounts and
// the control plane, under the mock's profile, a twin's and a profile that orders fields, links its
// pages and writes fields from the base URL; in-process and through the listener; byte for byte
// apart from Date (and the journal's measured durations). `npm run test:caches` runs it longer.

const RUNS = Number(process.env.CACHES_RUNS ?? 25)
const STEPS = Number(process.env.CACHES_STEPS ?? 40)
const SEED = process.env.CACHES_SEED === undefined ? undefined : Number(process.env.CACHES_SEED)
const START = '2026-03-01T10:00:15.000Z'

/** What is compared of an answer: status, headers but Date, and the body. */
interface Seen {
  step: string
  status: number
  headers: string
  body: string
}

type Send = (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<Response>

/** A mock, how to send it a request, and its origin as its answers write it (each listener has its own port). */
interface Side {
  api: MockApi
  send: Send
  origin: string
}

/** Sends a sequence to one mock from its start, and what it answered. */
async function answersOf({ api, send, origin }: Side, steps: readonly Step[]): Promise<Seen[]> {
  await api.reset()
  const keys = Array.from(api.db.users.rows(), (user) => user.api_key)
  const seen: Seen[] = []
  for (const step of steps) {
    const headers: Record<string, string> = step.body === undefined ? {} : { 'content-type': 'application/json' }
    if (step.as !== 'admin') headers.authorization = keys[step.as % keys.length]!
    const path = step.as === 'admin' ? `/__admin${step.path}` : `/api/v1${step.path}`
    const response = await send(
      step.method,
      path,
      headers,
      step.body === undefined ? undefined : JSON.stringify(step.body),
    )
    const text = await response.text()
    // The journal measures how long each answer took: the one figure that differs run to run (and with it the length).
    const measured = text.includes('"duration_ms":')
    const shown = [...response.headers].filter(
      ([name]) => !IGNORED_HEADERS.has(name) && !(measured && name === 'content-length'),
    )
    seen.push({
      step: `${step.method} ${path}${step.body === undefined ? '' : ` ${JSON.stringify(step.body)}`}`,
      status: response.status,
      headers: shown
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n')
        .replaceAll(origin, ORIGIN),
      body: text.replace(/"duration_ms":[\d.e+-]+/g, '"duration_ms":0').replaceAll(origin, ORIGIN),
    })
  }
  return seen
}

/** Where every mock is reached, as the answers are compared. */
const ORIGIN = 'http://mock.test'

/** Headers that say when and how the bytes went, not what the mock answered. */
const IGNORED_HEADERS = new Set(['date', 'connection', 'keep-alive'])

/** The same sequence with the caches on, then off: every answer the same. */
async function compare(sides: Record<'on' | 'off', Side>, steps: readonly Step[]) {
  const answers: Partial<Record<'on' | 'off', Seen[]>> = {}
  for (const side of ['on', 'off'] as const) {
    caches.enabled = side === 'on'
    try {
      answers[side] = await answersOf(sides[side], steps)
    } finally {
      caches.enabled = true
    }
  }
  expect(answers.on).toEqual(answers.off)
}

const PROFILES: { name: string; options: () => Omit<MockApiOptions, 'store'> }[] = [
  { name: "the mock's own profile", options: () => ({}) },
  { name: "the committed twin's profile", options: () => ({ twin: fixtureTwin() }) },
  {
    name: 'a profile that orders fields, links pages and writes a field from the base URL',
    options: () => ({ profile: SHAPED_PROFILE, fixtures: SHAPED_FIXTURES }),
  },
]

const sequences = fc.array(STEP, { minLength: 5, maxLength: STEPS })
const params = { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: [[EVERY_CHANGE]] }

describe.each(PROFILES)('caches on and off answer alike under $name', ({ options }) => {
  const listeners: Listener[] = []
  const open = async () => {
    const listener = await startListener({ port: 0, clock: frozenClock(START), ...options() })
    listeners.push(listener)
    const send: Send = (method, path, headers, body) => fetch(`${listener.origin}${path}`, { method, headers, body })
    return { api: listener.api, send, origin: listener.origin }
  }
  let overHttp: Record<'on' | 'off', Side>
  beforeAll(async () => {
    overHttp = { on: await open(), off: await open() }
  })
  afterAll(async () => {
    for (const listener of listeners) await listener.close()
  })

  it('in-process', async () => {
    const mock = async () => {
      const api = await createMockApi({ clock: frozenClock(START), ...options() })
      const send: Send = async (method, path, headers, body) =>
        (await getResponse(api.handlers, new Request(`${ORIGIN}${path}`, { method, headers, body })))!
      return { api, send, origin: ORIGIN }
    }
    const sides = { on: await mock(), off: await mock() }
    await fc.assert(
      fc.asyncProperty(sequences, (steps) => compare(sides, steps)),
      params,
    )
  }, 120_000)

  it('through the listener', async () => {
    await fc.assert(
      fc.asyncProperty(sequences, (steps) => compare(overHttp, steps)),
      params,
    )
  }, 120_000)
})
