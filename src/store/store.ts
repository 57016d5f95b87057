import * as z from 'zod/mini'
import type { LastIds, StoreCounts } from '../schemas/control-plane.js'
import { Dataset, type DatasetInput } from '../schemas/dataset.js'
import { Account } from './account.js'
import { IdCounter } from './id-counter.js'
import { IndexedCollection } from './indexed-collection.js'
import { AdvertRecord, CampaignRecord, UserRecord } from './models.js'
import { must } from './must.js'

/** The schemas of the store's records: the default profile's unless a profile gives others. */
export interface StoreRecords {
  UserRecord: typeof UserRecord
  AdvertRecord: typeof AdvertRecord
  CampaignRecord: typeof CampaignRecord
  Dataset: typeof Dataset
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id

/**
 * The dataset's schema with each campaign only checked to be an object: its collection's `create`
 * validates it against the same schema (CampaignRecord is the dataset's campaign, one schema), so seeding
 * 100,000 campaigns validates each once, not twice. Users and adverts, few, are parsed here.
 * Its campaigns are typed as validated although only `create` will have validated them: whoever
 * uses it re-validates the whole dataset when the load is refused, so that the schema names the field.
 */
export const SeedDataset = z.extend(Dataset, {
  campaigns: z.array(
    z.custom<Dataset['campaigns'][number]>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    ),
  ),
})

/**
 * One write to the store, as a shared store replays it elsewhere: a record of a kind created
 * (`next` only), updated (both) or deleted (`previous` only) in the account of `owner`; or a `load`,
 * which replaced the whole state.
 */
export type RecordChange =
  | {
      kind: 'users' | 'adverts' | 'campaigns'
      owner: number
      next: { id: number } | undefined
      previous: { id: number } | undefined
    }
  | { kind: 'load' }

/** What a test inspects the state with (`api.db`, `mock.db`): the users collection and each account's own collections. */
export interface MockDb {
  /** Every user, an @msw/data collection. */
  readonly users: IndexedCollection<typeof UserRecord>
  /** A user's adverts and campaigns, each an @msw/data collection; a user the store does not hold is a RangeError. */
  account(userId: number): Account
}

/**
 * The mock's state, in @msw/data collections: one of users, and per account one of adverts and
 * one of campaigns (made on first use, dropped with the user). Beside them, the look-ups the request
 * path needs (API key and e-mail to user), kept in step from what each user write returns.
 * Writes are async (they go through the collections, which validate); reads are sync.
 */
export class Store {
  readonly #ids: { users: IdCounter; adverts: IdCounter; campaigns: IdCounter }
  readonly #accounts = new Map<number, Account>()
  readonly #userIdByApiKey = new Map<string, number>()
  readonly #userIdByEmail = new Map<string, number>()
  readonly #watchers = new Set<(change: RecordChange) => void>()
  #loading = false
  readonly users: IndexedCollection<typeof UserRecord>
  /** What tests inspect the state with: the users collection and each account's collections, and nothing else of the store. */
  readonly db: MockDb
  /** The record schemas every write is validated with: the default profile's, or a twin's. */
  readonly records: StoreRecords

