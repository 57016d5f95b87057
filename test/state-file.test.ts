import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startListener } from '../src/runtimes/express.js'
import { startNodeMock } from '../src/runtimes/node.js'
import { parseSnapshot, serializeSnapshot, SNAPSHOT_FORMAT } from '../src/domain/snapshot.js'
import { createMockApi } from '../src/surface/create-mock-api.js'
import { DEFAULT_FIXTURES, DEMO_API_KEY } from '../src/store/fixtures.js'
import { runCli, startCli } from './support/cli-process.js'
import { advertTitles, createAdvert, killRounds } from './support/kill-rounds.js'

const scratch = () => mkdtempSync(join(tmpdir(), 'state-file-'))
const json = { Authorization: DEMO_API_KEY, 'Content-Type': 'application/json' }

describe('persistence in a state file', () => {
  it('creates a missing file from the fixtures, has every write on disk by the time it is answered, and loads it on the next start', async () => {
    const file = join(scratch(), 'state.json')
    const first = await startListener({ port: 0, state: { file } })
    expect(first.stateFile?.restored).toBe(false)
    expect(advertTitles(file)).toEqual(DEFAULT_FIXTURES.adverts.map((advert) => advert.title))

    const created = await createAdvert(first.baseUrl, 'Saved before answered')
    expect(created.status).toBe(201)
    // No wait: the answer came after the save.
    expect(advertTitles(file)).toContain('Saved before answered')
    const { id } = (await created.json()).data
    await first.close()

    const second = await startListener({ port: 0, state: { file } })
    try {
      expect(second.stateFile?.restored).toBe(true)
      const listed = await fetch(`${second.baseUrl}/adverts/${id}`, { headers: json })
      expect(listed.status).toBe(200)
      // Ids go on from the saved counters, not from the highest id left.
      const next = await createAdvert(second.baseUrl, 'After restart')
      expect((await next.json()).data.id).toBe(id + 1)
    } finally {
      await second.close()
    }
  })

  it('shares one save among writes that arrive together, and answers each only once it holds them', async () => {
    const file = join(scratch(), 'state.json')
    const listener = await startListener({ port: 0, state: { file, batchMs: 50 } })
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          const response = await createAdvert(listener.baseUrl, `Batched ${n}`)
          return { status: response.status, onDisk: advertTitles(file).includes(`Batched ${n}`) }
        }),
      )
      expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 201, onDisk: true })))
    } finally {
      await listener.close()
    }
  })

  it('resets the file with the mock: POST /__admin/reset writes the fixtures back', async () => {
    const file = join(scratch(), 'state.json')
    const listener = await startListener({ port: 0, state: { file } })
    try {
      expect((await createAdvert(listener.baseUrl, 'Gone after reset')).status).toBe(201)
      expect(advertTitles(file)).toContain('Gone after reset')
      expect((await fetch(`${listener.origin}/__admin/reset`, { method: 'POST' })).status).toBe(200)
      expect(advertTitles(file)).toEqual(DEFAULT_FIXTURES.adverts.map((advert) => advert.title))
    } finally {
      await listener.close()
    }
  })

  it('works in-process too: startNodeMock({ state }) saves what fetch wrote, close() saves the rest', async () => {
    const file = join(scratch(), 'state.json')
    const mock = await startNodeMock({ state: { file } })
    try {
      expect((await createAdvert(mock.baseUrl, 'In-process')).status).toBe(201)
      expect(advertTitles(file)).toContain('In-process')
      // A setting is saved with the next save, at the latest on close.
      await mock.api.moveClock({ set: '2030-01-02T03:04:05.000Z' })
    } finally {
      await mock.close()
    }
    expect(parseSnapshot(readFileSync(file, 'utf8')).state.clock).toEqual({
      now: '2030-01-02T03:04:05.000Z',
      frozen: true,
    })
  })

  const other = async () =>
    serializeSnapshot((await createMockApi()).exportState()).replace(/"version":"[^"]+"/, '"version":"0.0.0-other"')
  const refused: [string, () => Promise<string>, string, RegExp][] = [
    [
      'a truncated file',
      async () => serializeSnapshot((await createMockApi()).exportState()).slice(0, 200),
      'truncated',
      /is truncated/,
    ],
    ['a file that is not JSON', async () => 'campaigns: 3\n', 'corrupt', /is not valid JSON/],
    [
      'a JSON file that is not ours',
      async () => JSON.stringify({ users: [] }),
      'foreign',
      /is not a state saved by ad-campaign-mock/,
    ],
    ['a file saved by another version', other, 'other_version', /was saved by ad-campaign-mock 0\.0\.0-other/],
    [
      'a state that does not validate',
      async () =>
        JSON.stringify({
          ...JSON.parse(serializeSnapshot((await createMockApi()).exportState())),
          state: { dataset: { users: 'none' } },
        }),
      'invalid',
      /holds an invalid state/,
    ],
  ]

  it.each(refused)(
    'refuses %s at start with one clear error, and leaves the file as it was',
    async (_name, contents, problem, message) => {
      const file = join(scratch(), 'state.json')
      const text = await contents()
      writeFileSync(file, text)
      await expect(startListener({ port: 0, state: { file } })).rejects.toMatchObject({
        name: 'SnapshotError',
        problem,
        message: expect.stringMatching(message),
      })
      expect(readFileSync(file, 'utf8')).toBe(text)
    },
  )

  it('refuses a directory, and a file in a directory that does not exist, naming them', async () => {
    const directory = scratch()
    mkdirSync(join(directory, 'state.json'))
    await expect(startListener({ port: 0, state: { file: join(directory, 'state.json') } })).rejects.toMatchObject({
      problem: 'unreadable',
      message: `cannot read the state file ${join(directory, 'state.json')}: is a directory, not a file`,
    })
    await expect(
      startListener({ port: 0, state: { file: join(directory, 'missing', 'state.json') } }),
    ).rejects.toMatchObject({
      problem: 'uncreatable',
      message: `cannot create the state file ${join(directory, 'missing', 'state.json')}: its directory ${join(directory, 'missing')} does not exist`,
    })
  })

  it('refuses a batch interval outside 0 to 1000 ms', async () => {
    const file = join(scratch(), 'state.json')
    await expect(startListener({ port: 0, state: { file, batchMs: 5000 } })).rejects.toThrow(
      'state.batchMs must be a whole number of milliseconds from 0 to 1000, got 5000',
    )
  })
})

