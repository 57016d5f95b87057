import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH_OPTIONS } from '../../test/support/chromium.js'

// The ten states of docs/testing.md over HTTP only: the standalone mock (npx ad-campaign-mock) beside
// the app, no msw in the page; run by test/browser/playwright-http.test.ts in Debian's Chromium.
export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/playwright-http',
  // One mock for the run: one test at a time, each one reset after.
  workers: 1,
  timeout: 30_000,
  use: { browserName: 'chromium', launchOptions: CHROMIUM_LAUNCH_OPTIONS, screenshot: 'only-on-failure' },
})
