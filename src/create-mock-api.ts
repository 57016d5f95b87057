import type { HttpHandler } from 'msw'
import { createAccount, type NewAccount } from './domain/accounts.js'
import { createClock, type Clock } from './domain/clock.js'
import { presentUser } from './domain/present.js'
import { DEFAULT_TIER_LIMITS } from './domain/tiers.js'
import { createHandlers } from './handlers/index.js'
import type { MockContext } from './mock-context.js'
import type { DatasetInput } from './schemas/dataset.js'
import type { ApiTier, ApiTierLimits, User } from './schemas/user.js'
import { DEFAULT_FIXTURES } from './store/fixtures.js'
import { Store } from './store/store.js'

export interface MockApiOptions {
  /** The dataset to start with and to restore on reset; defaults to fixtures/default.json. */
  fixtures?: DatasetInput
  /** Where the API lives; `*` matches any origin. Default `*\/api/v1`. */
  apiBase?: string
  /** Where the control plane lives. Default `*\/__admin`. */
  adminBase?: string
  /** When set, the control plane needs it in the X-Admin-Token header. */
  adminToken?: string
  /** Overrides of the tier limits table. */
  tiers?: Partial<Record<ApiTier, ApiTierLimits>>
  clock?: Clock
}

/** A running mock: its msw handlers and the same controls the /__admin endpoints offer. */
export interface MockApi {
  /** The msw request handlers; give them to setupServer, setupWorker or the Express adapter. */
  readonly handlers: HttpHandler[]
  readonly context: MockContext
  /** Restores the fixtures (or another dataset) without rebuilding the handlers. */
  reset(dataset?: DatasetInput): Promise<void>
  /** Opens a new account with a fresh key, as POST /__admin/users does. */
  createUser(account?: NewAccount): Promise<User>
}

/**
 * Creates the mock: a store loaded with the fixtures and the handlers over it.
 * @example const api = await createMockApi(); setupServer(...api.handlers)
 */
export async function createMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  const context: MockContext = {
    store: new Store(),
    clock: options.clock ?? createClock(),
    tiers: { ...DEFAULT_TIER_LIMITS, ...options.tiers },
    fixtures: options.fixtures ?? DEFAULT_FIXTURES,
    apiBase: options.apiBase ?? '*/api/v1',
    adminBase: options.adminBase ?? '*/__admin',
    adminToken: options.adminToken,
  }
  await context.store.load(context.fixtures)
  return {
    handlers: createHandlers(context),
    context,
    reset: (dataset = context.fixtures) => context.store.load(dataset),
    createUser: async (account = {}) => presentUser(await createAccount(context, account), context.tiers),
  }
}
