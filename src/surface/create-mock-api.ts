import type { RequestHandler } from 'msw'
import * as z from 'zod/mini'
import { createArrange, type Arrange } from '../control-plane/arrange.js'
import { clockStart, createClock, type Clock } from '../domain/clock.js'
import { createControlOperations } from '../control-plane/control-operations.js'
import { createFaults } from '../domain/faults.js'
import { checkedControls, type MockControls } from '../control-plane/checked-controls.js'
import { createOverrideHandler, type Override, type OverrideHandlerFactory } from './override.js'
import { createOverrides, type Overrides } from '../domain/overrides.js'
import { createRateLimiter } from '../domain/rate-limit.js'
import { createStateChanges, type StateListener } from '../domain/state-changes.js'
import type { StateStore } from '../domain/domain-context.js'
import {
  createRequestJournal,
  DEFAULT_JOURNAL_SIZE,
  MAX_JOURNAL_SIZE,
  type JournalEntry,
} from '../domain/request-journal.js'
import { mergeTiers } from '../domain/tiers.js'
import { createWriteQueue } from '../domain/write-queue.js'
import { validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { validate } from '../errors/validate.js'
import { createHandlers } from '../msw/create-handlers.js'
import { modelOf } from '../model/api-model.js'
import { DEFAULT_PROFILE, Profile } from '../profile/profile.js'
import type { TwinFile } from '../profile/twin-file.js'
import { parseTwinFile, twinDataset } from './twin.js'
import { overrideControls, type OverrideControls } from '../resolvers/overrides.js'
import { basePath } from '../pipeline/base-path.js'
import type { MockContext } from '../pipeline/mock-context.js'
import {
  FaultSettings,
  type FaultSettingsInput,
  type TierOverridesInput,
  type TierTable,
} from '../schemas/control-plane.js'
import { Dataset as DefaultDataset, type DatasetInput } from '../schemas/dataset.js'
import { DEFAULT_RESOURCE_CAPS, ResourceCaps } from '../schemas/resource-caps.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import type { GenerateDatasetOptions } from '../store/generate-dataset.js'
import { SeedDataset, Store, type MockDb } from '../store/store.js'

/** Options of createMockApi; every one has a default, so `createMockApi()` is a working mock. */
export interface MockApiOptions {
  /** The dataset to start with and to restore on reset; defaults to fixtures/default.json. */
  fixtures?: DatasetInput
  /**
   * Start from a faker-generated dataset instead (same seed, same data); reset restores it.
   * faker is loaded only when this is set, so a browser bundle that never sets it stays small.
   */
  generate?: GenerateDatasetOptions
  /** Where the API lives; `*` matches any origin. Default `*\/api/v1`. */
  apiBase?: string
  /** Where the control plane lives. Default `*\/__admin`. */
  adminBase?: string
  /** When set, the control plane needs it in the X-Admin-Token header. */
  adminToken?: string
  /** Overrides of the tier limits, merged over the profile's limit by limit, e.g. `{ free: { per_minute: 5 } }`; a twin's own tier names too. */
  tiers?: TierOverridesInput
  /** The one source of time; tests pass their own or move `api.context.clock`. A reset puts it back where it stood when the mock was created. */
  clock?: Clock
  /** Latency and forced errors from the start (reset restores these). */
  faults?: FaultSettingsInput
  /** How many requests the journal keeps: 1 to 100,000. Default 1000. */
  journalSize?: number
  /** The most adverts and campaigns one account, and users the store, may hold through creates (see DEFAULT_RESOURCE_CAPS). */
  caps?: Partial<ResourceCaps>
  /**
   * The choices where the spec is silent (page sizes, order, error codes and shapes, delete
   * statuses, header families, input bounds, extra fields): DEFAULT_PROFILE unless given, e.g. a
   * twin's learned one.
   */
  profile?: Profile
  /**
   * Serve as a twin of a deployment (`ad-campaign-mock twin` writes the file): its learned profile,
   * its captured account (what a reset restores) and its document. Not with `fixtures`, `generate` or `profile`.
   */
  twin?: TwinFile
  /**
   * Keep the state in a store that several mocks share (Node: a tenant of `connectRedisStore`, or
   * startListener's `store`): every write, rate-limit count, journal entry and setting goes there,
   * and the store's state is loaded at start (docs/sandbox.md).
   */
  store?: StateStore
}

/**
 * A running mock: its msw handlers and the same controls the /__admin endpoints offer
 * (reset, seed, users, topUp, deliver, clock, tiers, faults, requests, state), as functions.
 */
export interface MockApi extends MockControls {
  /** The msw request handlers; give them to setupServer, setupWorker or the Express adapter. */
  readonly handlers: RequestHandler[]
  readonly context: MockContext
  /**
   * The state, to inspect: `db.users` and `db.account(userId).adverts` / `.campaigns` are @msw/data
   * collections holding the records themselves (fixtures shape: money in USD). A write through the
   * API shows there at once; see the README's store section for writing there directly.
   * @example api.db.account(1).campaigns.findMany((q) => q.where({ enabled: true }))
   */
  readonly db: MockDb
  /** Helpers that make a state in one awaited call, through the domain's rules: `await api.arrange.campaigns(user, 30)` (docs/testing.md). */
  readonly arrange: Arrange
  /**
   * An msw handler answering one operation in place of the mock, typed from the OpenAPI document
   * (openapi-msw): give it to your own `server.use`, `worker.use` or `network.use`. The mocks
   * that own their server (startNodeMock, startBrowserMock) install it for you: `mock.override(…)`.
   * @example server.use(api.overrideHandler('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } })))
   */
  readonly overrideHandler: OverrideHandlerFactory
  /**
   * Answers one operation in place of the mock until `reset()` (or once, with `{ once: true }`), with a
   * resolver typed from the OpenAPI document (openapi-msw): the same registry as POST /__admin/overrides,
   * so the answer comes after authentication and the rate limit, carries the rate-limit headers and is
   * journaled. What `mock.override` is; for a MockApi under your own `server.use` or `network.use` too.
   * @example api.override('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }))
   */
  readonly override: Override
  /** Lists overrides (`overrides()`), adds one as data (`addOverride`, as POST /__admin/overrides), removes them. */
  readonly addOverride: OverrideControls['addOverride']
  readonly overrides: OverrideControls['overrides']
  readonly removeOverride: OverrideControls['removeOverride']
  readonly clearOverrides: OverrideControls['clearOverrides']
  /** The last requests of the public API, to assert on: `journal.entries()`, and `await journal.clear()` (how many it held). */
  readonly journal: { entries(): JournalEntry[]; clear(): Promise<number> }
  /**
   * Calls `listener` after every acknowledged write (API or control plane), reset, seed, import
   * and settings change; returns the function that unsubscribes. What a persister builds on.
   * @example api.subscribe(() => localStorage.setItem('state', serializeSnapshot(api.exportState())))
   */
  subscribe(listener: StateListener): () => void
}

/**
 * Creates the mock: a store loaded with the fixtures and the handlers over it.
 * @example const api = await createMockApi(); setupServer(...api.handlers)
 */
export async function createMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  const twin = options.twin && parseTwinFile(options.twin)
  if (twin && (options.fixtures || options.generate || options.profile))
    throw new TypeError(
      'createMockApi: a twin brings its own profile and data: pass `twin` without `fixtures`, `generate` or `profile`',
    )
  const profile =
    twin?.profile ?? (options.profile ? validate(Profile, options.profile, 'profile option') : DEFAULT_PROFILE)
  const model = modelOf(profile)
  const { schemas } = model
  const tiers = mergeTiers(
    structuredClone(profile.rateLimits.tiers) as TierTable,
    validate(schemas.controls.TierOverrides, options.tiers ?? {}, 'tiers option'),
  )
  const faults = validate(FaultSettings, options.faults ?? {}, 'faults option')
  const changes = createStateChanges()
  const caps = { ...DEFAULT_RESOURCE_CAPS, ...validate(z.partial(ResourceCaps), options.caps ?? {}, 'caps option') }
  const journalSize = validate(JournalSize, options.journalSize ?? DEFAULT_JOURNAL_SIZE, 'journalSize option')
  const fixtures = twin ? twinDataset(twin) : await startingDataset(options, profile)
  const apiBase = options.apiBase ?? '*/api/v1'
  const clock = options.clock ?? createClock()
  const context: MockContext = {
    profile,
    twin: twin && { source: twin.source, document: twin.document },
    schemas,
    model,
    store: new Store(schemas.records, profile.stamps),
    clock,
    tiers,
    caps,
    fixtures,
    apiBase,
    adminBase: options.adminBase ?? '*/__admin',
    adminToken: options.adminToken,
    rateLimiter: createRateLimiter(),
    overrides: shareOverrides(options.store, createOverrides<RequestHandler>()),
    faults: createFaults(faults),
    journal: createRequestJournal(journalSize, { apiPath: basePath(apiBase) }),
    writeQueue: createWriteQueue((reason) => changes.notify({ reason })),
    changes,
    initial: { tiers: structuredClone(tiers), faults, clock: clockStart(clock) },
  }
  if (options.store) Object.assign(context, options.store.attach(context))
  await loadFixtures(context.store, fixtures)
  await options.store?.open(context)
  const control = createControlOperations(context)
  const overrideHandler = createOverrideHandler(context.apiBase)
  const { addCheckedOverride: _, ...overrides } = overrideControls(context)
  return {
    ...checkedControls(control, model.operations),
    handlers: createHandlers(context, control),
    context,
    db: context.store.db,
    arrange: createArrange(context),
    overrideHandler,
    override: (operationId, resolver, { once = false, ...options } = {}) =>
      void context.overrides.add({
        operation: operationId,
        times: once ? 1 : null,
        delay_ms: 0,
        answer: { resolver: overrideHandler(operationId, resolver, options) },
      }),
    ...overrides,
    journal: { entries: () => context.journal.entries(), clear: async () => context.journal.clear() },
    subscribe: (listener) => changes.subscribe(listener),
  }
}

