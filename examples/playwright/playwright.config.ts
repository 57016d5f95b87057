import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH_OPTIONS } from '../../test/support/chromium.js'

// Debian's Chromium, never a downloaded browser; run by test/browser/playwright-example.test.ts.
export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/playwright',
  workers: 1,
  timeout: 30_000,
  use: { browserName: 'chromium', launchOptions: CHROMIUM_LAUNCH_OPTIONS, screenshot: 'only-on-failure' },
})
