import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/adapters/express.js'
import { createMockApi, type MockApi } from '../src/create-mock-api.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'
import { handleInProcess } from './support/in-process.js'

let listener: Listener
beforeAll(async () => {
  listener = await startListener({ port: 0 })
})
afterAll(() => listener.close())

const send = (key: string, method: string, path: string, body?: unknown) =>
  fetch(`${listener.baseUrl}${path}`, {
    method,
    headers: { Authorization: key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

it('gives a contested e-mail to exactly one of two users writing in the same tick', async () => {
  // In-process, both requests start before either awaits: the tightest interleaving there is.
  const api = await createMockApi()
  const patch = (key: string) => sendTo(api, key, 'PATCH', '/user', { user: { email: 'contested@example.com' } })
  const responses = await Promise.all([patch(DEMO_API_KEY), patch(OTHER_API_KEY)])
  expect(responses.map((r) => r.status).sort()).toEqual([200, 422])
  const owners = api.context.store.export().users.filter((user) => user.email === 'contested@example.com')
  expect(owners).toHaveLength(1)
})

it('applies every one of many concurrent toggles', async () => {
  const before = (await (await send(DEMO_API_KEY, 'GET', '/campaigns/3')).json()).data.enabled
  const toggles = await Promise.all(Array.from({ length: 9 }, () => send(DEMO_API_KEY, 'POST', '/campaigns/3/toggle')))
  expect(toggles.every((r) => r.status === 200)).toBe(true)
  const states = await Promise.all(toggles.map(async (r) => (await r.json()).data.enabled))
  // Each toggle saw the one before it: the answers alternate, and an odd count flips the state.
  expect(states.filter((enabled) => enabled === !before)).toHaveLength(5)
  expect((await (await send(DEMO_API_KEY, 'GET', '/campaigns/3')).json()).data.enabled).toBe(!before)
})

/** Sends one request as a user straight to the in-process handlers. */
function sendTo(api: MockApi, key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return handleInProcess(api)(
    new Request(`http://mock.test/api/v1${path}`, {
      method,
      headers: { Authorization: key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

it('lets only the first of concurrent key resets through: the old key is refused at once, even in the queue', async () => {
  const api = await createMockApi()
  const resets = await Promise.all([1, 2, 3].map(() => sendTo(api, DEMO_API_KEY, 'POST', '/user/reset_api_key')))
  expect(resets.map((r) => r.status)).toEqual([200, 401, 401])
  const newKey = (await resets[0]!.json()).data.api_key
  expect((await sendTo(api, newKey, 'GET', '/user')).status).toBe(200)
  expect((await sendTo(api, DEMO_API_KEY, 'GET', '/user')).status).toBe(401)
})

it('frees the e-mail a user gave up, even when their writes were queued together', async () => {
  const api = await createMockApi()
  await Promise.all([
    sendTo(api, DEMO_API_KEY, 'PATCH', '/user', { user: { email: 'a@example.com' } }),
    sendTo(api, DEMO_API_KEY, 'PATCH', '/user', { user: { email: 'b@example.com' } }),
  ])
  expect((await (await sendTo(api, DEMO_API_KEY, 'GET', '/user')).json()).data.email).toBe('b@example.com')
  const taken = await sendTo(api, OTHER_API_KEY, 'PATCH', '/user', { user: { email: 'a@example.com' } })
  expect(taken.status).toBe(200)
})
