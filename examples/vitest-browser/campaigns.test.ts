import { startBrowserMock } from 'ad-campaign-mock/browser'
import { afterAll, afterEach, expect, it } from 'vitest'

// Vitest browser mode: this file runs in Chromium, and the mock answers through msw's service worker.
const mock = await startBrowserMock({ quiet: true, onUnhandledRequest: 'error' })
afterEach(() => mock.reset())
afterAll(() => mock.stop())

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${mock.baseUrl}${path}`, { ...init, headers: { Authorization: mock.apiKey, 'Content-Type': 'application/json', ...init.headers } })

it('answers from the page through the service worker', async () => {
  expect(navigator.serviceWorker.controller?.scriptURL).toMatch(/\/mockServiceWorker\.js$/)
  const response = await api('/campaigns')
  expect(response.status).toBe(200)
  expect((await response.json()).data).toHaveLength(3)
})

it('keeps state between requests, and reset() restores the fixtures', async () => {
  const created = await api('/adverts', { method: 'POST', body: JSON.stringify({ advert: { title: 'From browser mode' } }) })
  expect(created.status).toBe(201)
  expect((await (await api('/adverts')).json()).data).toHaveLength(4)
  await mock.reset()
  expect((await (await api('/adverts')).json()).data).toHaveLength(3)
})
