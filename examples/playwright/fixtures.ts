import { defineNetworkFixture, type NetworkFixture } from '@msw/playwright'
import { test as base } from '@playwright/test'
import { createMockApi, type MockApi } from 'ad-campaign-mock'

/**
 * Page-level mocking: every request the page makes goes through the mock's handlers, which run
 * here in the test process (through page.route, no service worker). Each test gets a fresh mock.
 */
export const test = base.extend<{ mock: MockApi; network: NetworkFixture }>({
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  mock: async ({}, use) => use(await createMockApi()),
  network: [
    async ({ context, mock }, use) => {
      const network = defineNetworkFixture({ context, handlers: mock.handlers })
      await network.enable()
      await use(network)
      await network.disable()
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
