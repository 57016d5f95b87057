import { afterAll, beforeAll, expect, it } from 'vitest'
import { getResponse } from 'msw'
import { startListener, type Listener } from '../src/adapters/express.js'
import { createMockApi } from '../src/create-mock-api.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'

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
  const patch = (key: string) =>
    getResponse(
      api.handlers,
      new Request('http://mock.test/api/v1/user', {
        method: 'PATCH',
        headers: { Authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ user: { email: 'contested@example.com' } }),
      }),
    )
  const responses = await Promise.all([patch(DEMO_API_KEY), patch(OTHER_API_KEY)])
  expect(responses.map((r) => r!.status).sort()).toEqual([200, 422])
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
