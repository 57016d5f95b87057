import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { twinCommand } from '../src/cli/twin.js'
import { TwinFile } from '../src/profile/twin-file.js'
import { startServerProcess, type ServerProcess } from './support/independent-server-process.js'
import { startPageSizeProxy } from './support/page-size-proxy.js'
import { runScript, type ScriptOutcome } from './support/run-script.js'

// `ad-campaign-mock twin` as a frontend team runs it: a child process against someone else's
// deployment (the independent server), writing the twin file, then `--check` in CI, and the
// mistakes that must be one line and exit 2.
const KEYS = ['ik_first_twin_cli_0123456789', 'ik_second_twin_cli_0123456789'] as const
let dir: string
let server: ServerProcess
let file: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'twin-cli-'))
  file = join(dir, 'twin.json')
  // Without its deliberate bug (deleted rows still listed), as twin-learn.test.ts runs it: --check
  // would otherwise learn the first id from what the first learning deleted and the lists still show.
  server = await startServerProcess(['--keys', KEYS.join(','), '--hide-deleted'])
})

afterAll(async () => {
  server?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** `ad-campaign-mock twin` with these arguments, and how long it took. */
async function twin(...args: string[]): Promise<ScriptOutcome & { seconds: number }> {
  const started = Date.now()
  const outcome = await runScript(['src/cli.ts', 'twin', ...args], {}, 90_000)
  return { ...outcome, seconds: (Date.now() - started) / 1000 }
}

const keyArgs = ['--key', KEYS[0], '--key2', KEYS[1]]

it('writes the twin file and prints the table of choices; the live keys are nowhere in the file', async () => {
  const outcome = await twin('--base-url', server.baseUrl, ...keyArgs, '--out', file)
  expect(outcome.stderr).toBe('')
  expect(outcome.code).toBe(0)
  expect(outcome.stdout).toMatch(/^choice +learned value +evidence\n/)
  expect(outcome.stdout).toMatch(/^default page size +20 +GET \/adverts -> 200: 20 of 21 on page 1/m)
  expect(outcome.stdout).toMatch(/^status of deleting an advert in use +422 \(default\) +not learned: /m)
  const cost = /^(\d+) requests in ([\d.]+) s; twin written to (.+)$/m.exec(outcome.stdout)
  expect(cost?.[3]).toBe(file)
  console.log(`ad-campaign-mock twin against the independent server: ${cost?.[1]} requests in ${cost?.[2]} s`)
  const text = await readFile(file, 'utf8')
  for (const key of KEYS) {
    expect(text).not.toContain(key)
    expect(outcome.stdout).not.toContain(key)
  }
  const written = TwinFile.parse(JSON.parse(text))
  expect(written.profile.lists.defaultPerPage).toBe(20)
  expect(written.account.user.api_key).toMatch(/^acs_[0-9a-f]{48}$/)
  expect(written.document).toMatchObject({ openapi: '3.1.0' })
}, 120_000)

it('--check: exit 0 and no line when nothing changed; one line per changed choice and exit 1 when one did', async () => {
  const same = await twin('--check', file, '--base-url', server.baseUrl, ...keyArgs)
  expect(same.stdout).toBe('')
  expect(same.stderr).toMatch(/^No choice changed since .+twin\.json was learned \(.+\); \d+ requests in [\d.]+ s\n$/)
  expect(same.code).toBe(0)
  // The backend now answers 50 a page where no per_page is asked for; nothing else changed.
  const proxy = await startPageSizeProxy(server.baseUrl, () => 50)
  try {
    const changed = await twin('--check', file, '--base-url', proxy.baseUrl, ...keyArgs)
    expect(changed.stdout).toBe('default page size 20 → 50\n')
    expect(changed.stderr).toMatch(/^1 changed since /)
    expect(changed.code).toBe(1)
  } finally {
    await proxy.close()
  }
}, 120_000)

it.each([
  [
    'an unreachable URL',
    async () => ['--base-url', await closedPortUrl(), '--key', KEYS[0], '--out', 'x.json'],
    /^Cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/user: connection refused/,
  ],
  [
    'a refused key',
    async () => ['--base-url', server.baseUrl, '--key', 'ik_not_a_key_0000000000', '--out', 'x.json'],
    /^The key in --key was refused: GET .+\/user answered 401$/,
  ],
  ['a missing --out', async () => ['--base-url', server.baseUrl, '--key', KEYS[0]], /^--out is required/],
  ['an unknown option', async () => ['--bogus'], /^Unknown option '--bogus'/],
  [
    'a base URL that is no URL',
    async () => ['--base-url', 'localhost', '--key', 'k', '--out', 'x.json'],
    /^--base-url must be an http\(s\) URL/,
  ],
  [
    'a --check file that is not a twin',
    async () => ['--check', 'package.json', '--base-url', server.baseUrl, '--key', KEYS[0]],
    /^--check package\.json: not a twin file of format/,
  ],
])('%s: one line and exit 2, within seconds', async (what, args, message) => {
  const printed: string[] = []
  const warned: string[] = []
  const started = Date.now()
  const code = await twinCommand(await args(), {
    print: (text) => printed.push(text),
    warn: (text) => warned.push(text),
  })
  const seconds = (Date.now() - started) / 1000
  console.log(`${what}: exit ${code} in ${seconds.toFixed(2)} s`)
  expect(code).toBe(2)
  expect(printed).toEqual([])
  expect(warned).toHaveLength(1)
  expect(warned[0]).not.toContain('\n')
  expect(warned[0]!.replace(/^ad-campaign-mock twin: /, '')).toMatch(message)
  expect(seconds).toBeLessThan(5)
})

it('the bin itself exits 2 with one line on stderr for a refused key', async () => {
  const outcome = await twin('--base-url', server.baseUrl, '--key', 'ik_not_a_key_0000000000', '--out', 'x.json')
  expect(outcome.code).toBe(2)
  expect(outcome.stdout).toBe('')
  expect(outcome.stderr).toMatch(/^ad-campaign-mock twin: The key in --key was refused: [^\n]+\n$/)
})

it('prints its help, exit 0', async () => {
  const help = await twin('--help')
  expect(help.code).toBe(0)
  expect(help.stdout).toMatch(
    /^Usage: ad-campaign-mock twin --base-url <url> --key <key> \[--key2 <key>\] --out <file>\n/,
  )
  expect(help.stdout).toContain('--check <file>')
  expect(help.stdout).toMatch(/Exit codes: 0 .+ 1 .+ 2 /s)
})

/** A loopback URL where nothing listens: a port just opened and closed. */
async function closedPortUrl(): Promise<string> {
  const holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  const { port } = holder.address() as { port: number }
  await new Promise<void>((resolve) => holder.close(() => resolve()))
  return `http://127.0.0.1:${port}/api/v1`
}
