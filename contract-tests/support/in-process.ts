import { createMockApi, type MockApi, type MockApiOptions } from '../../src/surface/create-mock-api.js'
import { handleInProcess } from '../../test/support/in-process.js'

/** A fetch function that a request/response rewriter can wrap: the same signature as fetch, Request in. */
export type FetchLike = (request: Request) => Promise<Response>

/** The mock in this process, reached by a fetch that asks its msw handlers directly (no network, no global patching). */
export interface InProcessMock {
  readonly api: MockApi
  readonly baseUrl: string
  readonly adminUrl: string
  /** Asks the handlers; what none of them answers is a 404. */
  readonly handle: FetchLike
  /** `handle` (or a wrapper of it) as a fetch function for the suite. */
  fetchThrough(handler?: FetchLike): typeof fetch
}

/** Starts the mock in-process: every request straight to its handlers (test/support/in-process). */
export async function startInProcessMock(options?: MockApiOptions): Promise<InProcessMock> {
  const api = await createMockApi(options)
  const handle: FetchLike = handleInProcess(api)
  return {
    api,
    baseUrl: 'http://contract.mock.test/api/v1',
    adminUrl: 'http://contract.mock.test/__admin',
    handle,
    fetchThrough: (handler = handle) =>
      ((input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch,
  }
}
