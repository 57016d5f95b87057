import { startBrowserMock } from 'ad-campaign-mock/browser'
import { afterAll, afterEach, expect, it } from 'vitest'

// Vitest browser mode: this file runs in Chromium, and the mock answers through msw's service worker.
const mock = await startBrowserMock({ quiet: true, onUnhandledRequest: 'error' })
afterEach(() => mock.reset())
afterAll(() => mock.stop())

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: mock.apiKey, 'Content-Type': 'application/json', ...init.headers },
  })

it('answers from the page through the service worker', async () => {
  expect(navigator.serviceWorker.controller?.scriptURL).toMatch(/\/mockServiceWorker\.js$/)
  const response = await api('/campaigns')
  expect(response.status).toBe(200)
  expect((await response.json()).data).toHaveLength(3)
})

it('keeps state between requests, and reset() restores the fixtures', async () => {
  const created = await api('/adverts', {
    method: 'POST',
    body: JSON.stringify({ advert: { title: 'From browser mode' } }),
  })
  expect(created.status).toBe(201)
  expect((await (await api('/adverts')).json()).data).toHaveLength(4)
  await mock.reset()
  expect((await (await api('/adverts')).json()).data).toHaveLength(3)
})

it('answers one operation with a typed override until reset(), through the worker', async () => {
  mock.override('listCampaigns', ({ response }) =>
    response(200).json({
      success: true,
      data: [],
      pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 },
    }),
  )
  expect((await (await api('/campaigns')).json()).data).toEqual([])
  expect((await (await api('/adverts')).json()).data).toHaveLength(3)
  await mock.reset()
  expect((await (await api('/campaigns')).json()).data).toHaveLength(3)
})

it('refuses a second mock in the page while this one runs, naming where this one was started', async () => {
  // msw's worker takes the whole page: a second mock would answer every request this one does.
  await expect(startBrowserMock({ quiet: true })).rejects.toThrow(
    /^startBrowserMock: a mock is already running in this page, started at .*campaigns\.test\.ts.*Stop it first \(mock\.stop\(\)\)/,
  )
  expect((await api('/campaigns')).status).toBe(200)
})
