import type { MockApi } from '../surface/create-mock-api.js'
import { restoreSnapshot, serializeSnapshot, SnapshotError } from '../domain/snapshot.js'

/** The storage key a browser mock keeps its state under unless told otherwise. */
export const DEFAULT_STORAGE_KEY = 'ad-campaign-mock/state'

/** The part of the Web Storage API persistence needs (sessionStorage, localStorage). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Persistence of one mock in one storage entry. */
export interface WebStoragePersistence {
  /** Whether a saved state was loaded at start. */
  readonly restored: boolean
  /** Stops saving; what is stored stays. */
  stop(): void
}

/**
 * Loads the state saved under `key`, then saves the whole state after every acknowledged
 * write and setting; a reset removes the entry. A saved state that cannot be loaded (another
 * version of the package, truncated, not ours, inconsistent) is removed with a console
 * warning and the mock keeps its fixtures: stored data never stops an app from starting.
 * @example await persistToWebStorage(api, sessionStorage)
 */
export async function persistToWebStorage(
  api: MockApi,
  storage: KeyValueStorage,
  key = DEFAULT_STORAGE_KEY,
): Promise<WebStoragePersistence> {
  const restored = await restore(api, storage, key)
  let warned = false
  const unsubscribe = api.subscribe(({ reason }) => {
    if (reason === 'reset') return storage.removeItem(key)
    try {
      storage.setItem(key, serializeSnapshot(api.exportState()))
    } catch (error) {
      // A full storage (QuotaExceededError) must not fail the write the app just made.
      if (!warned)
        console.warn(`[ad-campaign-mock] Could not save the state under "${key}"; it will not survive a reload.`, error)
      warned = true
    }
  })
  return { restored, stop: unsubscribe }
}

async function restore(api: MockApi, storage: KeyValueStorage, key: string): Promise<boolean> {
  const text = storage.getItem(key)
  if (text === null) return false
  try {
    await restoreSnapshot(api, text, {
      source: `The state stored under "${key}"`,
      schema: api.context.schemas.records.MockState,
    })
    return true
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error
    console.warn(`[ad-campaign-mock] ${error.message}. It was discarded; the mock starts from its fixtures.`)
    storage.removeItem(key)
    return false
  }
}
