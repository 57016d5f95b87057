import type { DomainContext, StateStore } from '../../domain/domain-context.js'
import { ApiError } from '../../errors/api-error.js'
import type { Overrides } from '../../domain/overrides.js'
import type { WriteQueue } from '../../domain/write-queue.js'
import type { RecordChange } from '../../store/store.js'
import { Mutex } from './batcher.js'
import { CATCH_UP, COMMIT } from './lua-scripts.js'
import type { RedisConnection, Reply } from './redis-connection.js'
import { hitsOf, sharedJournal, sharedOverrides, sharedRateLimiter, type PartsHome } from './shared-parts.js'
import { entryChange, settingsOf, stateText, type EntryChange, type StateEntry } from './state-entry.js'
import { StoreError, unavailable } from './store-error.js'
import { TenantCache } from './tenant-cache.js'
import { releaseTurn, takeTurn } from './write-turn.js'

/** Every this many versions, a commit also saves a snapshot and drops the entries before it. */
export const SNAPSHOT_EVERY = 1_000

/** A write turn the listener opened for a control-plane request: the queued writes made meanwhile join it. */
interface OpenTurn {
  joined: Set<Promise<unknown>>
  closing: boolean
  committed: Promise<boolean>
}

/** What a request asks of a catch-up besides the state: the journal (for the control plane). */
export type SyncWants = { journal?: boolean }

/**
 * One tenant of a Redis store as one replica serves it: the mock's state in memory is a cache of the
 * tenant's state in Redis (a snapshot and the log of entries after it). Before a request is answered
 * the replica catches up (`sync`); a write runs in the tenant's write turn, on the latest state, and
 * what it changed is appended as the next version before its answer; counts, the journal and the
 * overrides' hits are kept in Redis as they happen (`settle` waits for them). A failure of Redis
 * makes every answer under way a 503 (the listener's), and the next request catches up again.
 * @example const api = await createMockApi({ store: new SharedTenant(listener.sandbox!.store.connection, 'ci-42') })
 */
export class SharedTenant implements StateStore, PartsHome {
  readonly name: string
  readonly prefix: string
  readonly connection: RedisConnection
  /** Redis failures seen so far: the listener answers 503 when one happened while it answered. */
  failures = 0
  readonly #ttlMs: number
  readonly #cache: TenantCache
  readonly #sections = new Mutex()
  readonly #apply = new Mutex()
  #changes: EntryChange[] = []
  #loaded = false
  #open: OpenTurn | undefined
  #effects = new Set<Promise<boolean>>()
  #pending: { wants: SyncWants; done: Promise<void> } | undefined
  #touched = 0

  constructor(connection: RedisConnection, name: string, { ttlMs = 0, storeName = 'the store' } = {}) {
    this.connection = connection
    this.name = name
    this.prefix = `acm:t:${name}:`
    this.#ttlMs = ttlMs
    this.#cache = new TenantCache(this, `${storeName}'s tenant "${name}"`)
  }

  /** Whether the tenant was in the store when this replica opened it (false: this replica made it). */
  get loaded(): boolean {
    return this.#cache.loaded
  }

  ttlMs(): number {
    return this.#ttlMs
  }

