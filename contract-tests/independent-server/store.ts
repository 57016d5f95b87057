import { randomBytes } from 'node:crypto'

/** An account, as this server keeps it. */
export interface Account {
  id: number
  email: string
  apiKey: string
  createdAt: string
  updatedAt: string
}

/** An advert. */
export interface AdvertRow {
  id: number
  ownerId: number
  title: string
  description: string
  targetUrl: string | null
  createdAt: string
  updatedAt: string
  /** When it was deleted: rows are deleted softly, and kept. */
  deletedAt?: string
}

/** A campaign. */
export interface CampaignRow {
  id: number
  ownerId: number
  advertId: number
  broadcastingType: string
  cpm: number
  sendingLimit: number
  sendingCount: number
  enabled: boolean
  createdAt: string
  updatedAt: string
  /** When it was deleted: rows are deleted softly, and kept. */
  deletedAt?: string
}

/** A fresh API key: `ik_` and 32 hex digits. */
export function newApiKey(): string {
  return `ik_${randomBytes(16).toString('hex')}`
}

/** Everything the server holds, in memory: one account per configured key, and their adverts and campaigns. */
export function createStore(keys: readonly string[], { listsDeleted = true } = {}) {
  // Stamps to the second (the document's timestamp pattern allows it: the fraction is optional).
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  const accounts: Account[] = keys.map((apiKey, index) => ({
    id: index + 1,
    email: `user${index + 1}@example.com`,
    apiKey,
    createdAt: now(),
    updatedAt: now(),
  }))
  const adverts = new Map<number, AdvertRow>()
  const campaigns = new Map<number, CampaignRow>()
  let lastId = 0
  return {
    now,
    nextId: () => ++lastId,
    accountByKey: (key: string) => accounts.find((account) => account.apiKey === key),
    adverts,
    campaigns,
    /** A row that is there (not deleted), by id. */
    live<T extends { deletedAt?: string }>(table: Map<number, T>, id: number): T | undefined {
      const row = table.get(id)
      return row && row.deletedAt === undefined ? row : undefined
    },
    /** An account's rows of a table, oldest first (the deleted ones too, unless told not to: the list query forgets them). */
    owned<T extends { ownerId: number; id: number; deletedAt?: string }>(table: Map<number, T>, ownerId: number): T[] {
      return [...table.values()]
        .filter((row) => row.ownerId === ownerId && (listsDeleted || row.deletedAt === undefined))
        .sort((a, b) => a.id - b.id)
    },
  }
}

/** The server's store. */
export type Store = ReturnType<typeof createStore>

/** The campaign list's filters, as its query gave them: undefined or null where it did not ask. */
export interface CampaignFilters {
  advertId: number | undefined
  enabled: string | null
  type: string | null
}

/** Whether a campaign passes the list's filters (both sets filter alike; they differ in what they refuse). */
export function matchesFilters(campaign: CampaignRow, { advertId, enabled, type }: CampaignFilters): boolean {
  return (
    (advertId === undefined || campaign.advertId === advertId) &&
    (enabled === null || String(campaign.enabled) === enabled) &&
    (type === null || campaign.broadcastingType === type)
  )
}
