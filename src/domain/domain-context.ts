import type { Profile } from '../profile/profile.js'
import type { ProfiledSchemas } from '../schemas/profiled.js'
import type { FaultSettings } from '../schemas/control-plane.js'
import type { ResourceCaps } from '../schemas/resource-caps.js'
import type { DatasetInput } from '../schemas/dataset.js'
import type { ApiTier, ApiTierLimits } from '../schemas/user.js'
import type { Store } from '../store/store.js'
import type { Clock, ClockStart } from './clock.js'
import type { Faults } from './faults.js'
import type { Overrides } from './overrides.js'
import type { RateLimiter } from './rate-limit.js'
import type { RequestJournal } from './request-journal.js'
import type { StateChanges } from './state-changes.js'
import type { WriteQueue } from './write-queue.js'

/**
 * A place beyond this process that keeps a mock's state, shared by every mock that uses it (Node:
 * a tenant of a Redis store, src/persistence/redis). It keeps some of the context's parts itself
 * and loads its state into the mock once the mock is made.
 */
export interface StateStore {
  /**
   * The parts of a new mock's context that the store keeps, made over the mock's own ones: rate-limit
   * counts, the journal, the write turns. Called once, before the mock answers anything.
   */
  attach(ctx: DomainContext): Pick<DomainContext, 'rateLimiter' | 'journal' | 'writeQueue'>
  /** The mock's overrides over its own registry: the ones given as data, and their hits, kept in the store. */
  shareOverrides<Resolver>(local: Overrides<Resolver>): Overrides<Resolver>
  /** Loads the store's state into the mock, or, where the store holds none yet, makes the mock's its first. */
  open(ctx: DomainContext): Promise<void>
}

/** What the domain rules and the control operations work on: state and policies, no HTTP. */
export interface DomainContext {
  /** Every choice where the spec is silent: the default profile, or a twin's. */
  profile: Profile
  /** The schemas the profile validates and stores with (the modules' own for the default profile). */
  schemas: ProfiledSchemas
  store: Store
  clock: Clock
  tiers: Record<ApiTier, ApiTierLimits>
  /** The dataset that a reset restores. */
  fixtures: DatasetInput
  /** The most adverts and campaigns an account, and users the store, may hold through creates. */
  caps: ResourceCaps
  /** Per-user request counts of the public API (never the control plane). */
  rateLimiter: RateLimiter
  /** Latency and forced errors for the public API. */
  faults: Faults
  /** Answers given in place of an operation's (from the control plane or in-process); a reset empties it. */
  overrides: Overrides
  /** The last requests the public API answered. */
  journal: RequestJournal
  /** Runs writes one at a time: every public write and every control-plane write goes through it. */
  writeQueue: WriteQueue
  /** Told after every acknowledged write and every new state or setting: what persisters listen to. */
  changes: StateChanges
  /** The tiers, faults and clock the mock started with: what a reset restores besides the dataset. */
  initial: { tiers: Record<ApiTier, ApiTierLimits>; faults: FaultSettings; clock: ClockStart }
}
