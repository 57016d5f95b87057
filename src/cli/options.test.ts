import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCliArgs, UsageError } from './options.js'

const dir = mkdtempSync(join(tmpdir(), 'cli-options-'))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const notJson = file('not.json', '{"users": [')
const notDataset = file('not-dataset.json', '{"users": [{"id": "one"}], "adverts": [], "campaigns": []}')
const badTiers = file('tiers.json', '{"gold": {"per_minute": 1}}')
const starterTiers = file('starter-tiers.json', '{"starter": {"per_minute": 5}}')
// The committed twin (test/support/fixture-twin.ts), whose profile adds the tier `starter`.
const twin = 'fixtures/independent.twin.json'
const badFaults = file('faults.json', '{"latency": {"min_ms": -5}}')

// Every mistake the command can be given, and the one line it answers with (cli.ts adds the hint and exits 2).
const MISTAKES: [string, string[], Record<string, string>, string][] = [
  ['an unknown flag', ['--bogus'], {}, 'unknown option --bogus'],
  ['an unknown short flag', ['-x'], {}, 'unknown option -x'],
  ['a flag without its value', ['--port'], {}, '--port needs a value'],
  ['a value given to a switch', ['--quiet=yes'], {}, '--quiet takes no value'],
  ['a positional argument', ['serve'], {}, 'unexpected argument serve: every option starts with --'],
  ['a port that is not a number', ['--port', 'abc'], {}, '--port must be a whole number from 0 to 65535, got "abc"'],
  ['a port out of range', ['--port', '70000'], {}, '--port must be a whole number from 0 to 65535, got "70000"'],
  ['a negative port', ['--port=-1'], {}, '--port must be a whole number from 0 to 65535, got "-1"'],
  [
    'a PORT variable that is not a number',
    [],
    { PORT: 'http' },
    'PORT must be a whole number from 0 to 65535, got "http"',
  ],
  ['a negative port given apart', ['--port', '-1'], {}, '--port must be a whole number from 0 to 65535, got "-1"'],
  [
    'a user count that is not a number',
    ['--generate', 'ten'],
    {},
    '--generate must be a whole number from 1 to 10000, got "ten"',
  ],
  ['no users to generate', ['--generate', '0'], {}, '--generate must be a whole number from 1 to 10000, got "0"'],
  ['a negative user count', ['--generate', '-3'], {}, '--generate must be a whole number from 1 to 10000, got "-3"'],
  [
    'more users than the store holds',
    ['--generate', '10001'],
    {},
    '--generate must be a whole number from 1 to 10000, got "10001"',
  ],
  [
    'a negative latency given apart',
    ['--latency', '-5'],
    {},
    '--latency must be milliseconds (200) or a range (100-500), got "-5"',
  ],
  ['a seed without --generate', ['--seed', '3'], {}, '--seed only applies with --generate'],
  [
    'fixtures and a generated dataset at once',
    ['--fixtures', notJson, '--generate', '2'],
    {},
    '--fixtures and --generate cannot be used together',
  ],
  [
    'a fixtures file that does not exist',
    ['--fixtures', join(dir, 'nope.json')],
    {},
    `--fixtures ${join(dir, 'nope.json')}: no such file`,
  ],
  ['a fixtures path that is a directory', ['--fixtures', dir], {}, `--fixtures ${dir}: is a directory, not a file`],
  ['a fixtures file that is not JSON', ['--fixtures', notJson], {}, `--fixtures ${notJson} is not valid JSON: `],
  [
    'a fixtures file that is not a dataset',
    ['--fixtures', notDataset],
    {},
    `--fixtures ${notDataset} is not a valid dataset: users.0.id: `,
  ],
  [
    'a tiers file that does not exist',
    ['--tiers', join(dir, 'none.json')],
    {},
    `--tiers ${join(dir, 'none.json')}: no such file`,
  ],
  [
    'a tiers file with an unknown tier',
    ['--tiers', badTiers],
    {},
    `--tiers ${badTiers} is not a valid tier table: (the whole file): Unrecognized key: "gold"`,
  ],
  [
    "a twin's own tier without the twin",
    ['--tiers', starterTiers],
    {},
    `--tiers ${starterTiers} is not a valid tier table: (the whole file): Unrecognized key: "starter"`,
  ],
  [
    'a tier the twin does not have',
    ['--twin', twin, '--tiers', badTiers],
    {},
    `--tiers ${badTiers} is not a valid tier table: (the whole file): Unrecognized key: "gold"`,
  ],
  [
    'a faults file that does not exist',
    ['--faults', join(dir, 'none.json')],
    {},
    `--faults ${join(dir, 'none.json')}: no such file`,
  ],
  [
    'a faults file with a negative latency',
    ['--faults', badFaults],
    {},
    `--faults ${badFaults} (with the fault flags) is not valid: latency.min_ms: `,
  ],
  [
    'a latency that is not milliseconds',
    ['--latency', 'slow'],
    {},
    '--latency must be milliseconds (200) or a range (100-500), got "slow"',
  ],
  [
    'a range that runs backwards',
    ['--latency', '500-100'],
    {},
    'the fault flags are not valid: latency.max_ms: max_ms must be at least min_ms',
  ],
  ['an error rate above 1', ['--error-rate', '1.5'], {}, '--error-rate must be a share from 0 to 1, got "1.5"'],
  [
    'an error status faults cannot force',
    ['--error-rate', '0.1', '--error-status', '418'],
    {},
    '--error-status must be one of 401, 404, 429, 500, 502, 503, 504, got "418"',
  ],
  [
    'an error route without a rate',
    ['--error-route', '/campaigns'],
    {},
    '--error-route only applies with --error-rate',
  ],
  [
    'a journal of no entries',
    ['--journal-size', '0'],
    {},
    '--journal-size must be a whole number from 1 to 100000, got "0"',
  ],
  [
    'a journal past its cap',
    ['--journal-size', '1000000'],
    {},
    '--journal-size must be a whole number from 1 to 100000, got "1000000"',
  ],
  ['an unknown log format', ['--log', 'xml'], {}, '--log must be text or json, got "xml"'],
  ['--quiet with --log', ['--quiet', '--log', 'json'], {}, '--quiet and --log cannot be used together'],
]

