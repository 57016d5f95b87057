import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { operations } from '../src/operations/api.js'
import { frozenClock } from './support/frozen-clock.js'

// The curl lines readers paste: the README's first example and the tour of every operation in
// docs/api.md, each run as written, in order, through a shell, against a listener on the fixtures;
// each must answer the status its comment says.

/** A section's shell block: `NAME=value` lines, and curl lines ending with `# <status> …`. */
function curlBlock(
  file: string,
  heading: string,
): { variables: Record<string, string>; calls: { line: string; status: number }[] } {
  const text = readFileSync(file, 'utf8')
  const start = text.indexOf(heading)
  expect(start, `${file} has "${heading}"`).toBeGreaterThanOrEqual(0)
  const section = text.slice(start, text.indexOf('\n## ', start + 1))
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
      if (!match) throw new Error(`A curl line of ${file} without "# <status>" at its end: ${line}`)
      return { line: match[1]!, status: Number(match[2]) }
    })
  expect(lines.length, 'every line is a variable or a curl call').toBe(Object.keys(variables).length + calls.length)
  return { variables, calls }
}

const BLOCKS = [
  { name: "the README's first example", ...curlBlock('README.md', '## A local fake API') },
  { name: "docs/api.md's tour of every operation", ...curlBlock('docs/api.md', '## Every operation, in curl') },
]
const tour = BLOCKS[1]!

let listener: Listener

// Mid-minute and still: the 429 line counts the calls before it, which real time could split over two minutes.
beforeAll(async () => {
  listener = await startListener({ port: 0, clock: frozenClock() })
})
afterAll(() => listener?.close())

it.each(BLOCKS)('$name points at the default address, with the fixtures keys', ({ variables }) => {
  expect(variables.API).toBe('http://127.0.0.1:4010/api/v1')
  if (variables.ADMIN) expect(variables.ADMIN).toBe('http://127.0.0.1:4010/__admin')
  expect(variables.KEY).toMatch(/^acs_demo_/)
  if (variables.OTHER) expect(variables.OTHER).toMatch(/^acs_other_/)
})

it('has a line for every public operation in the tour', () => {
  const called = new Set(
    tour.calls.map(({ line }) => {
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

it.each(BLOCKS)(
  '$name: every line answers the status it gives, in order',
  async ({ variables, calls }) => {
    await listener.api.reset()
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
  },
  60_000, // 27 curl processes, about 3 s beside another test run
)
