import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

// Vitest's globalSetup for the mock project: builds dist/ (`npm run build`'s compile) once before
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
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** The newest modification time under a path, in ms; tests are not built, so a test changed needs no build. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat || path.endsWith('.test.ts')) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

/** Builds dist/ unless the last build is newer than every input (and its bin is there). */
export default async function buildOnce(): Promise<void> {
  const builtAt = Math.min(newest(STAMP), newest(BUILT_BIN))
  if (builtAt > 0 && INPUTS.every((input) => newest(input) < builtAt)) return
  const started = Date.now()
  // As `npm run build` does: nothing left over from an older build is packed or loaded.
  rmSync('dist', { recursive: true, force: true })
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; message: string }) => {
    throw new Error(`Building dist/ for the tests failed:\n${error.stdout ?? error.message}`)
  })
  mkdirSync(dirname(STAMP), { recursive: true })
  // The build's start, not its end: a source saved during the build makes the next run build again.
  writeFileSync(STAMP, '')
  utimesSync(STAMP, new Date(started), new Date(started))
}
