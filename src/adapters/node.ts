import { setupServer, type SetupServer } from 'msw/node'
import { createMockApi, type MockApi, type MockApiOptions } from '../create-mock-api.js'
import { baseUrl } from '../handlers/base-path.js'

// An origin that is never on a network: msw answers it in-process.
const ORIGIN = 'http://ad-campaign-mock.test'

/** Options of startNodeMock: those of createMockApi, plus what msw does with other requests. */
export interface NodeMockOptions extends MockApiOptions {
  /** What msw does with requests no handler matches. Default `bypass` (they go to the network). */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
}

/** The mock running in-process under msw/node: fetch to any origin's /api/v1 reaches it. */
export interface NodeMock {
  readonly api: MockApi
  readonly server: SetupServer
  /** A base URL to send requests to (from the `apiBase` option); with the default, any origin works and this one never reaches a network. */
  readonly baseUrl: string
  /** The API key of the first user of the data loaded (the fixtures' demo key by default), as it is now; empty without users. */
  readonly apiKey: string
  /** Restores the fixtures and drops any handlers a test added with server.use(). */
  reset(): Promise<void>
  close(): void
}

/**
 * Starts the mock inside this Node process with msw's setupServer.
 * @example
 * const mock = await startNodeMock()
 * afterEach(() => mock.reset())
 * afterAll(() => mock.close())
 * await fetch(`${mock.baseUrl}/campaigns`, { headers: { Authorization: mock.apiKey } })
 */
export async function startNodeMock({ onUnhandledRequest = 'bypass', ...options }: NodeMockOptions = {}): Promise<NodeMock> {
  const api = await createMockApi(options)
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledRequest })
  return {
    api,
    server,
    baseUrl: baseUrl(api.context.apiBase, ORIGIN),
    get apiKey() {
      return api.context.store.firstUser()?.api_key ?? ''
    },
    async reset() {
      server.resetHandlers()
      await api.reset()
    },
    close: () => server.close(),
  }
}