  attach(ctx: DomainContext) {
    const journal = sharedJournal(this, ctx.journal)
    this.#cache.journal = journal
    return { rateLimiter: sharedRateLimiter(this), journal, writeQueue: this.#queue(ctx.writeQueue) }
  }

  shareOverrides<Resolver>(local: Overrides<Resolver>): Overrides<Resolver> {
    return sharedOverrides(this, local)
  }

  async open(ctx: DomainContext): Promise<void> {
    ctx.store.watch((change) => this.#record(change))
    // A setting changed in-process, outside any turn (api.setTiers): shared by a turn of its own, soon after.
    ctx.changes.subscribe(({ reason }) => {
      if (reason === 'settings' && !this.#open && !this.#cache.applying)
        this.#section(async () => undefined).catch(() => undefined)
    })
    await this.#cache.open(ctx)
  }

  track(effect: Promise<unknown>): void {
    const done = effect.then(
      () => true,
      () => {
        this.failures++
        return false
      },
    )
    this.#effects.add(done)
    void done.then(() => this.#effects.delete(done))
  }

  unavailable(cause: unknown): ApiError {
    this.failures++
    return new ApiError(
      'service_unavailable',
      unavailable(this.name, (cause as Error).message ?? String(cause)).message,
    )
  }

  /**
   * What changed under requests in flight: Redis failures, and states loaded whole (a reset elsewhere,
   * a recovery). The listener answers 503 for a request during which it moved: its answer may rest
   * on what did not reach Redis, or on a state half loaded.
   */
  get disturbances(): number {
    return this.failures + this.#cache.wholeLoads
  }

  /** Waits for the round trips requests have started so far (journal, counts, hits); a failed one is a StoreError. */
  async settle(): Promise<void> {
    if (this.#effects.size === 0) return
    const outcomes = await Promise.all([...this.#effects])
    if (outcomes.includes(false)) throw unavailable(this.name, 'a count or journal entry did not reach it')
  }

  /**
   * Catches up with the tenant: one round trip, shared by every request that asks within the same
   * turn of the event loop (and sent after each of them arrived, so each sees every write answered
   * before it came), then the entries applied. With `journal`, the journal is read back too.
   */
  sync(wants: SyncWants = {}): Promise<void> {
    let pending = this.#pending
    if (!pending) {
      const batch = { wants: {} as SyncWants, done: Promise.resolve() }
      batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#catchUp(batch.wants))
      this.#pending = pending = batch
    }
    if (wants.journal) pending.wants.journal = true
    return pending.done
  }

  /**
   * Runs a control-plane request in one write turn: every queued write it (or anyone) makes meanwhile
   * joins the turn, and what all of them and the settings changed is appended before it resolves.
   */
  writeTurn<T>(run: () => Promise<T>): Promise<T> {
    let committed!: (ok: boolean) => void
    const turn: OpenTurn = {
      joined: new Set(),
      closing: false,
      committed: new Promise<boolean>((resolve) => (committed = resolve)),
    }
    return this.#section(run, turn, committed)
  }

  async #catchUp(wants: SyncWants): Promise<void> {
    this.#pending = undefined
    const ctx = this.#cache.context
    const hits = ctx.overrides.size > 0
    const touch = this.#ttlMs > 0 && Date.now() - this.#touched > this.#ttlMs / 10 ? this.#ttlMs : 0
    if (touch) this.#touched = Date.now()
    const from = this.#cache.from()
    // Most catch-ups find nothing new: one GET of the version says so, cheaper than the script for Redis and the client.
    if (!hits && !wants.journal && !touch && from >= 0) {
      const version = await this.#redis(() => this.connection.command(['GET', `${this.prefix}v`]), 'no catch-up')
      if (version !== null && Number(version) === from) return
    }
    const journal = wants.journal ? this.#cache.journal?.seen : undefined
    const args = [this.prefix, from, hits ? 1 : 0, journal?.seq ?? -1, touch, journal?.generation ?? '']
    const reply = (await this.#redis(
      () => this.connection.run(CATCH_UP, args),
      'it did not answer a catch-up',
    )) as Reply[]
    if (hits) this.#cache.takeHits(hitsOf(reply[4] ?? []))
    if (journal) this.#cache.journal?.load((reply[5] ?? []) as string[], String(reply[7]))
    const [status, version] = reply
    if (status !== 'ok' || Number(version) > this.#cache.version) await this.#apply.run(() => this.#applied(reply))
  }

  /** Applies what the store answered; a state that does not apply is loaded whole at the next request. */
  async #applied(reply: Reply[]): Promise<void> {
    try {
      await this.#cache.apply(reply)
    } catch (error) {
      this.#cache.mustReload()
      this.failures++
      throw unavailable(this.name, `its state did not apply here (${(error as Error).message})`)
    }
  }

  #queue(local: WriteQueue): WriteQueue {
    return (write, reason) => {
      const open = this.#open
      // Inside the pipeline, a store that fails is the 503 the pipeline answers (the listener then adds Retry-After).
      if (!open || open.closing)
        return this.#section(() => local(write, reason)).catch((error: unknown) => {
          throw error instanceof StoreError ? new ApiError('service_unavailable', error.message) : error
        })
      const done = local(write, reason)
      open.joined.add(done)
      const forget = () => void open.joined.delete(done)
      done.then(forget, forget)
      // Its answer waits (in `settle`) for the turn's append, not the write itself: the turn ends
      // only once the request that opened it has its answer, which may be waiting for this write.
      this.track(
        open.committed.then((ok) => {
          if (!ok) throw unavailable(this.name, 'the write could not be appended')
        }),
      )
      return done
    }
  }

  /** One write turn: take it (catching up), run, append what changed, end it. */
  #section<T>(run: () => Promise<T>, open?: OpenTurn, committed?: (ok: boolean) => void): Promise<T> {
    return this.#sections.run(async () => {
      const take = () => this.#redis(() => takeTurn(this.connection, this.prefix, () => this.#cache.from()), 'no turn')
      let turn = await take()
      // The tenant expired: made anew, then the turn taken on it.
      while (turn.reply[0] === 'gone') {
        turn.stopRenewing()
        await this.#apply.run(() => this.#applied(turn.reply))
        turn = await take()
      }
      try {
        return await this.#apply.run(async () => {
          await this.#applied(turn.reply)
          this.#changes = []
          this.#loaded = false
          this.#open = open
          const outcome = await run().then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          )
          if (open) {
            open.closing = true
            while (open.joined.size > 0) await Promise.allSettled([...open.joined])
          }
          this.#open = undefined
          const ok = await this.#commit(turn.token)
          committed?.(ok)
          if (!ok) throw unavailable(this.name, 'the write could not be appended')
          if ('error' in outcome) throw outcome.error
          return outcome.value
        })
      } finally {
        this.#open = undefined
        releaseTurn(this.connection, this.prefix, turn)
      }
    })
  }

  /** Appends what the turn changed as the next version (with a snapshot after a new state, and every SNAPSHOT_EVERY); false when it could not. */
  async #commit(token: string): Promise<boolean> {
    const ctx = this.#cache.context
    const changes = this.#changes
    const loaded = this.#loaded
    this.#changes = []
    this.#loaded = false
    const settings = settingsOf(ctx)
    const settingsText = JSON.stringify(settings)
    const settingsChanged = settingsText !== this.#cache.committed
    if (!loaded && changes.length === 0 && !settingsChanged) return true
    const entry: StateEntry = { ids: ctx.store.lastIds }
    if (!loaded && changes.length > 0) entry.changes = changes
    if (settingsChanged) entry.settings = settings
    const next = this.#cache.version + 1
    const snapshot = loaded || next % SNAPSHOT_EVERY === 0 ? [stateText(ctx), settingsText] : []
    try {
      const args = [this.prefix, token, this.#cache.version, JSON.stringify(entry), this.#ttlMs, ...snapshot]
      const reply = (await this.connection.run(COMMIT, args)) as Reply[]
      if (reply[0] !== 'ok') throw new Error('the write turn had expired')
      this.#cache.committedAt(Number(reply[1]), settingsText)
      return true
    } catch {
      // Whether it was appended is unknown: this replica's state is loaded whole from the store next time.
      this.#cache.mustReload()
      this.failures++
      return false
    }
  }

  #record(change: RecordChange): void {
    if (this.#cache.applying) return
    if (change.kind === 'load') this.#loaded = true
    else this.#changes.push(entryChange(change))
  }

  /** A round trip to Redis; its failure counts, and is the StoreError the listener answers 503 for. */
  async #redis<T>(call: () => Promise<T>, what: string): Promise<T> {
    try {
      return await call()
    } catch (error) {
      this.failures++
      throw unavailable(this.name, `${what}: ${(error as Error).message}`)
    }
  }
}
