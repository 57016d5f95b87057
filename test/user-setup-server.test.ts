import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createMockApi } from '../src/surface/create-mock-api.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'

// The handler array a user gets from api.handlers, in the user's own setupServer beside their own
// handlers: the mock answers only its own paths, lets later handlers answer the rest, and gives way
// to overrides added with server.use().
const api = await createMockApi()
const server = setupServer(
  ...api.handlers,
  http.get('https://analytics.test/ping', () => HttpResponse.json({ pong: true })),
)
const demo = { Authorization: DEMO_API_KEY }

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it('answers the API and the control plane on any origin', async () => {
  const list = await fetch('http://app.test/api/v1/campaigns', { headers: demo })
  expect(list.status).toBe(200)
  expect((await list.json()).data).toHaveLength(3)
  expect((await fetch('http://app.test/__admin/clock')).status).toBe(200)
})

it('leaves what is not its own to the handlers after it, and unhandled requests unhandled', async () => {
  expect(await (await fetch('https://analytics.test/ping')).json()).toEqual({ pong: true })
  const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  await expect(fetch('https://elsewhere.test/api/v2/campaigns')).rejects.toThrow()
  await expect(fetch('http://app.test/__admin')).rejects.toThrow()
  const unhandled = printed.mock.calls
    .map(([message]) => String(message))
    .filter((message) => message.includes('without a matching request handler'))
  printed.mockRestore()
  expect(unhandled).toHaveLength(2)
})

it('gives way to an override added with server.use(), and comes back after resetHandlers()', async () => {
  server.use(http.get('*/api/v1/campaigns', () => HttpResponse.json({ overridden: true })))
  expect(await (await fetch('http://app.test/api/v1/campaigns', { headers: demo })).json()).toEqual({
    overridden: true,
  })
  expect((await fetch('http://app.test/api/v1/campaigns/1', { headers: demo })).status).toBe(200)
  server.resetHandlers()
  expect((await (await fetch('http://app.test/api/v1/campaigns', { headers: demo })).json()).success).toBe(true)
})

it('answers HEAD as GET without a body', async () => {
  const get = await fetch('http://app.test/api/v1/campaigns/1', { headers: demo })
  const head = await fetch('http://app.test/api/v1/campaigns/1', { method: 'HEAD', headers: demo })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength))
  expect(await head.text()).toBe('')
})