describe('parseCliArgs refuses every mistake with one line that says what is wrong', () => {
  it.each(MISTAKES)('%s', async (_name, args, env, line) => {
    const error = await parseCliArgs(args, env).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(UsageError)
    const { message } = error as UsageError
    expect(message.startsWith(line), `"${message}" starts with "${line}"`).toBe(true)
    expect(message).not.toContain('\n')
  })
})

it('reads --generate from 1 to the user cap, and --version', async () => {
  expect((await parseCliArgs(['--generate', '1'], {})).listener.generate).toEqual({ users: 1, seed: 1 })
  expect((await parseCliArgs(['--generate', '10000', '--seed', '4'], {})).listener.generate).toEqual({
    users: 10_000,
    seed: 4,
  })
  expect(await parseCliArgs(['--version'], {})).toMatchObject({ version: true, help: false })
  expect(await parseCliArgs(['--version', '--help'], {})).toMatchObject({ version: false, help: true })
})

it("reads --tiers in the twin's own tier names", async () => {
  expect((await parseCliArgs(['--twin', twin, '--tiers', starterTiers], {})).listener.tiers).toEqual({
    starter: { per_minute: 5 },
  })
})

it('reads the defaults: port 4010 on 127.0.0.1 with a text request log', async () => {
  const options = await parseCliArgs([], {})
  expect(options.listener).toMatchObject({ port: 4010, host: '127.0.0.1', fixtures: undefined, faults: undefined })
  expect(options.log).toBe('text')
})

it('takes flags over variables, --quiet, --log json and the fault flags', async () => {
  expect(
    (await parseCliArgs(['--port', '0', '--host', '::1'], { PORT: '9', HOST: '127.0.0.9' })).listener,
  ).toMatchObject({ port: 0, host: '::1' })
  expect((await parseCliArgs(['--quiet'], {})).log).toBeUndefined()
  expect((await parseCliArgs(['--log', 'json'], {})).log).toBe('json')
  const { listener } = await parseCliArgs(
    ['--latency', '100-200', '--error-rate', '0.5', '--error-status', '503', '--error-route', 'GET /user'],
    {},
  )
  expect(listener.faults).toEqual({
    latency: { min_ms: 100, max_ms: 200 },
    errors: [{ status: 503, rate: 0.5, method: 'GET', path: '/user' }],
  })
})

it('stops with its parent by default, and --outlive-parent keeps it serving (a switch: it takes no value)', async () => {
  expect((await parseCliArgs([], {})).outliveParent).toBe(false)
  expect((await parseCliArgs(['--outlive-parent'], {})).outliveParent).toBe(true)
  await expect(parseCliArgs(['--outlive-parent=no'], {})).rejects.toThrow('--outlive-parent takes no value')
})
