import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parseCliArgs } from '../src/cli/options.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { DEFAULT_TIER_LIMITS } from '../src/domain/tiers.js'
import { handleInProcess } from './support/in-process.js'
import { expectNoChange } from './support/state-snapshot.js'

// One convention for the MockApi's controls: whatever changes state returns a Promise, whatever only reads answers at once.
const CHANGES_STATE: [string, (api: MockApi) => unknown][] = [
  ['reset', (api) => api.reset()],
  ['seed', (api) => api.seed({ source: 'fixtures' })],
  ['createUser', (api) => api.createUser()],
  ['setUserTier', (api) => api.setUserTier(2, { tier: 'pro' })],
  ['topUp', (api) => api.topUp(1, { amount_usd: 5 })],
  ['deliver', (api) => api.deliver({ sends: 1 })],
  ['moveClock', (api) => api.moveClock({ advance_ms: 1 })],
  ['setTiers', (api) => api.setTiers({ free: { per_minute: 2 } })],
  ['setFaults', (api) => api.setFaults({ latency: { min_ms: 1 } })],
  ['clearFaults', (api) => api.clearFaults()],
  ['clearRequests', (api) => api.clearRequests()],
  ['journal.clear', (api) => api.journal.clear()],
  ['importState', (api) => api.importState(api.exportState())],
  ['addOverride', (api) => api.addOverride({ operation: 'getUser', status: 401 })],
  ['clearOverrides', (api) => api.clearOverrides()],
  // addOverride adds before its first await: override 1 is there for removeOverride at once.
  ['removeOverride', (api) => (void api.addOverride({ operation: 'getUser', status: 401 }), api.removeOverride(1))],
  ['arrange.user', (api) => api.arrange.user()],
]
const READS: [string, (api: MockApi) => unknown][] = [
  ['clock', (api) => api.clock()],
  ['tiers', (api) => api.tiers()],
  ['faults', (api) => api.faults()],
  ['requests', (api) => api.requests()],
  ['requests(filter)', (api) => api.requests({ status: '2xx', limit: 5 })],
  ['overrides', (api) => api.overrides()],
  ['journal.entries', (api) => api.journal.entries()],
  ['getUser', (api) => api.getUser(1)],
  ['listUsers', (api) => api.listUsers()],
  ['exportState', (api) => api.exportState()],
]

it.each(CHANGES_STATE)('%s changes state, so it returns a Promise', async (_name, call) => {
  const result = call(await createMockApi())
  expect(result).toBeInstanceOf(Promise)
  await result
})

it.each(READS)('%s only reads, so it answers at once', async (_name, call) => {
  expect(call(await createMockApi())).not.toBeInstanceOf(Promise)
})

it('rejects (never throws) a refused input of a state-changing control, and changes nothing', async () => {
  const api = await createMockApi()
  await expectNoChange(api, async () => {
    let refused: Promise<unknown> | undefined
    expect(() => (refused = api.setTiers({ free: { per_minute: 0 } }))).not.toThrow()
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', fields: [{ field: 'free.per_minute' }] })
  })
})

const changedFree = { ...DEFAULT_TIER_LIMITS.free, per_minute: 1 }

it('merges a partial tier over the current limits: createMockApi({ tiers }) and setTiers', async () => {
  const api = await createMockApi({ tiers: { free: { per_minute: 1 } } })
  expect(api.tiers()).toEqual({ ...DEFAULT_TIER_LIMITS, free: changedFree })
  expect(await api.setTiers({ free: { max_topups: 9 }, pro: { per_day: 7 } })).toEqual({
    ...DEFAULT_TIER_LIMITS,
    free: { ...changedFree, max_topups: 9 },
    pro: { ...DEFAULT_TIER_LIMITS.pro, per_day: 7 },
  })
  await api.reset()
  expect(api.tiers()).toEqual({ ...DEFAULT_TIER_LIMITS, free: changedFree })
})

it('merges a partial tier sent to PATCH /__admin/tiers, and refuses a bad one with a 422 that changes nothing', async () => {
  const api = await createMockApi()
  const patch = (body: unknown) =>
    handleInProcess(api)(
      new Request('http://mock.test/__admin/tiers', {
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      }),
    )
  const answer = await patch({ free: { per_minute: 1 } })
  expect(answer.status).toBe(200)
  expect((await answer.json()).data.free).toEqual(changedFree)
  await expectNoChange(api, async () => {
    const refused = await patch({ free: { per_hour: 1 } })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      success: false,
      error: { code: 'validation_failed', fields: [{ field: 'free.per_hour' }] },
    })
  })
})

it('reads a partial tier from a --tiers file', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'tiers-')), 'tiers.json')
  writeFileSync(file, JSON.stringify({ free: { per_minute: 1 } }))
  const { listener } = await parseCliArgs(['--tiers', file], {})
  expect(listener.tiers).toEqual({ free: { per_minute: 1 } })
  expect((await createMockApi({ tiers: listener.tiers })).tiers().free).toEqual(changedFree)
})
