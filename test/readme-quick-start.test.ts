import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { operations } from '../src/operations/api.js'
import { frozenClock } from './support/frozen-clock.js'

// The README's Quick start, run as a reader would paste it: every curl line of its block, in order,
// through a shell, against a listener on the fixtures; each must answer the status its comment says.

/** The Quick start's shell block: `NAME=value` lines, and curl lines ending with `# <status> …`. */
function quickStart(): { variables: Record<string, string>; calls: { line: string; status: number }[] } {
  const readme = readFileSync('README.md', 'utf8')
  const section = readme.slice(
    readme.indexOf('## Quick start'),
    readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
  )
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((text) => text.includes('curl'))!
  const lines = block.split('\n').filter((line) => line.trim() !== '')
  const variables = Object.fromEntries(
    lines
      .map((line) => /^([A-Z]+)=(?:"([^"]*)"|(\S+))$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2] ?? m[3]!]),
  )
  const calls = lines
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const match = /^(curl .*?)\s+# (\d{3})\b/.exec(line)
      if (!match) throw new Error(`A Quick start line without "# <status>" at its end: ${line}`)
      return { line: match[1]!, status: Number(match[2]) }
    })
  expect(lines.length, 'every line is a variable or a curl call').toBe(Object.keys(variables).length + calls.length)
  return { variables, calls }
}

const { variables, calls } = quickStart()
let listener: Listener

// Mid-minute and still: the 429 line counts the calls before it, which real time could split over two minutes.
beforeAll(async () => {
  listener = await startListener({ port: 0, clock: frozenClock() })
})
afterAll(() => listener?.close())

it('points at the default address, with the fixtures keys', () => {
  expect(variables).toMatchObject({ API: 'http://127.0.0.1:4010/api/v1', ADMIN: 'http://127.0.0.1:4010/__admin' })
  expect(variables.KEY).toMatch(/^acs_demo_/)
  expect(variables.OTHER).toMatch(/^acs_other_/)
})

it('has a line for every public operation', () => {
  const called = new Set(
    calls.map(({ line }) => {
      const method = /-X (\w+)/.exec(line)?.[1] ?? 'GET'
      const path = /\$API(\/[^\s"?]*)/.exec(line)?.[1]
      return path && `${method} ${path.replace(/\/\d+/g, '/{id}')}`
    }),
  )
  expect(
    operations
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .filter((operation) => !called.has(operation)),
  ).toEqual([])
})

it('answers every line with the status the README gives it, in order', async () => {
  const env = { ...process.env, ...variables, API: listener.baseUrl, ADMIN: `${listener.origin}/__admin` }
  const answered: string[] = []
  for (const { line } of calls) {
    // The status instead of the body; the line itself exactly as written.
    const { stdout } = await promisify(execFile)(
      'sh',
      ['-c', `${line} --silent --output /dev/null --write-out '%{http_code}'`],
      { env },
    )
    answered.push(`${stdout} ${line}`)
  }
  expect(answered).toEqual(calls.map(({ line, status }) => `${status} ${line}`))
}, 60_000) // 27 curl processes, about 3 s beside another test run
