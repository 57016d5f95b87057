import { readFileSync } from 'node:fs'
import { startNodeMock } from 'ad-campaign-mock/node'
import { afterAll, afterEach, expect, it } from 'vitest'
import { TESTING_STATES } from '../testing-states.js'

// The ten states of docs/testing.md through startNodeMock (msw/node in this process).
const mock = await startNodeMock({ onUnhandledRequest: 'error' })
afterEach(async () => {
  await mock.reset()
  // The reset puts the clock back as well: the 429 state's stopped clock never reaches the next test.
  expect(mock.api.clock().frozen).toBe(false)
})
afterAll(() => mock.close())

it.each(TESTING_STATES)('$name', ({ check }) => check(mock))

it('is the list docs/testing.md shows, in its order', () => {
  const documented = [...readFileSync('docs/testing.md', 'utf8').matchAll(/^\| \d+ \| ([^|]+?) \|/gm)].map(
    ([, name]) => name,
  )
  expect(documented).toEqual(TESTING_STATES.map(({ name }) => name))
})
