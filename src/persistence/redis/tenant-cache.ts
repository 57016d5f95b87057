import { createHash } from 'node:crypto'
import { restoreClock } from '../../domain/clock.js'
import type { DomainContext } from '../../domain/domain-context.js'
import { OPEN } from './lua-scripts.js'
import type { Reply } from './redis-connection.js'
import type { PartsHome, SharedJournal } from './shared-parts.js'
import { applyChanges, applySettings, loadStateText, settingsOf, stateText, type StateEntry } from './state-entry.js'
import { StoreError } from './store-error.js'

/** The key that marks a Redis database as an ad-campaign-mock sandbox, and the format it holds. */
export const FORMAT_KEY = 'acm:format'
export const STORE_FORMAT = 'ad-campaign-mock/sandbox@1'

/**
 * A replica's copy of one tenant: the mock's state in memory, the version of the tenant's log it
 * holds, and how it is brought to a later version (entries applied in order, or the snapshot and
 * the entries after it loaded whole), made when the tenant is new, and made again when it expired.
 */
export class TenantCache {
  /** The version of the tenant's log this copy holds; -1 before it holds any. */
  version = -1
  /** The settings as last appended or applied (JSON): a turn appends them only when they differ. */
  committed = ''
  /** Set while applying what the store holds: the store's watcher then records nothing. */
  applying = false
  journal: SharedJournal | undefined
  /** How many times a load of the whole state began or ended here: requests in flight meanwhile may have seen it half done. */
  wholeLoads = 0
  /** Whether the last open found the tenant in the store (false: it was made from the mock's starting data). */
  loaded = false
  readonly #home: PartsHome
  readonly #source: string
  #ctx: DomainContext | undefined
  #reload = false
  #hits = new Map<number, number>()

  constructor(home: PartsHome, source: string) {
    this.#home = home
    this.#source = source
  }

  get context(): DomainContext {
    if (!this.#ctx) throw new Error('The tenant is not open yet')
    return this.#ctx
  }

  /** The version to catch up from: -1 when this copy must be loaded whole. */
  from(): number {
    return this.#reload ? -1 : this.version
  }

  /** This copy may differ from the store (an append whose outcome is unknown, an entry that did not apply). */
  mustReload(): void {
    this.#reload = true
  }

  committedAt(version: number, settings: string): void {
    this.version = version
    this.committed = settings
  }

  /** The overrides' hits as the store counts them: a spent override is gone here too. */
  takeHits(hits: Map<number, number>): void {
    this.#hits = hits
    const { overrides } = this.context
    for (const entry of overrides.list()) {
      const counted = hits.get(entry.id)
      if (counted === undefined || 'resolver' in entry.answer) continue
      entry.hits = Math.max(entry.hits, counted)
      if (entry.times !== null && entry.hits >= entry.times) overrides.remove(entry.id)
    }
  }

  /** Loads the tenant into this copy, or makes it from the mock's starting state when the store has none. */
  async open(ctx: DomainContext): Promise<void> {
    this.#ctx = ctx
    const { connection, prefix } = this.#home
    const profile = createHash('sha1').update(JSON.stringify(ctx.profile)).digest('hex')
    const ttl = this.#home.ttlMs()
    let reply = (await connection.run(OPEN, [prefix, ttl, profile])) as Reply[]
    if (reply[0] === 'absent') {
      const settings = JSON.stringify(settingsOf(ctx))
      const made = [stateText(ctx), settings, Date.now(), FORMAT_KEY, STORE_FORMAT]
      reply = (await connection.run(OPEN, [prefix, ttl, profile, ...made])) as Reply[]
      this.loaded = reply[0] !== 'created'
      if (!this.loaded) return this.committedAt(0, settings)
    }
    this.loaded = true
    if (reply[0] === 'other_profile')
      throw new StoreError(
        'other_profile',
        `${this.#source} is served with other choices (another profile or twin): start every replica with the same data flags, or use another database`,
      )
    await this.apply(['reload', reply[1]!, reply[2]!, reply[3]!])
  }

  /**
   * Brings this copy to what the store answered: the entries after its version applied in order,
   * or the snapshot loaded and the entries after it; a tenant gone (expired) is made anew. Throws
   * when the entries do not follow on from this copy's version.
   */
  async apply([status, version, entries, snapshot]: Reply[]): Promise<void> {
    const ctx = this.context
    if (status === 'gone') return this.#remake(ctx)
    const [at, state, settings] = (snapshot ?? []) as string[]
    // A reload asked for before another request's reload was done: only the entries after this copy are new.
    const whole = status === 'reload' && (this.#reload || Number(at) > this.version)
    this.applying = true
    if (whole) this.wholeLoads++
    try {
      if (whole) {
        await loadStateText(ctx, state!, this.#source)
        applySettings(ctx, JSON.parse(settings!), this.#hits)
        this.version = Number(at)
        this.#reload = false
      }
      const flat = (entries ?? []) as string[]
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const at = Number(flat[i])
        if (at <= this.version) continue
        if (at !== this.version + 1) throw new Error(`entry ${at} does not follow version ${this.version}`)
        const entry = JSON.parse(flat[i + 1]!) as StateEntry
        await applyChanges(ctx.store, entry)
        if (entry.settings) applySettings(ctx, entry.settings, this.#hits)
        this.version = at
      }
      if (this.version < Number(version)) throw new Error(`the store is at ${version}, this copy at ${this.version}`)
      this.committed = JSON.stringify(settingsOf(ctx))
    } finally {
      this.applying = false
      if (whole) this.wholeLoads++
    }
  }

  /** The tenant expired (or Redis lost it): back to the mock's start, which becomes the tenant's first state again. */
  async #remake(ctx: DomainContext): Promise<void> {
    this.applying = true
    this.wholeLoads++
    try {
      await ctx.store.load(ctx.fixtures)
      Object.assign(ctx.tiers, ctx.initial.tiers)
      ctx.faults.configure(ctx.initial.faults)
      restoreClock(ctx.clock, ctx.initial.clock)
      ctx.overrides.restore([], 0)
      this.journal?.restore([])
      this.#hits = new Map()
      this.version = -1
      this.#reload = false
    } finally {
      this.applying = false
      this.wholeLoads++
    }
    await this.open(ctx)
  }
}
