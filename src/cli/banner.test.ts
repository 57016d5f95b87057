import { expect, it } from 'vitest'
import type { Listener } from '../listener/listener.js'
import { createMockApi, type MockApiOptions } from '../surface/create-mock-api.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import { banner } from './banner.js'
import { fixtureTwin } from '../../test/support/fixture-twin.js'

/** A listener as the banner sees it: a mock's data, where it listens, and maybe a state file. */
async function listenerOf(options: MockApiOptions, stateFile?: { file: string; restored: boolean }): Promise<Listener> {
  return {
    api: await createMockApi(options),
    baseUrl: 'http://127.0.0.1:4010/api/v1',
    origin: 'http://127.0.0.1:4010',
    stateFile,
  } as unknown as Listener
}

it('names a --fixtures file and its first user, and whether the state file was created', async () => {
  const text = banner(
    await listenerOf({ fixtures: DEFAULT_FIXTURES }, { file: 'state.json', restored: false }),
    { fixturesFile: 'shop.json' },
    'json',
  )
  expect(text).toContain('  Data:                the fixtures in shop.json: 2 users, 4 adverts, 4 campaigns\n')
  expect(text).toContain('  State file:          created state.json; every write is saved there\n')
  expect(text).toContain(
    `  API key:             ${DEFAULT_FIXTURES.users[0]!.api_key} (demo@example.com, the first user in shop.json)\n`,
  )
  expect(text).toContain(
    '  Request log:         one JSON object per request on standard output (--quiet turns it off)\n',
  )
})

it('prints no key and no curl line for data without users, and says how to make one', async () => {
  const text = banner(
    await listenerOf({ fixtures: { users: [], adverts: [], campaigns: [] } }),
    { fixturesFile: 'empty.json' },
    undefined,
  )
  expect(text).toContain('  Data:                the fixtures in empty.json: 0 users, 0 adverts, 0 campaigns\n')
  expect(text).toContain('  API key:             none: the data has no users (POST /__admin/users creates one)\n')
  expect(text).not.toMatch(/undefined|Try it|Request log/)
})

it('names the deployment a twin was learned from and when, its captured account, and whose key it prints', async () => {
  const twin = fixtureTwin()
  const text = banner(await listenerOf({ twin }), {}, 'text')
  expect(text).toContain(`  Twin of:             ${twin.source.base_url}, learned at ${twin.source.learned_at}\n`)
  expect(text).toContain('  Data:                the captured account: 1 user, 3 adverts, 3 campaigns\n')
  expect(text).toContain(
    `  API key:             ${twin.account.user.api_key} (user1@example.com, the twin's own key for the captured user)\n`,
  )
  const restored = banner(await listenerOf({ twin }, { file: 'twin-state.json', restored: true }), {}, undefined)
  expect(restored).toContain('  Twin of:             ')
  expect(restored).toContain('  Data:                loaded from the state file: 1 user, 3 adverts, 3 campaigns\n')
  expect(restored).toContain('(user1@example.com, the first user in the state file)')
})
