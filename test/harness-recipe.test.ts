import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startMock } from '../examples/playwright-http/start-mock.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { formatRows, processes, stillRunning, treeOf, type ProcessRow } from './support/process-tree.js'
import { packAndInstall, type ScratchProject } from './support/scratch-project.js'

// The mock started from another process as docs/harness.md says, from the packed package in an
// app's own project, through `npx`: stopped the documented way, nothing of it is left; and stopped
// the way a harness that knows nothing of process groups stops it (`kill()` on npx alone), the bin
// sees its parent go and stops by itself, unless --outlive-parent.
const MSW = JSON.parse(readFileSync('node_modules/msw/package.json', 'utf8')).version as string
const listening = /listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/
// The bin looks for its parent twice a second and then closes at once: under 1 s alone, up to 3 s
// beside another test run; three times that.
const GONE_WITHIN_MS = 10_000

let app: ScratchProject
beforeAll(async () => {
  app = await packAndInstall([`msw@${MSW}`])
}, 240_000)
afterAll(() => rmSync(app.dir, { recursive: true, force: true }))

/** Waits until none of these processes is running; answers those still there at the deadline. */
async function gone(rows: readonly ProcessRow[], withinMs = GONE_WITHIN_MS): Promise<ProcessRow[]> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const left = await stillRunning(rows)
    if (left.length === 0 || Date.now() > deadline) return left
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Whether the mock still answers at this base URL. */
const answers = (apiUrl: string) =>
  fetch(`${apiUrl}/user`, { headers: { Authorization: DEMO_API_KEY } }).then(
    (response) => response.status === 200,
    () => false,
  )

it('starts with npx in a process group of its own, and stopped by signalling the group leaves no process', async () => {
  const mock = await startMock([], { cwd: app.dir })
  const before = treeOf(await processes(), mock.child.pid!)
  console.log(`The documented way, before stop():\n${formatRows(before)}`)
  expect(await answers(mock.apiUrl)).toBe(true)
  expect(before.map(({ args }) => args)).toContainEqual(expect.stringMatching(/node .*ad-campaign-mock --port 0/))
  expect(new Set(before.map(({ pgid }) => pgid))).toEqual(new Set([mock.child.pid]))
  await mock.stop()
  const after = await gone(before)
  console.log(`The documented way, after stop():\n${formatRows(after)}`)
  expect(after).toEqual([])
  expect(await answers(mock.apiUrl)).toBe(false)
}, 60_000)

it.each([
  { flags: [], outlives: false },
  { flags: ['--outlive-parent'], outlives: true },
])(
  'with $flags, started by a plain spawn of npx and stopped by kill() on npx alone, outlives it: $outlives',
  async ({ flags, outlives }) => {
    const npx = spawn('npx', ['ad-campaign-mock', '--port', '0', '--quiet', ...flags], {
      cwd: app.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const started = new Promise<string>((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk
        const url = listening.exec(output)?.[1]
        if (url) resolve(url)
      }
      npx.stdout.on('data', read)
      npx.stderr.on('data', read)
    })
    const apiUrl = await started
    const before = treeOf(await processes(), npx.pid!)
    const bin = before.find(({ args }) => /node .*ad-campaign-mock --port 0/.test(args))!
    console.log(`kill() on npx alone, ${flags.join(' ') || 'no flag'}, before:\n${formatRows(before)}`)
    npx.kill('SIGTERM')
    try {
      const after = await gone(before, outlives ? 3_000 : GONE_WITHIN_MS)
      console.log(`kill() on npx alone, ${flags.join(' ') || 'no flag'}, after:\n${formatRows(after)}`)
      if (outlives) {
        expect(after.map(({ pid }) => pid)).toEqual([bin.pid])
        expect(await answers(apiUrl)).toBe(true)
      } else {
        expect(after).toEqual([])
        expect(output).toMatch(
          new RegExp(`The process that started the mock \\(pid \\d+\\) has exited, closing the listener\\.`),
        )
        expect(await answers(apiUrl)).toBe(false)
      }
    } finally {
      if (outlives) process.kill(bin.pid, 'SIGTERM')
    }
    expect(await gone([bin])).toEqual([])
  },
  60_000,
)

it("runs the README's node:test example from the packed package, green, and leaves no process of the mock", async () => {
  const readme = readFileSync('README.md', 'utf8')
  const section = readme.slice(readme.indexOf('## Tests that never import the package'))
  const example = /```js\n([\s\S]*?)```/.exec(section)![1]!
  app.write('test/admin.test.mjs', example)
  const run = await app.run(process.execPath, ['--test', 'test/admin.test.mjs'], { timeoutMs: 60_000 })
  expect(run.stdout, run.stderr).toMatch(/^# pass 1$/m)
  expect(run.code).toBe(0)
  const left = (await processes()).filter(({ args }) => args.includes(`${app.dir}/node_modules/.bin/ad-campaign-mock`))
  expect(await gone(left)).toEqual([])
}, 90_000)
