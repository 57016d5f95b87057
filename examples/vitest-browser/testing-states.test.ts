import { startBrowserMock } from 'ad-campaign-mock/browser'
import { afterAll, afterEach, expect, it } from 'vitest'
import { TESTING_STATES } from '../testing-states.js'

// The ten states of docs/testing.md in Chromium, through startBrowserMock and msw's service worker.
const mock = await startBrowserMock({ quiet: true, onUnhandledRequest: 'error' })
afterEach(async () => {
  await mock.reset()
  // The reset puts the clock back as well: the 429 state's stopped clock never reaches the next test.
  expect(mock.api.clock().frozen).toBe(false)
})
afterAll(() => mock.stop())

it.each(TESTING_STATES)('$name', ({ check }) => check(mock))
