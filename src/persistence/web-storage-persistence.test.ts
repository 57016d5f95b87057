import { getResponse } from 'msw'
import { afterEach, expect, it, vi } from 'vitest'
import { createMockApi, type MockApi } from '../surface/create-mock-api.js'
import { DEFAULT_FIXTURES, DEMO_API_KEY } from '../store/fixtures.js'
import { PACKAGE_VERSION } from '../domain/package-version.js'
import { DEFAULT_STORAGE_KEY, persistToWebStorage, type KeyValueStorage } from './web-storage-persistence.js'

/** Web Storage's contract over a Map (Node has no sessionStorage); the real one is exercised in Chromium. */
function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  }
}

const createAdvert = async (api: MockApi, title: string) => {
  const request = new Request('http://app.test/api/v1/adverts', {
    method: 'POST',
    headers: { authorization: DEMO_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ advert: { title } }),
  })
  const response = (await getResponse(api.handlers, request))!
  return { status: response.status, id: (await response.json()).data?.id as number }
}

afterEach(() => vi.restoreAllMocks())

it('saves every acknowledged write and loads it in the next page, ids continuing', async () => {
  const storage = memoryStorage()
  const first = await createMockApi()
  expect((await persistToWebStorage(first, storage)).restored).toBe(false)
  const created = await createAdvert(first, 'Kept across a reload')
  expect(storage.entries.has(DEFAULT_STORAGE_KEY)).toBe(true)

  const reloaded = await createMockApi()
  expect((await persistToWebStorage(reloaded, storage)).restored).toBe(true)
  expect(reloaded.db.account(1).adverts.get(created.id)?.title).toBe('Kept across a reload')
  expect((await createAdvert(reloaded, 'Next')).id).toBe(created.id + 1)
})

it('says it restored a saved state until a reset, and no longer after it', async () => {
  const storage = memoryStorage()
  const first = await createMockApi()
  await persistToWebStorage(first, storage)
  await createAdvert(first, 'Saved')
  const reloaded = await createMockApi()
  const persistence = await persistToWebStorage(reloaded, storage)
  expect(persistence.restored).toBe(true)
  await reloaded.reset()
  expect(persistence.restored).toBe(false)
})

it('removes the saved state on reset, so the next page starts from the fixtures', async () => {
  const storage = memoryStorage()
  const api = await createMockApi()
  await persistToWebStorage(api, storage, 'my-key')
  await createAdvert(api, 'Forgotten')
  expect(storage.entries.has('my-key')).toBe(true)
  await api.reset()
  expect(storage.entries.has('my-key')).toBe(false)
})

it.each([
  [
    'another version of the package',
    (text: string) => text.replace(`"version":"${PACKAGE_VERSION}"`, '"version":"9.9.9"'),
    /saved by ad-campaign-mock 9\.9\.9/,
  ],
  ['a truncated save', (text: string) => text.slice(0, 100), /truncated/],
  ['something else under our key', () => '{"theme":"dark"}', /not a state saved by ad-campaign-mock/],
])('discards %s with a console warning and starts from the fixtures', async (_name, spoil, message) => {
  const storage = memoryStorage()
  const api = await createMockApi()
  await persistToWebStorage(api, storage)
  await createAdvert(api, 'Lost')
  storage.setItem(DEFAULT_STORAGE_KEY, spoil(storage.getItem(DEFAULT_STORAGE_KEY)!))
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)

  const next = await createMockApi()
  expect((await persistToWebStorage(next, storage)).restored).toBe(false)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]![0])).toMatch(message)
  expect(String(warn.mock.calls[0]![0])).toContain('discarded')
  expect(storage.entries.has(DEFAULT_STORAGE_KEY)).toBe(false)
  expect(next.context.store.counts().adverts).toBe(DEFAULT_FIXTURES.adverts.length)
})

it('warns once when the storage is full, and the writes still succeed', async () => {
  const storage = memoryStorage()
  storage.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const api = await createMockApi()
  await persistToWebStorage(api, storage)
  expect((await createAdvert(api, 'One')).status).toBe(201)
  expect((await createAdvert(api, 'Two')).status).toBe(201)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]![0])).toContain('will not survive a reload')
})
