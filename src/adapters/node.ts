import { setupServer, type SetupServer } from 'msw/node'
import type { Arrange } from '../arrange.js'
import { createMockApi, type MockApi, type MockApiOptions } from '../create-mock-api.js'
import type { MockDb } from '../store/store.js'
import type { Override } from '../override.js'
import { baseUrl } from '../handlers/base-path.js'
import { persistToFile, type StateFile, type StateFileOptions } from './state-file.js'

export { MAX_STATE_BATCH_MS, persistToFile, type StateFile, type StateFileOptions } from './state-file.js'

// An origin that is never on a network: msw answers it in-process.
const ORIGIN = 'http://ad-campaign-mock.test'

/** Options of startNodeMock: those of createMockApi, plus what msw does with other requests. */
export interface NodeMockOptions extends MockApiOptions {
  /** What msw does with requests no handler matches. Default `bypass` (they go to the network). */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  /** Keep the state in a JSON file across runs (see persistToFile): loaded at start, saved after every write. */
  state?: StateFileOptions
}

/** The mock running in-process under msw/node: fetch to any origin's /api/v1 reaches it. */
export interface NodeMock {
  readonly api: MockApi
  /** The state, to inspect: `api.db` (@msw/data collections of users and of each account's adverts and campaigns). */
  readonly db: MockDb
  /** Makes a state in one awaited call, through the domain's rules (the same as `api.arrange`; docs/testing.md). */
  readonly arrange: Arrange
  /**
   * Answers one operation in place of the mock until `reset()`, with a resolver typed from the
   * OpenAPI document (openapi-msw): a body the document forbids is a type error.
   * @example mock.override('listCampaigns', ({ response }) => response(500).json({ success: false, error: { code: 'internal_error', message: 'Down' } }))
   */
  readonly override: Override
  readonly server: SetupServer
  /** A base URL to send requests to (from the `apiBase` option); with the default, any origin works and this one never reaches a network. */
  readonly baseUrl: string
  /** The API key of the first user of the data loaded (the fixtures' demo key by default), as it is now; empty without users. */
  readonly apiKey: string
  /** The state file, when the `state` option is set. */
  readonly stateFile?: StateFile
  /** Restores the fixtures (and saves them to the state file) and drops any handlers a test added with server.use(). */
  reset(): Promise<void>
  /** Stops intercepting; with a state file, resolves once what is pending is saved. */
  close(): Promise<void>
}

/**
 * Starts the mock inside this Node process with msw's setupServer.
 * @example
 * const mock = await startNodeMock()
 * afterEach(() => mock.reset())
 * afterAll(() => mock.close())
 * await fetch(`${mock.baseUrl}/campaigns`, { headers: { Authorization: mock.apiKey } })
 */
export async function startNodeMock({ onUnhandledRequest = 'bypass', state, ...options }: NodeMockOptions = {}): Promise<NodeMock> {
  const api = await createMockApi(options)
  const stateFile = state && (await persistToFile(api, state))
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledRequest })
  return {
    api,
    db: api.db,
    arrange: api.arrange,
    override: (operationId, resolver, options) => server.use(api.overrideHandler(operationId, resolver, options)),
    server,
    baseUrl: baseUrl(api.context.apiBase, ORIGIN),
    get apiKey() {
      return api.context.store.firstUser()?.api_key ?? ''
    },
    stateFile,
    async reset() {
      server.resetHandlers()
      await api.reset()
    },
    async close() {
      server.close()
      await stateFile?.stop()
    },
  }
}
