import fc from 'fast-check'
import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { API_TIERS } from '../src/schemas/user.js'
import { frozenClock } from './support/frozen-clock.js'
import { createFuzzChecker, invariantProblems, prototypeFingerprint, type FuzzResponse } from './support/fuzz/checks.js'
import { fuzzRequest, fuzzTargets, type FuzzRequest } from './support/fuzz/requests.js'
import { FUZZ_TIMEOUT_MS, runFuzz } from './support/fuzz/run-fuzz.js'
import { loadDocument } from './support/openapi-document.js'
import { stateSnapshot } from './support/state-snapshot.js'

// Property-based fuzzing of every operation of both documents (the control plane's seed aside),
// in-process and through the listener: whatever the request, never a 5xx, always a documented
// status and shape, a refused request changes nothing, Object.prototype stays as it was, and the
// store's invariants hold after every request.

const documents = { api: await loadDocument(), admin: await loadDocument('openapi/admin.openapi.json') }
const check = createFuzzChecker(documents)
const requests = fuzzRequest(fuzzTargets(documents))
const START = '2026-03-01T10:00:15.000Z'
// Limits out of reach: the fuzzer should reach every step, not spend the minute's allowance.
const unlimited = Object.fromEntries(
  API_TIERS.map((tier) => [tier, { per_minute: 1e9, per_day: 1e9, max_topups: 1_000 }]),
)

/** The properties of one request and its answer; a failure throws with what broke. */
async function checkExchange(
  api: MockApi,
  request: FuzzRequest,
  send: (request: FuzzRequest) => Promise<FuzzResponse | undefined>,
  origin: string,
): Promise<void> {
  const before = stateSnapshot(api)
  const prototypes = prototypeFingerprint()
  const url = new URL(request.path, origin)
  const response = await send(request)
  if (!response) {
    // In-process, msw answers only below its bases: `/api/v1/campaigns/%2e%2e/..` is `/api` once the URL is parsed.
    expect(url.pathname, 'a request below the bases that no handler answered').not.toMatch(/^\/(api\/v1|__admin)(\/|$)/)
    expect(stateSnapshot(api)).toEqual(before)
    return
  }
  const problems = check(request.method, url, response)
  expect(
    problems.join('\n'),
    `${request.method} ${request.path.slice(0, 200)} -> ${response.status} ${response.text.slice(0, 300)}`,
  ).toBe('')
  expect(prototypeFingerprint()).toBe(prototypes)
  expect(invariantProblems(api).join('\n')).toBe('')
  if (response.status >= 400)
    expect(stateSnapshot(api), `a refused ${request.method} ${request.path.slice(0, 200)} changed the state`).toEqual(
      before,
    )
  // An accepted write (or a moved clock) is undone, so every case starts from the fixtures.
  else if (request.method !== 'GET' && request.method !== 'HEAD') await restart(api)
}

async function restart(api: MockApi): Promise<void> {
  await api.reset()
  api.context.clock.set(Date.parse(START))
}

describe('fuzzing every operation', () => {
  let api: MockApi
  let listener: Listener
  beforeAll(async () => {
    api = await createMockApi({ clock: frozenClock(START), tiers: unlimited })
    listener = await startListener({ port: 0, clock: frozenClock(START), tiers: unlimited })
  })
  afterAll(() => listener.close())

  it(
    'in-process requests: never a 5xx, documented, refused changes nothing',
    async () => {
      const send = async ({ method, path, headers, body }: FuzzRequest): Promise<FuzzResponse | undefined> => {
        const response = await getResponse(
          api.handlers,
          new Request(`http://mock.test${path}`, { method, headers, body }),
        )
        return (
          response && {
            status: response.status,
            headers: Object.fromEntries(response.headers),
            text: await response.text(),
          }
        )
      }
      await runFuzz(
        'in-process requests',
        fc.asyncProperty(requests, (request) => checkExchange(api, request, send, 'http://mock.test')),
        2_000,
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'listener requests: never a 5xx, documented, refused changes nothing',
    async () => {
      const send = async ({ method, path, headers, body }: FuzzRequest): Promise<FuzzResponse> => {
        const response = await fetch(`${listener.origin}${path}`, { method, headers, body })
        return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() }
      }
      await runFuzz(
        'listener requests',
        fc.asyncProperty(requests, (request) => checkExchange(listener.api, request, send, listener.origin)),
        400,
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
