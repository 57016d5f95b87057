import { startBrowserMock } from 'ad-campaign-mock/browser'
import { expect, it } from 'vitest'

// persist: 'session' in Chromium: a second start in the page (a reload) loads what the first saved,
// says so in `restored`, and a reset starts again from the fixtures, after which `restored` is false.
it('is restored from sessionStorage after a reload, and no longer after reset()', async () => {
  const storageKey = `persist-test-${Date.now()}`
  const first = await startBrowserMock({ quiet: true, persist: 'session', storageKey })
  expect(first.restored).toBe(false)
  const created = await fetch(`${first.baseUrl}/adverts`, {
    method: 'POST',
    headers: { Authorization: first.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ advert: { title: 'Kept across a reload' } }),
  })
  expect(created.status).toBe(201)
  first.stop()

  const reloaded = await startBrowserMock({ quiet: true, persist: 'session', storageKey })
  try {
    expect(reloaded.restored).toBe(true)
    expect(reloaded.db.account(1).adverts.count()).toBe(4)
    await reloaded.reset()
    expect(reloaded.restored).toBe(false)
    expect(sessionStorage.getItem(storageKey)).toBeNull()
  } finally {
    reloaded.stop()
  }
})
