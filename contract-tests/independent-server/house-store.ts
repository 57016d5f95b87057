import { randomBytes } from 'node:crypto'
import type { Conventions } from './house-conventions.js'
import { createClock } from './house-stamps.js'
import type { Account, AdvertRow, CampaignRow } from './store.js'

// What a house style holds, in memory: one account per key, their adverts and campaigns, ids
// from the style's sequence(s), stamps in its form, and lists in its order. Deletes are hard.

/** An account of a house style: the first set's, and a balance. */
export interface HouseAccount extends Account {
  balanceUsd: number
  totalTopupsUsd: number
}

/** The two kinds of record. */
export type RecordKind = 'adverts' | 'campaigns'

/** A record of a kind. */
export type RowOf<K extends RecordKind> = K extends 'adverts' ? AdvertRow : CampaignRow

/** What a new record is given; the store adds its id, its owner and its stamps. */
export type NewRow<K extends RecordKind> = Omit<RowOf<K>, 'id' | 'ownerId' | 'createdAt' | 'updatedAt' | 'deletedAt'>

/**
 * The store of a style: accounts for `keys` (numbered from 1), empty tables.
 * @example const store = createHouseStore(['pk_one…'], conventions); store.nextId('adverts') // 500
 */
export function createHouseStore(keys: readonly string[], conventions: Conventions) {
  const clock = createClock(conventions.stamps)
  const { start, step, sequence } = conventions.ids
  const at = clock.daysAgo(30)
  const accounts: HouseAccount[] = keys.map((apiKey, index) => ({
    id: index + 1,
    email: `user${index + 1}@example.com`,
    apiKey,
    createdAt: at,
    updatedAt: at,
    balanceUsd: 0,
    totalTopupsUsd: 0,
  }))
  const adverts = new Map<number, AdvertRow>()
  const campaigns = new Map<number, CampaignRow>()
  const next: Record<RecordKind, number> = { adverts: start, campaigns: start }
  const nextId = (kind: RecordKind): number => {
    const counter: RecordKind = sequence === 'shared' ? 'adverts' : kind
    const id = next[counter]
    next[counter] += step
    return id
  }
  return {
    clock,
    conventions,
    accounts,
    adverts,
    campaigns,
    /**
     * Stores a new record of an owner: the next id of its kind (one sequence for both kinds, or
     * one each), stamped now unless given its stamps (a seeded record's).
     */
    insert<K extends RecordKind>(
      kind: K,
      ownerId: number,
      fields: NewRow<K>,
      stamps?: { createdAt: string; updatedAt: string },
    ): RowOf<K> {
      const at = clock.now()
      const row = { ...fields, id: nextId(kind), ownerId, ...(stamps ?? { createdAt: at, updatedAt: at }) }
      ;(kind === 'adverts' ? adverts : campaigns).set(row.id, row as never)
      return row as RowOf<K>
    },
    accountByKey: (key: string) => accounts.find((account) => account.apiKey === key),
    /** A fresh key in the style's form: its prefix and 32 hex digits. */
    newKey: () => `${conventions.apiKeyPrefix}${randomBytes(16).toString('hex')}`,
    /** An account's rows of a table, in the style's order (ties by id, the same way). */
    owned<T extends AdvertRow | CampaignRow>(table: Map<number, T>, ownerId: number): T[] {
      const { key, direction } = conventions.order
      const sign = direction === 'asc' ? 1 : -1
      const field = key === 'created_at' ? 'createdAt' : key === 'updated_at' ? 'updatedAt' : undefined
      return [...table.values()]
        .filter((row) => row.ownerId === ownerId)
        .sort((a, b) => sign * ((field ? compare(a[field], b[field]) : 0) || a.id - b.id))
    },
  }
}

/** A house style's store. */
export type HouseStore = ReturnType<typeof createHouseStore>

/** Two stamps of one form, in time order (they compare as text). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
