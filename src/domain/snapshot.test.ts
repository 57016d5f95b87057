import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../surface/create-mock-api.js'
import { DEMO_API_KEY, DEFAULT_FIXTURES } from '../store/fixtures.js'
import { PACKAGE_VERSION } from './package-version.js'
import { createClock } from './clock.js'
import {
  parseSnapshot,
  restoreSnapshot,
  serializeSnapshot,
  SnapshotError,
  SNAPSHOT_FORMAT,
  type SnapshotProblem,
} from './snapshot.js'

const post = (api: MockApi, path: string, body: unknown) =>
  fetchThrough(
    api,
    new Request(`http://mock.test/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
const del = (api: MockApi, path: string) =>
  fetchThrough(
    api,
    new Request(`http://mock.test/api/v1${path}`, { method: 'DELETE', headers: { authorization: DEMO_API_KEY } }),
  )

async function fetchThrough(api: MockApi, request: Request): Promise<{ status: number; data: any }> {
  const { getResponse } = await import('msw')
  const response = (await getResponse(api.handlers, request))!
  return { status: response.status, data: (await response.json()).data }
}

it('records the package version of package.json', () => {
  expect(PACKAGE_VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version)
})

it('keeps the whole state and the id counters through a save and a load, so ids keep growing', async () => {
  const api = await createMockApi()
  const advert = await post(api, '/adverts', { advert: { title: 'Saved' } })
  const campaign = await post(api, '/campaigns', {
    campaign: { advert_id: advert.data.id, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 10 },
  })
  // The highest ids are deleted: without the counters, a reload would hand them out again.
  await del(api, `/campaigns/${campaign.data.id}`)
  await api.createUser({ email: 'gone@example.com' })
  await api.setTiers({ free: { per_minute: 3, per_day: 30, max_topups: 1 } })
  const text = serializeSnapshot(api.exportState())

  const reloaded = await createMockApi()
  const snapshot = await restoreSnapshot(reloaded, text)
  expect(snapshot).toMatchObject({ format: SNAPSHOT_FORMAT, version: PACKAGE_VERSION })
  const { clock: _savedClock, ...saved } = api.exportState()
  const { clock: _loadedClock, ...loaded } = reloaded.exportState()
  expect(loaded).toEqual(saved)
  const next = await post(reloaded, '/campaigns', {
    campaign: { advert_id: advert.data.id, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 10 },
  })
  expect(next.data.id).toBe(campaign.data.id + 1)
  expect((await reloaded.createUser()).id).toBe(api.exportState().last_ids!.users + 1)
})

it('keeps a running clock ahead of real time by as much as it was, and a frozen one where it stood', async () => {
  const api = await createMockApi()
  await api.moveClock({ advance_seconds: 3600 })
  const running = await createMockApi()
  await restoreSnapshot(running, serializeSnapshot(api.exportState()))
  expect(running.clock().now > new Date(Date.now() + 3_500_000).toISOString()).toBe(true)
  expect(running.clock().frozen).toBe(false)

  await api.moveClock({ set: '2026-05-01T12:00:00.000Z' })
  const frozen = await createMockApi()
  await restoreSnapshot(frozen, serializeSnapshot(api.exportState()))
  expect(frozen.clock()).toMatchObject({ now: '2026-05-01T12:00:00.000Z', frozen: true })
})

const valid = serializeSnapshot({ dataset: DEFAULT_FIXTURES as never })
const withState = (state: unknown) => JSON.stringify({ ...JSON.parse(valid), state })

it.each<[string, string, SnapshotProblem, RegExp]>([
  ['an empty file', '', 'truncated', /truncated/],
  ['a save cut short', valid.slice(0, valid.length / 2), 'truncated', /truncated/],
  ['bytes that are not JSON', '{"format": nope}', 'corrupt', /not valid JSON/],
  ["another program's JSON", '{"users": []}', 'foreign', /not a state saved by ad-campaign-mock/],
  ['a bare exported state', JSON.stringify({ dataset: DEFAULT_FIXTURES }), 'foreign', /not a state saved/],
  ['a JSON array', '[1, 2]', 'foreign', /not a state saved/],
  [
    "another version's snapshot",
    valid.replace(`"version":"${PACKAGE_VERSION}"`, '"version":"0.0.1"'),
    'other_version',
    /saved by ad-campaign-mock 0\.0\.1, not/,
  ],
  [
    'a state with a wrong field',
    withState({ dataset: { users: 'x', adverts: [], campaigns: [] } }),
    'invalid',
    /state\.dataset\.users/,
  ],
  [
    'id counters below the highest id',
    withState({ dataset: DEFAULT_FIXTURES, last_ids: { users: 0, adverts: 0, campaigns: 0 } }),
    'invalid',
    /last_ids\.users 0 is lower/,
  ],
  [
    'a campaign on a missing advert',
    withState({ dataset: { ...DEFAULT_FIXTURES, adverts: [] } }),
    'invalid',
    /advert \d+ does not exist/,
  ],
])('refuses %s with a clear error and leaves the mock as it was', async (_name, text, problem, message) => {
  const clock = createClock()
  clock.set(Date.parse('2026-03-01T10:00:15.000Z'))
  const api = await createMockApi({ clock })
  await api.createUser({ email: 'kept@example.com' })
  const before = api.exportState()
  const error = await restoreSnapshot(api, text, { source: 'state.json' }).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(SnapshotError)
  expect(error).toMatchObject({ problem, message: expect.stringMatching(message) })
  expect((error as Error).message).toMatch(/^state\.json /)
  expect(api.exportState()).toEqual(before)
})

it('parses what it serializes, without a running mock', () => {
  const snapshot = parseSnapshot(valid)
  expect(snapshot.state.dataset.users).toHaveLength(DEFAULT_FIXTURES.users.length)
  expect(Date.parse(snapshot.saved_at)).not.toBeNaN()
})