  /**
   * `firstId`: the id the first advert and the first campaign of an empty store get, and `idStep`
   * how far apart their ids are (a profile's `stamps.firstId` and `stamps.idStep`).
   */
  constructor(
    records: StoreRecords = { UserRecord, AdvertRecord, CampaignRecord, Dataset },
    {
      firstId = 1,
      idStep = 1,
      idSequence = 'per-kind',
      counters = null,
    }: {
      firstId?: number
      idStep?: number
      idSequence?: 'per-kind' | 'shared'
      counters?: { adverts: number; campaigns: number } | null
    } = {},
  ) {
    this.records = records
    this.#ids = {
      users: new IdCounter(),
      // A twin goes on from where the deployment's counters stood (stamps.counters).
      adverts: new IdCounter(Math.max(firstId, counters?.adverts ?? 0), idStep),
      campaigns: new IdCounter(Math.max(firstId, counters?.campaigns ?? 0), idStep),
    }
    if (idSequence === 'shared') this.#ids.adverts.share(this.#ids.campaigns)
    this.users = new IndexedCollection(records.UserRecord, {
      ids: this.#ids.users,
      check: (user, previous) => this.#assertFree(user, previous),
      written: (next, previous) => {
        if (previous) {
          this.#userIdByApiKey.delete(previous.api_key)
          this.#userIdByEmail.delete(previous.email.toLowerCase())
        }
        if (next) {
          this.#userIdByApiKey.set(next.api_key, next.id)
          this.#userIdByEmail.set(next.email.toLowerCase(), next.id)
        } else if (previous) {
          this.#accounts.delete(previous.id)
        }
        this.#tell('users', (next ?? previous)!.id, next, previous)
      },
    })
    this.db = { users: this.users, account: (userId) => this.account(userId) }
  }

  /** The user's adverts and campaigns (made empty on first use); a user the store does not hold is a RangeError. */
  account(userId: number): Account {
    let account = this.#accounts.get(userId)
    if (account) return account
    if (!this.users.get(userId)) throw new RangeError(`No user ${userId} in the store`)
    account = new Account(userId, this.#ids, this.records, (kind, next, previous) =>
      this.#tell(kind, userId, next, previous),
    )
    this.#accounts.set(userId, account)
    return account
  }

  /**
   * Tells `watcher` of every write from now on (one change per record; a load as one `load`, not
   * its records); returns the function that stops it. What a shared store records a write's changes with.
   */
  watch(watcher: (change: RecordChange) => void): () => void {
    this.#watchers.add(watcher)
    return () => this.#watchers.delete(watcher)
  }

  #tell(kind: 'users' | 'adverts' | 'campaigns', owner: number, next?: { id: number }, previous?: { id: number }) {
    if (this.#loading || this.#watchers.size === 0) return
    for (const watcher of this.#watchers) watcher({ kind, owner, next, previous })
  }

  /** Moves the id counters up to `lastIds` (never down): where a shared store's writes left them. */
  advanceIds(lastIds: LastIds): void {
    for (const kind of ['users', 'adverts', 'campaigns'] as const)
      if (lastIds[kind] > this.#ids[kind].last) this.#ids[kind].advance(lastIds[kind])
  }

  /** Every account that holds or held an advert or campaign, by user id. */
  accounts(): IterableIterator<Account> {
    return this.#accounts.values()
  }

  /** The next id of a kind: the one a create should give its record. */
  nextId(kind: keyof LastIds): number {
    return this.#ids[kind].next()
  }

  /** The user this API key opens, in O(1). */
  userByApiKey(apiKey: string): UserRecord | undefined {
    const id = this.#userIdByApiKey.get(apiKey)
    return id === undefined ? undefined : this.users.get(id)
  }

  /** The user with the lowest id: the fixtures' demo user, a generated dataset's first; undefined without users. */
  firstUser(): UserRecord | undefined {
    return this.users.rows().next().value
  }

  /** The id of the user with this e-mail, compared case-insensitively. */
  userIdByEmail(email: string): number | undefined {
    return this.#userIdByEmail.get(email.toLowerCase())
  }

  /** Changes a user through the collection (validated); the key and e-mail look-ups follow. */
  async updateUser(user: UserRecord, change: (draft: UserRecord) => void): Promise<UserRecord> {
    return await this.users.update(user, { data: change, strict: true })
  }

  /** How many users, adverts and campaigns the store holds. */
  counts(): StoreCounts {
    let adverts = 0
    let campaigns = 0
    for (const account of this.#accounts.values()) {
      adverts += account.adverts.size
      campaigns += account.campaigns.size
    }
    return { users: this.users.size, adverts, campaigns }
  }

  /** Empties the store and starts ids from the first again. */
  clear(): void {
    this.users.clear()
    this.#accounts.clear()
    for (const counter of Object.values(this.#ids)) counter.reset()
  }

  /** The id counters of the three kinds of record. */
  get lastIds(): LastIds {
    return { users: this.#ids.users.last, adverts: this.#ids.adverts.last, campaigns: this.#ids.campaigns.last }
  }

  /**
   * Replaces the whole state with a dataset, and the id counters with `lastIds` when given
   * (by default the highest id of each kind); a dataset that does not hold together is refused whole.
   */
  async load(input: DatasetInput, lastIds?: LastIds): Promise<void> {
    await this.loadParsed(this.records.Dataset.parse(input), lastIds)
  }

  /** As `load`, for a dataset its schema has already parsed; every record still goes in through its collection's `create`. */
  async loadParsed(dataset: Dataset, lastIds?: LastIds): Promise<void> {
    checkReferences(dataset)
    if (lastIds) checkLastIds(dataset, lastIds)
    this.#loading = true
    try {
      this.clear()
      const ownerOfAdvert = new Map<number, number>()
      for (const user of [...dataset.users].sort(byId)) await this.users.create(user)
      for (const advert of [...dataset.adverts].sort(byId)) {
        ownerOfAdvert.set(advert.id, advert.user_id)
        await this.account(advert.user_id).adverts.create(advert)
      }
      for (const campaign of [...dataset.campaigns].sort(byId))
        await this.account(must(ownerOfAdvert.get(campaign.advert_id), "a campaign's advert")).campaigns.create(
          campaign,
        )
      if (lastIds) for (const kind of ['users', 'adverts', 'campaigns'] as const) this.#ids[kind].advance(lastIds[kind])
    } finally {
      this.#loading = false
      for (const watcher of this.#watchers) watcher({ kind: 'load' })
    }
  }

  /** The whole state as a dataset that `load` accepts. */
  export(): Dataset {
    const accounts = [...this.#accounts.values()]
    const all = <T extends { id: number }>(rows: (account: Account) => Iterable<T>) =>
      accounts.flatMap((account) => Array.from(rows(account), (row) => ({ ...row }))).sort(byId)
    return {
      users: Array.from(this.users.rows(), (user) => ({ ...user })),
      adverts: all((account) => account.adverts.rows()),
      campaigns: all((account) => account.campaigns.rows()),
    }
  }

  #assertFree(user: UserRecord, previous?: UserRecord): void {
    const keyHolder = this.#userIdByApiKey.get(user.api_key)
    if (keyHolder !== undefined && keyHolder !== previous?.id)
      throw new RangeError(`User ${user.id}: duplicate API key`)
    const emailHolder = this.userIdByEmail(user.email)
    if (emailHolder !== undefined && emailHolder !== previous?.id)
      throw new RangeError(`User ${user.id}: duplicate e-mail ${user.email}`)
  }
}

function checkReferences(dataset: Dataset): void {
  assertUnique(dataset.users, (user) => user.id, 'user id')
  assertUnique(dataset.users, (user) => user.api_key, 'API key')
  assertUnique(dataset.users, (user) => user.email.toLowerCase(), 'e-mail')
  assertUnique(dataset.adverts, (advert) => advert.id, 'advert id')
  assertUnique(dataset.campaigns, (campaign) => campaign.id, 'campaign id')
  const userIds = new Set(dataset.users.map((user) => user.id))
  const advertIds = new Set(dataset.adverts.map((advert) => advert.id))
  for (const advert of dataset.adverts) {
    if (!userIds.has(advert.user_id)) throw new RangeError(`Advert ${advert.id}: user ${advert.user_id} does not exist`)
  }
  for (const campaign of dataset.campaigns) {
    if (!advertIds.has(campaign.advert_id)) {
      throw new RangeError(`Campaign ${campaign.id}: advert ${campaign.advert_id} does not exist`)
    }
    if (campaign.sending_count > campaign.sending_limit) {
      throw new RangeError(`Campaign ${campaign.id}: sending_count exceeds sending_limit`)
    }
  }
}

function checkLastIds(dataset: Dataset, lastIds: LastIds): void {
  for (const table of ['users', 'adverts', 'campaigns'] as const) {
    const highest = dataset[table].reduce((max, row) => Math.max(max, row.id), 0)
    if (lastIds[table] < highest)
      throw new RangeError(`last_ids.${table} ${lastIds[table]} is lower than the highest id ${highest}`)
  }
}

function assertUnique<T>(items: readonly T[], keyOf: (item: T) => unknown, label: string): void {
  const seen = new Set<unknown>()
  for (const item of items) {
    const key = keyOf(item)
    if (seen.has(key)) throw new RangeError(`Duplicate ${label}: ${String(key)}`)
    seen.add(key)
  }
}
