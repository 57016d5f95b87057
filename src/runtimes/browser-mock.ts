import { setupWorker, type SetupWorker } from 'msw/browser'
import { createMockApi, type MockApiOptions } from '../surface/create-mock-api.js'
import { mockSurface, type MockSurface } from '../surface/mock-surface.js'
import { OneMockAtATime } from '../surface/one-mock-at-a-time.js'
import { DEFAULT_STORAGE_KEY, persistToWebStorage } from '../persistence/web-storage-persistence.js'

// startBrowserMock's work, in a module of its own: the entry (browser.ts) imports it only when a
// mock is started, so a page that imports the entry loads neither the mock nor msw up front.

/** Options of startBrowserMock: those of createMockApi, plus the worker's and persistence. */
export interface BrowserMockOptions extends MockApiOptions {
  /** What msw does with requests no handler matches. Default `bypass` (they go to the network). */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  /** Where the app serves msw's worker script (`npx msw init public`). Default `/mockServiceWorker.js`. */
  serviceWorker?: { url?: string; options?: RegistrationOptions }
  /** Keep the state across page reloads in sessionStorage (this tab) or localStorage (every tab); off by default. */
  persist?: 'session' | 'local'
  /** The Web Storage key of the saved state. Default `ad-campaign-mock/state`. */
  storageKey?: string
  /** Don't log every intercepted request to the console. Default false. */
  quiet?: boolean
}

/** The mock running in this page through msw's service worker. */
export interface BrowserMock extends MockSurface {
  readonly worker: SetupWorker
  /** Whether the mock holds a persisted state loaded at start: false again after `reset()`. */
  readonly restored: boolean
  /** Restores the starting dataset, drops any handlers added with worker.use(), and clears the persisted state. */
  reset(): Promise<void>
  /** Stops the worker (requests go to the network again) and stops persisting. */
  stop(): void
}

/** One mock in this page at a time. */
const oneAtATime = new OneMockAtATime(
  'startBrowserMock',
  /runtimes\/browser(-mock)?\.[jt]s/,
  'page',
  'Stop it first (mock.stop())',
)

/**
 * Starts the mock inside the page (what startBrowserMock does, once this module is loaded). One at
 * a time: a second start before the first is stopped is refused, naming where the first was started.
 */
export async function startWorkerMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const release = oneAtATime.claim(new Error().stack)
  try {
    const mock = await startOne(options)
    const stop = mock.stop
    return Object.assign(mock, {
      stop() {
        release()
        stop()
      },
    })
  } catch (error) {
    release()
    throw error
  }
}

async function startOne({
  onUnhandledRequest = 'bypass',
  serviceWorker,
  persist,
  storageKey = DEFAULT_STORAGE_KEY,
  quiet = false,
  ...options
}: BrowserMockOptions = {}): Promise<BrowserMock> {
  const api = await createMockApi(options)
  const persistence = persist
    ? await persistToWebStorage(api, persist === 'local' ? localStorage : sessionStorage, storageKey)
    : undefined
  const worker = setupWorker(...api.handlers)
  try {
    await worker.start({ serviceWorker, onUnhandledRequest, quiet })
  } catch (error) {
    // No worker script at that URL (did you run `npx msw init public`?): nothing may keep saving.
    persistence?.stop()
    throw error
  }
  // Assigned onto the surface, so its apiKey getter stays a getter (baseUrl: e.g. http://localhost:5173/api/v1).
  const mock = Object.assign(mockSurface(api, location.origin), {
    worker,
    async reset() {
      worker.resetHandlers()
      await api.reset()
    },
    stop() {
      persistence?.stop()
      worker.stop()
    },
  })
  // A getter too, not a copy: a reset makes it false.
  return Object.defineProperty(mock as typeof mock & Pick<BrowserMock, 'restored'>, 'restored', {
    get: () => persistence?.restored ?? false,
    enumerable: true,
  })
}
