import { startBrowserMock } from 'ad-campaign-mock/browser'
import { afterAll, afterEach, it } from 'vitest'
import { TESTING_STATES } from '../testing-states.js'

// The ten states of docs/testing.md in Chromium, through startBrowserMock and msw's service worker.
const mock = await startBrowserMock({ quiet: true, onUnhandledRequest: 'error' })
afterEach(() => mock.reset())
afterAll(() => mock.stop())

it.each(TESTING_STATES)('$name', ({ check }) => check(mock))
