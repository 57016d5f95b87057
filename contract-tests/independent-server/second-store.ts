import { randomBytes } from 'node:crypto'
import { SECOND_SET } from './second-set.js'
import type { Account, AdvertRow, CampaignRow } from './store.js'

// The second set's store: the same rows as the first's (store.ts), stamped to the second and
// numbered per kind from SECOND_SET.firstId (a sequence per table).

/** A fresh API key of the second set: `sk_live_` and 32 hex digits. */
export function newSecondKey(): string {
  return `sk_live_${randomBytes(16).toString('hex')}`
}

/** Now, to the second: `2026-01-15T09:30:00Z`. */
export function nowToTheSecond(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Everything the second set holds, in memory: one account per key, and their adverts and campaigns. */
export function createSecondStore(keys: readonly string[]) {
  const at = nowToTheSecond()
  const accounts: Account[] = keys.map((apiKey, index) => ({
    id: index + 1,
    email: `user${index + 1}@example.com`,
    apiKey,
    createdAt: at,
    updatedAt: at,
  }))
  const adverts = new Map<number, AdvertRow>()
  const campaigns = new Map<number, CampaignRow>()
  const last = { adverts: SECOND_SET.firstId - 1, campaigns: SECOND_SET.firstId - 1 }
  return {
    now: nowToTheSecond,
    nextId: (kind: 'adverts' | 'campaigns') => ++last[kind],
    accountByKey: (key: string) => accounts.find((account) => account.apiKey === key),
    adverts,
    campaigns,
    /** An account's rows of a table, newest first. */
    owned<T extends { ownerId: number; id: number }>(table: Map<number, T>, ownerId: number): T[] {
      return [...table.values()].filter((row) => row.ownerId === ownerId).sort((a, b) => b.id - a.id)
    },
  }
}

/** The second set's store. */
export type SecondStore = ReturnType<typeof createSecondStore>