describe('--state on the command line', () => {
  it('says in one line that a corrupt file was refused and left alone, exit 2, no stack trace', async () => {
    const file = join(scratch(), 'state.json')
    writeFileSync(file, '{"format":"ad-campaign-mock/state","version":')
    const { code, stdout, stderr } = await runCli(['--port', '0', '--state', file])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toEqual([
      `ad-campaign-mock: The state file ${file} is truncated: it ends before the JSON does. The file was left as it is: repair or remove it, or pass another --state file.`,
    ])
    expect(readFileSync(file, 'utf8')).toBe('{"format":"ad-campaign-mock/state","version":')
  })

  it('says that the directory of a new state file does not exist, and nothing about repairing a file', async () => {
    const file = join(scratch(), 'no-such-dir', 'state.json')
    const { code, stdout, stderr } = await runCli(['--port', '0', '--state', file])
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr.trimEnd().split('\n')).toEqual([
      `ad-campaign-mock: cannot create the state file ${file}: its directory ${dirname(file)} does not exist. Create it first, or pass --state a file in a directory that exists.`,
    ])
    expect(stderr).not.toContain('repair')
  })

  it('saves on SIGTERM and exits 0; the next start serves what the last one held', async () => {
    const file = join(scratch(), 'state.json')
    const first = await startCli(['--port', '0', '--quiet', '--state', file])
    expect(first.output()).toContain(`State file:          created ${file}; every write is saved there`)
    expect(first.output()).toContain(
      'Data:                the default fixtures (fixtures/default.json): 2 users, 4 adverts, 4 campaigns',
    )
    expect((await createAdvert(first.baseUrl, 'Across restarts')).status).toBe(201)
    expect(await first.stop('SIGTERM')).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe(SNAPSHOT_FORMAT)

    const second = await startCli(['--port', '0', '--quiet', '--state', file])
    expect(second.output()).toContain(`State file:          loaded ${file}; every write is saved there`)
    expect(second.output()).toContain(
      'Data:                loaded from the state file: 2 users, 5 adverts, 4 campaigns',
    )
    expect(second.output()).toContain(`(demo@example.com, the first user in the state file)`)
    const adverts = await (await fetch(`${second.baseUrl}/adverts?per_page=100`, { headers: json })).json()
    expect(adverts.data.map((advert: { title: string }) => advert.title)).toContain('Across restarts')
    expect(await second.stop('SIGTERM')).toBe(0)
  })

  it('keeps every write answered 2xx through kill -9 at random moments (3 kills; npm run test:durability does 40)', async () => {
    const { acknowledged, lost } = await killRounds(join(scratch(), 'state.json'), 3)
    expect(lost).toEqual([])
    expect(acknowledged).toBeGreaterThan(3)
  })
})
