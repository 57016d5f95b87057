import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, expect, it } from 'vitest'
import buildOnce from '../support/build-once.js'

// The recipe for tests that never import the package (examples/playwright-http): @playwright/test's
// own runner, the mock started as its own process exactly as documented (`npx ad-campaign-mock` in
// a process group of its own, which runs this repository's built bin), the example app pointed at
// it with no msw in the page, and the ten states of docs/testing.md reached over HTTP only, in
// Debian's Chromium.
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli')

beforeAll(() => buildOnce(), 240_000)

it('reaches the ten states of docs/testing.md over HTTP against the standalone mock, in Chromium', async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = execFile(
        process.execPath,
        [playwrightCli, 'test', '--config', 'examples/playwright-http/playwright.config.ts', '--reporter', 'json'],
        {
          maxBuffer: 16 * 1024 * 1024,
          timeout: 270_000,
        },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      )
    },
  )
  const report = stdout.trimStart().startsWith('{') ? JSON.parse(stdout) : { stats: {}, errors: [stdout], suites: [] }
  // What failed, as the runner said it: each failed test's errors, then the run's own.
  const failed = JSON.stringify(report.suites ?? []).match(/"message":"(?:[^"\\]|\\.)*"/g) ?? []
  const failures = [...failed, JSON.stringify(report.errors ?? []), stderr].join('\n')
  const titles = (report.suites as { specs: { title: string }[] }[]).flatMap((suite) =>
    suite.specs.map((spec) => spec.title),
  )
  const documented = [...readFileSync('docs/testing.md', 'utf8').matchAll(/^\| \d+ \| ([^|]+?) \|/gm)].map(
    ([, name]) => name,
  )
  expect(titles, 'the ten states of docs/testing.md, in its order').toEqual(documented)
  expect(
    { code, expected: report.stats.expected, unexpected: report.stats.unexpected, skipped: report.stats.skipped },
    failures,
  ).toEqual({ code: 0, expected: 10, unexpected: 0, skipped: 0 })
}, 300_000)
