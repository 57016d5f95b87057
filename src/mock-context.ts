import type { Clock } from './domain/clock.js'
import type { Faults } from './domain/faults.js'
import type { RateLimiter } from './domain/rate-limit.js'
import type { RequestJournal } from './domain/request-journal.js'
import type { WriteQueue } from './domain/write-queue.js'
import type { FaultSettings } from './schemas/admin.js'
import type { DatasetInput } from './schemas/dataset.js'
import type { ApiTier, ApiTierLimits } from './schemas/user.js'
import type { Store } from './store/store.js'

/** What every handler and control operation works on; transport-free. */
export interface MockContext {
  store: Store
  clock: Clock
  tiers: Record<ApiTier, ApiTierLimits>
  /** The dataset that a reset restores. */
  fixtures: DatasetInput
  /** URL prefix of the public API for msw's matcher; a leading `*` matches any origin. */
  apiBase: string
  /** URL prefix of the control plane. */
  adminBase: string
  /** When set, the control plane answers only requests that carry it. */
  adminToken?: string
  /** Per-user request counts of the public API (never the control plane). */
  rateLimiter: RateLimiter
  /** Latency and forced errors for the public API. */
  faults: Faults
  /** The last requests the public API answered. */
  journal: RequestJournal
  /** Runs writes one at a time: every public write and every control-plane write goes through it. */
  exclusive: WriteQueue
  /** The tiers and faults the mock started with: what a reset restores besides the dataset. */
  initial: { tiers: Record<ApiTier, ApiTierLimits>; faults: FaultSettings }
}
