import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

// Vitest's globalSetup for the mock project: builds dist/ (`npm run build` itself) once before
// any test file runs, so the tests that start the command start the built bin, as users do (tsx
// spends a second or more compiling at every start, more on a busy machine), and the packaging
// test packs this dist/ without building it again under the feet of those processes.

/** The built bin, relative to the repository. */
export const BUILT_BIN = 'dist/src/cli.js'
/** What the build reads; dist/ is rebuilt when any of them is newer than the last build. */
const INPUTS = [
  'src',
  'contract-tests/lib',
  'fixtures',
  'openapi',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
]
const STAMP = 'node_modules/.cache/ad-campaign-mock/built-at'

/** The newest modification time under a path, in ms; tests are not built, so a test changed needs no build. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat || path.endsWith('.test.ts')) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

/** Builds dist/ unless the last build is newer than every input (and its bin is there). */
export default async function buildOnce(): Promise<void> {
  await buildIfStale()
  // tsc writes the bin without the execute bit, and `npx ad-campaign-mock` in this repository runs it
  // through a link npm made (and made executable) once: a bin rebuilt since is "Permission denied".
  chmodSync(BUILT_BIN, 0o755)
}

async function buildIfStale(): Promise<void> {
  const builtAt = Math.min(newest(STAMP), newest(BUILT_BIN))
  if (builtAt > 0 && INPUTS.every((input) => newest(input) < builtAt)) return
  const started = Date.now()
  // The package's own build script (dist/ emptied first), so the tests start the bin users get.
  await promisify(execFile)('npm', ['run', 'build', '--silent'], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`Building dist/ for the tests failed:\n${error.stdout ?? error.message}`)
    },
  )
  mkdirSync(dirname(STAMP), { recursive: true })
  // The build's start, not its end: a source saved during the build makes the next run build again.
  writeFileSync(STAMP, '')
  utimesSync(STAMP, new Date(started), new Date(started))
}
