import { setupServer, type SetupServer } from 'msw/node'
import { createMockApi, type MockApiOptions } from '../surface/create-mock-api.js'
import { OneMockAtATime } from '../surface/one-mock-at-a-time.js'
import { mockSurface, type MockSurface } from '../surface/mock-surface.js'
import { persistToFile, type StateFile, type StateFileOptions } from '../persistence/state-file.js'

export { MAX_STATE_BATCH_MS, persistToFile, type StateFile, type StateFileOptions } from '../persistence/state-file.js'
export type { MockSurface } from '../surface/mock-surface.js'

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
export interface NodeMock extends MockSurface {
  readonly server: SetupServer
  /** The state file, when the `state` option is set. */
  readonly stateFile?: StateFile
  /** Restores the fixtures (and saves them to the state file) and drops any handlers a test added with server.use(). */
  reset(): Promise<void>
  /** Stops intercepting; with a state file, resolves once what is pending is saved. */
  close(): Promise<void>
}

/** One mock in this process at a time. */
const oneAtATime = new OneMockAtATime(
  'startNodeMock',
  /runtimes\/node\.[jt]s:/,
  'process',
  'Close it first (await mock.close(), in afterAll)',
)

/**
 * Starts the mock inside this Node process with msw's setupServer. One at a time: a second
 * startNodeMock() before the first is closed is refused, naming where the first was started.
 * @example
 * const mock = await startNodeMock()
 * afterEach(() => mock.reset())
 * afterAll(() => mock.close())
 * await fetch(`${mock.baseUrl}/campaigns`, { headers: { Authorization: mock.apiKey } })
 */
export async function startNodeMock(options: NodeMockOptions = {}): Promise<NodeMock> {
  const release = oneAtATime.claim(new Error().stack)
  try {
    const mock = await startOne(options)
    const close = mock.close
    return Object.assign(mock, {
      async close() {
        release()
        await close()
      },
    })
  } catch (error) {
    release()
    throw error
  }
}

async function startOne({ onUnhandledRequest = 'bypass', state, ...options }: NodeMockOptions): Promise<NodeMock> {
  const api = await createMockApi(options)
  const stateFile = state && (await persistToFile(api, state))
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledRequest })
  // Assigned onto the surface, so its apiKey getter stays a getter.
  return Object.assign(mockSurface(api, ORIGIN), {
    server,
    stateFile,
    async reset() {
      server.resetHandlers()
      await api.reset()
    },
    async close() {
      server.close()
      await stateFile?.stop()
    },
  })
}
