import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const viteBin = join(createRequire(import.meta.url).resolve('vite/package.json'), '../bin/vite.js')

// The Vite recipe starts the worker only in development: `vite build` of the example app must not
// contain the mock, msw's worker or the fixtures.
it('leaves the mock out of a production build of the example app', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'acs-example-build-'))
  // A child process, as `vite build` runs for a user: vitest's NODE_ENV=test would make it a development build.
  const { NODE_ENV: _testEnv, ...env } = process.env
  await run(
    process.execPath,
    [viteBin, 'build', '--config', 'examples/browser/vite.config.ts', '--outDir', outDir, '--emptyOutDir'],
    { env },
  )
  const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'))
  const shipped = scripts.map((name) => readFileSync(join(outDir, 'assets', name), 'utf8')).join('\n')
  expect(shipped).toContain('Too many requests') // the app itself is there
  for (const trace of ['mockServiceWorker', 'setupWorker', '[MSW]', 'acs_demo_', 'ad-campaign-mock/state']) {
    expect(shipped.includes(trace), `the build contains ${trace}`).toBe(false)
  }
  expect(readdirSync(outDir)).not.toContain('mockServiceWorker.js')
}, 60_000)
