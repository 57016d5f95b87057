import { expect } from 'vitest'
import type { MockApi } from '../../src/surface/create-mock-api.js'

/**
 * Everything a refused request must leave as it was, read from the mock itself: the whole
 * dataset, the id counters (a refused create uses up no id), who each key and each e-mail
 * opens (the store's look-ups), the tier table, the fault settings, the overrides (with their
 * hits) and whether the clock stands still. Rate-limit counts and the journal are left out: every request moves them.
 * @example const before = stateSnapshot(api); await send(bad); expect(stateSnapshot(api)).toEqual(before)
 */
export function stateSnapshot(api: MockApi) {
  const { store, tiers, faults, clock } = api.context
  const dataset = store.export()
  return {
    dataset,
    lastIds: store.lastIds,
    keys: dataset.users.map((user) => store.userByApiKey(user.api_key)?.id),
    emails: dataset.users.map((user) => store.userIdByEmail(user.email)),
    tiers: structuredClone(tiers),
    faults: structuredClone(faults.settings),
    overrides: api.overrides(),
    frozen: clock.frozen,
  }
}

/** Runs `act` and asserts that the state is exactly as before it; answers what `act` answered. */
export async function expectNoChange<T>(api: MockApi, act: () => Promise<T>): Promise<T> {
  const before = stateSnapshot(api)
  const result = await act()
  expect(stateSnapshot(api)).toEqual(before)
  return result
}