/** The overrides registry, kept in the store when there is one. */
function shareOverrides<R>(store: StateStore | undefined, local: Overrides<R>): Overrides<R> {
  return store ? store.shareOverrides(local) : local
}

/** The fixtures given, a generated dataset that fits the profile (faker loaded only now), or the default fixtures. */
async function startingDataset({ fixtures, generate }: MockApiOptions, profile: Profile): Promise<DatasetInput> {
  if (fixtures && generate) throw new TypeError('createMockApi: pass either `fixtures` or `generate`, not both')
  if (!generate) return fixtures ?? DEFAULT_FIXTURES
  const { generateDataset } = await import('../store/generate-dataset.js')
  return generateDataset(generate, profile)
}

const JournalSize = z.int().check(z.minimum(1), z.maximum(MAX_JOURNAL_SIZE))

/** Loads the starting dataset; one that does not hold together (duplicate ids, a missing advert) is a 422 naming why. */
async function loadFixtures(store: Store, fixtures: DatasetInput): Promise<void> {
  const { Dataset } = store.records
  // Each campaign is validated once, by its collection's create (validated here too, seeding cost twice
  // as much); a profile's own dataset schema is used whole.
  const seed = Dataset === DefaultDataset ? SeedDataset : Dataset
  try {
    await store.loadParsed(validate(seed, fixtures, 'fixtures option'))
  } catch (error) {
    // Refused: the whole dataset's schema names the field at fault, as it did when it ran first.
    validate(Dataset, fixtures, 'fixtures option')
    if (!(error instanceof RangeError)) throw error
    throw validationFailed(MESSAGES.validation_failed.dataset(error.message), [
      { field: 'fixtures', message: error.message },
    ])
  }
}
