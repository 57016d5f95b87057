import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'

// docs/testing.md's ten states as curl lines, run as a reader would paste them, through a shell,
// against a listener: each line answers the status its comment gives, and reaches its state from a
// reset (after the line that makes user 3), which the API then shows.

interface Line {
  line: string
  status: number
  /** The state it belongs to (1 to 10), or undefined for the journal and reset lines. */
  state?: number
}

/** The section's shell block: `NAME=value` lines, and curl lines ending with `# <status> [n: …]`. */
function curlLines(): { variables: Record<string, string>; lines: Line[] } {
  const doc = readFileSync('docs/testing.md', 'utf8')
  const start = doc.indexOf('## The ten states over HTTP only')
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(start, doc.indexOf('\n## ', start + 1)))![1]!
  const rows = block.split('\n').filter((line) => line.trim() !== '')
  const variables = Object.fromEntries(
    rows.flatMap((row) => {
      const match = /^([A-Z]+)=(?:"([^"]*)"|(\S+))$/.exec(row)
      return match ? [[match[1]!, match[2] ?? match[3]!]] : []
    }),
  )
  const lines = rows
    .filter((row) => row.startsWith('curl '))
    .map((row) => {
      const match = /^(curl .*?)\s+# (\d{3})(?: (\d+):)?/.exec(row)
      if (!match) throw new Error(`A line without "# <status>" at its end: ${row}`)
      return { line: match[1]!, status: Number(match[2]), state: match[3] ? Number(match[3]) : undefined }
    })
  expect(rows.length, 'every line is a variable or a curl call').toBe(Object.keys(variables).length + lines.length)
  return { variables, lines }
}

const { variables, lines } = curlLines()
let listener: Listener
beforeAll(async () => {
  listener = await startListener({ port: 0 })
})
afterAll(() => listener?.close())

/** Runs one line as written, through sh, with A pointing at this listener; answers the status. */
async function run({ line }: Line): Promise<number> {
  const env = { ...process.env, ...variables, A: `${listener.origin}/__admin` }
  const { stdout } = await promisify(execFile)(
    'sh',
    ['-c', `${line} --silent --output /dev/null --write-out '%{http_code}'`],
    {
      env,
    },
  )
  return Number(stdout)
}

const keyOf = (id: number) => listener.api.getUser(id).api_key
const get = async (id: number, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${listener.baseUrl}${path}`, { ...init, headers: { Authorization: keyOf(id) } })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** What each state looks like through the API, for user 3 (or 4, the zero-balance user). */
const CHECKS: Record<number, (keyBefore: string) => Promise<void>> = {
  1: async () => expect((await get(3, '/campaigns')).body.pagination.total_count).toBe(0),
  2: async () =>
    expect((await get(3, '/campaigns')).body.pagination).toMatchObject({ total_count: 10, total_pages: 1 }),
  3: async () => expect((await get(3, '/campaigns?page=2')).body.data).toHaveLength(5),
  4: async () => {
    const [advert] = (await get(3, '/adverts')).body.data
    expect((await get(3, `/adverts/${advert.id}`, { method: 'DELETE' })).body.error.code).toBe('advert_in_use')
  },
  5: async () =>
    expect((await get(3, '/campaigns')).body.data[0]).toMatchObject({ sending_count: 100, sending_limit: 100 }),
  6: async () => expect((await get(4, '/user/balance')).body.data).toEqual({ balance_usd: 0, total_topups_usd: 50 }),
  7: async () => {
    const refused = await get(3, '/campaigns')
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '45'])
  },
  8: async () => expect((await get(3, '/campaigns')).body.error.code).toBe('internal_error'),
  9: async () => {
    const started = performance.now()
    expect((await get(3, '/campaigns')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  },
  10: async (keyBefore) => {
    expect((await fetch(`${listener.baseUrl}/user`, { headers: { Authorization: keyBefore } })).status).toBe(401)
    expect((await get(3, '/user')).status).toBe(200) // the key the store holds now: the new one
  },
}

it('gives every one of the ten states a line, in order', () => {
  expect([...new Set(lines.flatMap(({ state }) => state ?? []))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
})

it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
  'reaches state %i from a reset with its lines, as the API then shows',
  async (state) => {
    await listener.api.reset()
    const before = state === 1 ? [] : lines.filter((line) => line.state === 1)
    const mine = lines.filter((line) => line.state === state)
    for (const line of before) expect(await run(line), line.line).toBe(line.status)
    // User 3's key before the state's own lines (state 10 resets it).
    const keyBefore = state === 1 ? '' : keyOf(3)
    for (const line of mine) expect(await run(line), line.line).toBe(line.status)
    await CHECKS[state]!(keyBefore)
  },
)

it('answers the journal line with the PATCH the app sent, and the reset line puts everything back', async () => {
  await listener.api.reset()
  await fetch(`${listener.baseUrl}/campaigns/1`, {
    method: 'PATCH',
    headers: { Authorization: DEMO_API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ campaign: { cpm: 3 } }),
  })
  const [journalLine, resetLine] = lines.filter(({ state }) => state === undefined)
  expect(await run(journalLine!)).toBe(200)
  expect(listener.api.requests({ method: 'PATCH', body: { campaign: { cpm: 3 } } })).toHaveLength(1)
  await listener.api.moveClock({ set: '2026-03-01T10:00:15Z' })
  await listener.api.addOverride({ operation: 'getUser', status: 401 })
  expect(await run(resetLine!)).toBe(200)
  expect([listener.api.clock().frozen, listener.api.overrides(), listener.api.requests()]).toEqual([false, [], []])
})
