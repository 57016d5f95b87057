import fc from 'fast-check'
import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { DEFAULT_TIER_LIMITS } from '../src/domain/tiers.js'
import { API_TIERS } from '../src/schemas/user.js'
import { frozenClock } from './support/frozen-clock.js'
import { modelOf, type Model, type ModelResponse, type Real } from './support/fuzz/model.js'
import { modelCommands } from './support/fuzz/model-commands.js'
import { FUZZ_TIMEOUT_MS, runFuzz } from './support/fuzz/run-fuzz.js'

// Stateful fuzzing: sequences of valid and invalid operations by two users and the control plane,
// in-process and through the listener, each step checked against a model (ids, ownership, lists,
// e-mails, keys, top-ups, deliveries) and the store's invariants after it.

const START = '2026-03-01T10:00:15.000Z'
// The tiers' top-up ceilings as they are, their request allowances out of reach.
const tiers = Object.fromEntries(
  API_TIERS.map((tier) => [tier, { ...DEFAULT_TIER_LIMITS[tier], per_minute: 1e9, per_day: 1e9 }]),
)

/** A Real over any way of reaching the mock, starting each run from the fixtures. */
function realOf(api: MockApi, fetchResponse: (request: Request) => Promise<Response>) {
  const real: Real = {
    api,
    async send(method, path, { key, body } = {}) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }
      if (key) headers.authorization = key
      const url = `${path.startsWith('/__admin') ? '' : '/api/v1'}${path}`
      const response = await fetchResponse(
        new Request(`http://mock.test${url}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : undefined } satisfies ModelResponse
    },
  }
  return async (): Promise<{ model: Model; real: Real }> => {
    await api.reset()
    api.context.clock.set(Date.parse(START))
    return { model: modelOf(api), real }
  }
}

const sequences = fc.commands(modelCommands(), { maxCommands: 30, size: 'medium' })

describe('stateful fuzzing: two users and the control plane against a model', () => {
  let listener: Listener
  beforeAll(async () => {
    listener = await startListener({ port: 0, clock: frozenClock(START), tiers })
  })
  afterAll(() => listener.close())

  it(
    'model sequences in-process',
    async () => {
      const api = await createMockApi({ clock: frozenClock(START), tiers })
      const setup = realOf(api, async (request) => (await getResponse(api.handlers, request))!)
      await runFuzz(
        'model sequences in-process',
        fc.asyncProperty(sequences, (commands) => fc.asyncModelRun(setup, commands)),
        120,
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'model sequences through the listener',
    async () => {
      const origin = new URL(listener.origin)
      const setup = realOf(listener.api, (request) => {
        const url = new URL(request.url)
        return fetch(`${origin.origin}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: 'half',
        } as RequestInit)
      })
      await runFuzz(
        'model sequences through the listener',
        fc.asyncProperty(sequences, (commands) => fc.asyncModelRun(setup, commands)),
        25,
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
