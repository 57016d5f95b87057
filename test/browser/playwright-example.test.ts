import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'

// The Playwright recipe as users run it: @playwright/test's own runner, page-level mocking through
// @msw/playwright (examples/playwright), in Debian's Chromium.
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli')

it('passes the Playwright example with the mock answering through @msw/playwright', async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = execFile(
        process.execPath,
        [playwrightCli, 'test', '--config', 'examples/playwright/playwright.config.ts', '--reporter', 'json'],
        { maxBuffer: 16 * 1024 * 1024, timeout: 270_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      )
    },
  )
  const report = stdout.trimStart().startsWith('{') ? JSON.parse(stdout) : { stats: {}, errors: [stdout] }
  const failures = JSON.stringify(report.errors ?? []) + stderr
  expect(
    { code, expected: report.stats.expected, unexpected: report.stats.unexpected, skipped: report.stats.skipped },
    failures,
  ).toEqual({
    code: 0,
    expected: 3,
    unexpected: 0,
    skipped: 0,
  })
}, 300_000) // 14 s alone, 92 s with two full runs beside it
