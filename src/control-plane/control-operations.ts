import { validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type {
  ClockInput,
  ClockState,
  DeliveryInput,
  DeliveryReport,
  FaultSettings,
  Health,
  LastIds,
  MockState,
  NewUserInput,
  SeedInput,
  StoreCounts,
  TierOverrides,
  TierTable,
  TopUpInput,
  UserTierInput,
} from '../schemas/control-plane.js'
import { Dataset, type DatasetInput } from '../schemas/dataset.js'
import type { User } from '../schemas/user.js'
import type { UserRecord } from '../store/models.js'
import { accountById, createAccount } from '../domain/accounts.js'
import { isoTimestamp, restoreClock, stampNow } from '../domain/clock.js'
import { deliver } from '../domain/deliver.js'
import type { DomainContext } from '../domain/domain-context.js'
import { NO_FAULTS } from '../domain/faults.js'
import { PACKAGE_VERSION } from '../domain/package-version.js'
import { pageOffset, type PageQuery } from '../store/indexed-collection.js'
import { pagination, presentUser, type Pagination } from '../presentation/present.js'
import type { JournalEntry } from '../domain/request-journal.js'
import type { JournalFilter } from '../schemas/journal.js'
import { mergeTiers } from '../domain/tiers.js'
import { topUp } from '../domain/top-up.js'

/**
 * Every control operation as a plain function over input already checked against the schema
 * its operation declares: the /__admin handlers call these once the pipeline has validated
 * the request, and the MockApi's functions (checked-controls.ts) once they have. Writes go
 * through the write queue, so concurrent control calls cannot interleave half-way.
 * @example await createControlOperations(ctx).topUp(1, { amount_usd: 50 })
 */
export function createControlOperations(ctx: DomainContext) {
  return {
    ...lifecycleOperations(ctx),
    ...accountOperations(ctx),
    ...settingsOperations(ctx),
    ...journalAndStateOperations(ctx),
  }
}

/** The control operations over checked input, as the /__admin handlers call them. */
export type ControlOperations = ReturnType<typeof createControlOperations>

/** The mock as a whole: is it up, and back to its start or to a seeded dataset. */
function lifecycleOperations(ctx: DomainContext) {
  // Real time, not the mock's clock: how long this mock has served, however far its clock was moved.
  const createdAt = Date.now()
  return {
    /** The mock is up: its version, how long it has run and what it holds. */
    health: (): Health => ({
      status: 'ok',
      version: PACKAGE_VERSION,
      uptime_ms: Date.now() - createdAt,
      counts: ctx.store.counts(),
    }),
    /**
     * Restores the start: the fixtures (or this dataset), tiers, faults and the clock (following real
     * time again, or still where it stood at start); removes every override; clears rate-limit counts and the journal.
     */
    reset: (dataset: DatasetInput = ctx.fixtures): Promise<StoreCounts> =>
      ctx.writeQueue(async () => {
        const result = await loadDataset(ctx, ctx.schemas.records.Dataset.parse(dataset))
        Object.assign(ctx.tiers, ctx.initial.tiers)
        ctx.faults.configure(ctx.initial.faults)
        restoreClock(ctx.clock, ctx.initial.clock)
        ctx.overrides.clear()
        ctx.journal.clear()
        return result
      }, 'reset'),
    /** Loads the fixtures the mock started with, or a generated dataset (faker, seeded; loaded only then) that fits the profile. */
    async seed(seed: SeedInput): Promise<StoreCounts> {
      const dataset =
        seed.source === 'fixtures'
          ? ctx.fixtures
          : (await import('../store/generate-dataset.js')).generateDataset(
              {
                users: seed.users,
                seed: seed.seed,
                advertsPerUser: seed.adverts_per_user,
                campaignsPerAdvert: seed.campaigns_per_advert,
              },
              ctx.profile,
            )
      return ctx.writeQueue(() => loadDataset(ctx, ctx.schemas.records.Dataset.parse(dataset)), 'seed')
    },
  }
}

/** The accounts: open, list, read, move to another tier, top up, and bill deliveries. */
function accountOperations(ctx: DomainContext) {
  const present = (user: UserRecord) => presentUser(user, ctx)
  const { writeQueue } = ctx
  return {
    /** Opens a new account with a fresh API key. */
    createUser: (input: NewUserInput | undefined): Promise<User> =>
      writeQueue(async () => present(await createAccount(ctx, input))),
    /** One page of every account, by id. */
    listUsers(query: PageQuery): { data: User[]; pagination: Pagination } {
      const all = Array.from(ctx.store.users.rows())
      const offset = pageOffset(query)
      return {
        data: all.slice(offset, offset + query.per_page).map(present),
        pagination: pagination(query, all.length),
      }
    },
    getUser: (id: number): User => present(accountById(ctx, id)),
    /** Moves an account to another tier; its rate-limit counts carry over. */
    setUserTier: (id: number, { tier }: UserTierInput): Promise<User> =>
      writeQueue(async () => {
        const user = accountById(ctx, id)
        return present(
          await ctx.store.updateUser(user, (draft) => {
            draft.api_tier = tier
            draft.updated_at = stampNow(ctx)
          }),
        )
      }),
    topUp: (id: number, input: TopUpInput): Promise<User> =>
      writeQueue(async () => present(await topUp(ctx, id, input))),
    deliver: (input: DeliveryInput): Promise<DeliveryReport> => writeQueue(() => deliver(ctx, input)),
  }
}

/** The settings around the data: the clock, the tier limits and the faults. */
function settingsOperations(ctx: DomainContext) {
  // Settings change outside the write queue (they never await); persisters hear of them all the same.
  const settingsChanged = <T>(result: T): T => {
    void ctx.changes.notify({ reason: 'settings' })
    return result
  }
  return {
    clock: (): ClockState => clockState(ctx),
    /** Advances, sets or releases the clock; rate-limit windows follow it. */
    moveClock(move: ClockInput): ClockState {
      if ('advance_ms' in move) ctx.clock.advance(move.advance_ms)
      else if ('advance_seconds' in move) ctx.clock.advance(move.advance_seconds * 1000)
      else if ('set' in move) ctx.clock.set(Date.parse(move.set))
      else ctx.clock.resume()
      return settingsChanged(clockState(ctx))
    },
    tiers: (): TierTable => structuredClone(ctx.tiers),
    /** Changes the limits given (merged over the current ones, limit by limit); users see them at once. */
    setTiers(overrides: TierOverrides): TierTable {
      mergeTiers(ctx.tiers, overrides)
      return settingsChanged(structuredClone(ctx.tiers))
    },
    faults: (): FaultSettings => structuredClone(ctx.faults.settings),
    /** Replaces the fault settings (and restarts their random sequence from the seed). */
    setFaults(settings: FaultSettings): FaultSettings {
      ctx.faults.configure(settings)
      return settingsChanged(structuredClone(ctx.faults.settings))
    },
    clearFaults(): FaultSettings {
      ctx.faults.configure(NO_FAULTS)
      return settingsChanged(structuredClone(NO_FAULTS))
    },
  }
}

/** What the mock recorded and holds, read out and put back: the request journal, and the whole state. */
function journalAndStateOperations(ctx: DomainContext) {
  return {
    /** The journal's entries that match the filter (every one without), oldest first. */
    requests: (filter?: JournalFilter): JournalEntry[] => ctx.journal.entries(filter),
    clearRequests: (): { cleared: number } => ({ cleared: ctx.journal.clear() }),
    /** The whole state as JSON: dataset, id counters, tiers, clock and faults. */
    exportState: (): MockState => ({
      dataset: ctx.store.export(),
      last_ids: ctx.store.lastIds,
      tiers: structuredClone(ctx.tiers),
      clock: { now: clockState(ctx).now, frozen: ctx.clock.frozen },
      faults: structuredClone(ctx.faults.settings),
    }),
    /** Restores an exported state; a state that does not hold together is refused whole. */
    importState: (state: MockState): Promise<StoreCounts> =>
      ctx.writeQueue(async () => {
        const result = await loadDataset(ctx, state.dataset, state.last_ids)
        if (state.tiers) Object.assign(ctx.tiers, state.tiers)
        if (state.faults) ctx.faults.configure(state.faults)
        if (state.clock) {
          ctx.clock.set(Date.parse(state.clock.now))
          if (!state.clock.frozen) ctx.clock.resume()
        }
        return result
      }, 'import'),
  }
}

/**
 * Replaces the dataset and clears the rate-limit counts. Called inside a queued write: the whole
 * replacement (dataset, then tiers, faults, clock) is one write. It takes a parsed dataset, so an
 * imported state, which its operation's schema has parsed, is not parsed again.
 */
async function loadDataset(ctx: DomainContext, dataset: Dataset, lastIds?: LastIds): Promise<StoreCounts> {
  try {
    await ctx.store.loadParsed(dataset, lastIds)
  } catch (error) {
    // The store checks references before it clears anything, so a refused dataset changes nothing.
    if (error instanceof RangeError)
      throw validationFailed(MESSAGES.validation_failed.dataset(error.message), [
        { field: 'dataset', message: error.message },
      ])
    throw error
  }
  ctx.rateLimiter.clear()
  return ctx.store.counts()
}

/** The mock's clock as the control plane shows it. */
function clockState(ctx: DomainContext): ClockState {
  const now = ctx.clock.now()
  return { now: isoTimestamp(now), epoch_ms: now, frozen: ctx.clock.frozen }
}
