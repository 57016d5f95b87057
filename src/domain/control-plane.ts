import type { z } from 'zod'
import { validationFailed } from '../http/api-error.js'
import { validate } from '../http/parse-input.js'
import type { MockContext } from '../mock-context.js'
import {
  ClockInput,
  DeliveryInput,
  FaultSettings,
  MockState,
  NewUserInput,
  SeedInput,
  TierOverrides,
  TopUpInput,
  UserTierInput,
  type ClockState,
  type DeliveryReport,
  type FaultSettingsInput,
  type MockStateInput,
  type StoreCounts,
  type TierTable,
} from '../schemas/admin.js'
import { Id, PaginationQuery, type Pagination } from '../schemas/common.js'
import type { DatasetInput } from '../schemas/dataset.js'
import type { User } from '../schemas/user.js'
import type { JournalEntry } from './request-journal.js'
import { generateDataset } from '../store/generate-dataset.js'
import { accountById, createAccount } from './accounts.js'
import { isoTimestamp } from './clock.js'
import { deliver } from './deliver.js'
import { NO_FAULTS } from './faults.js'
import { presentUser } from './present.js'
import { topUp } from './top-up.js'

/**
 * Every control operation as a plain function: the /__admin handlers call these, and the
 * MockApi object is made of them, so in-process and HTTP share one implementation and
 * one validation (each input is checked with the zod schema its operation declares).
 * Writes run one at a time, so concurrent control calls cannot interleave half-way.
 * @example await createControlPlane(ctx).topUp(1, { amount_usd: 50 })
 */
export function createControlPlane(ctx: MockContext) {
  const present = (user: Parameters<typeof presentUser>[0]) => presentUser(user, ctx.tiers)
  const userId = (id: number) => validate(Id, id, 'user id')
  const { exclusive } = ctx
  const load = (dataset: DatasetInput) =>
    exclusive(async () => {
      try {
        await ctx.store.load(dataset)
      } catch (error) {
        // The store checks references before it clears anything, so a refused dataset changes nothing.
        if (error instanceof RangeError) throw validationFailed(`Invalid dataset: ${error.message}`, [{ field: 'dataset', message: error.message }])
        throw error
      }
      ctx.rateLimiter.clear()
      return counts()
    })
  const counts = (): StoreCounts => ({ users: ctx.store.users.size, adverts: ctx.store.adverts.size, campaigns: ctx.store.campaigns.size })
  const clock = (): ClockState => {
    const now = ctx.clock.now()
    return { now: isoTimestamp(now), epoch_ms: now, frozen: ctx.clock.frozen }
  }

  return {
    /** Restores the start: the fixtures (or this dataset), tiers and faults; clears rate-limit counts and the journal. The clock is left alone. */
    async reset(dataset: DatasetInput = ctx.fixtures): Promise<StoreCounts> {
      const result = await load(dataset)
      Object.assign(ctx.tiers, ctx.initial.tiers)
      ctx.faults.configure(ctx.initial.faults)
      ctx.journal.clear()
      return result
    },
    /** Loads the fixtures the mock started with, or a generated dataset (faker, seeded). */
    seed(input: z.input<typeof SeedInput>): Promise<StoreCounts> {
      const seed = validate(SeedInput, input, 'request body')
      return load(
        seed.source === 'fixtures'
          ? ctx.fixtures
          : generateDataset({ users: seed.users, seed: seed.seed, advertsPerUser: seed.adverts_per_user, campaignsPerAdvert: seed.campaigns_per_advert }),
      )
    },
    /** Opens a new account with a fresh API key. */
    createUser: (input: NewUserInput = {}): Promise<User> =>
      exclusive(async () => present(await createAccount(ctx, validate(NewUserInput, input, 'request body')))),
    /** One page of every account, by id. */
    listUsers(query: { page?: number; per_page?: number } = {}): { data: User[]; pagination: Pagination } {
      const { page, per_page } = validate(PaginationQuery, query, 'query parameters')
      const all = Array.from(ctx.store.users.rows())
      const data = all.slice((page - 1) * per_page, page * per_page).map(present)
      return { data, pagination: { page, per_page, total_count: all.length, total_pages: Math.ceil(all.length / per_page) } }
    },
    getUser: (id: number): User => present(accountById(ctx, userId(id))),
    /** Moves an account to another tier; its rate-limit counts carry over. */
    setUserTier: (id: number, input: UserTierInput): Promise<User> =>
      exclusive(async () => {
        const { tier } = validate(UserTierInput, input, 'request body')
        const user = accountById(ctx, userId(id))
        return present(
          await ctx.store.updateUser(user, (draft) => {
            draft.api_tier = tier
            draft.updated_at = isoTimestamp(ctx.clock.now())
          }),
        )
      }),
    topUp: (id: number, input: TopUpInput): Promise<User> =>
      exclusive(async () => present(await topUp(ctx, userId(id), validate(TopUpInput, input, 'request body')))),
    deliver: (input: DeliveryInput): Promise<DeliveryReport> =>
      exclusive(() => deliver(ctx, validate(DeliveryInput, input, 'request body'))),
    clock,
    /** Advances, sets or releases the clock; rate-limit windows follow it. */
    moveClock(input: ClockInput): ClockState {
      const move = validate(ClockInput, input, 'request body')
      if ('advance_ms' in move) ctx.clock.advance(move.advance_ms)
      else if ('advance_seconds' in move) ctx.clock.advance(move.advance_seconds * 1000)
      else if ('set' in move) ctx.clock.set(Date.parse(move.set))
      else ctx.clock.resume()
      return clock()
    },
    tiers: (): TierTable => structuredClone(ctx.tiers),
    /** Replaces the limits of the tiers given; users see them at once. */
    setTiers(overrides: TierOverrides): TierTable {
      Object.assign(ctx.tiers, validate(TierOverrides, overrides, 'request body'))
      return structuredClone(ctx.tiers)
    },
    faults: (): FaultSettings => structuredClone(ctx.faults.settings),
    /** Replaces the fault settings (and restarts their random sequence from the seed). */
    setFaults(input: FaultSettingsInput): FaultSettings {
      ctx.faults.configure(validate(FaultSettings, input, 'request body'))
      return structuredClone(ctx.faults.settings)
    },
    clearFaults(): FaultSettings {
      ctx.faults.configure(NO_FAULTS)
      return structuredClone(NO_FAULTS)
    },
    requests: (): JournalEntry[] => ctx.journal.entries(),
    clearRequests: (): { cleared: number } => ({ cleared: ctx.journal.clear() }),
    /** The whole state as JSON: dataset, tiers, clock and faults. */
    exportState: (): MockState => ({
      dataset: ctx.store.export(),
      tiers: structuredClone(ctx.tiers),
      clock: { now: clock().now, frozen: ctx.clock.frozen },
      faults: structuredClone(ctx.faults.settings),
    }),
    /** Restores an exported state; a state that does not hold together is refused whole. */
    async importState(input: MockStateInput): Promise<StoreCounts> {
      const state = validate(MockState, input, 'request body')
      const result = await load(state.dataset)
      if (state.tiers) Object.assign(ctx.tiers, state.tiers)
      if (state.faults) ctx.faults.configure(state.faults)
      if (state.clock) {
        ctx.clock.set(Date.parse(state.clock.now))
        if (!state.clock.frozen) ctx.clock.resume()
      }
      return result
    },
  }
}

/** The control operations, for in-process use. */
export type ControlPlane = ReturnType<typeof createControlPlane>
