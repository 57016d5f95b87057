import { existsSync } from 'node:fs'
import type { Browser, LaunchOptions } from 'playwright-core'

/** Debian's Chromium (apt-get install chromium); never a browser downloaded by a test tool. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and quiet on a closed network: no background calls home, no QUIC, no sync. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Launch options for Playwright: each launch gets a new, empty profile (Playwright's own temporary --user-data-dir). */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }

/** Where the browser tests save their screenshots (git-ignored). */
export const SCREENSHOT_DIR = 'test-results/browser'

/** Whether this machine can run the browser tests. */
export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH)

/** Starts Debian's Chromium through playwright-core. */
export async function launchChromium(): Promise<Browser> {
  // Imported here, so that reading the constants (vitest.config.ts does) costs nothing.
  const { chromium } = await import('playwright-core')
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS)
}
