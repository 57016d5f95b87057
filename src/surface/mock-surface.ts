import type { Arrange } from '../control-plane/arrange.js'
import type { MockApi } from './create-mock-api.js'
import { baseUrl } from '../pipeline/base-path.js'
import type { Override } from './override.js'
import type { MockDb } from '../store/store.js'

/** What a mock started for tests offers in Node and in the browser alike. */
export interface MockSurface {
  readonly api: MockApi
  /** The state, to inspect: `api.db` (@msw/data collections of users and of each account's adverts and campaigns). */
  readonly db: MockDb
  /** Makes a state in one awaited call, through the domain's rules (the same as `api.arrange`; docs/testing.md). */
  readonly arrange: Arrange
  /**
   * Answers one operation in place of the mock until `reset()`, with a resolver typed from the
   * OpenAPI document (openapi-msw): a body the document forbids is a type error. Same registry as
   * POST /__admin/overrides (`api.override`): the answer carries the rate-limit headers and is journaled.
   * @example mock.override('listCampaigns', ({ response }) => response(429).json({ success: false, error: { code: 'rate_limit_exceeded', message: 'Slow down' } }))
   */
  readonly override: Override
  /**
   * The journal's entries that match a filter (operation, method, path pattern, status or class,
   * user_id, since, a body containing some JSON, limit), oldest first, with both bodies; what the app sent.
   * @example expect(mock.requests({ method: 'PATCH', path: '/campaigns/7', body: { campaign: { cpm: 3 } } })).toHaveLength(1)
   */
  readonly requests: MockApi['requests']
  /** A base URL to send requests to, from the `apiBase` option on the given origin. */
  readonly baseUrl: string
  /** The API key of the first user of the data loaded, as it is now (it follows a key reset or a restored state); empty without users. */
  readonly apiKey: string
}

/**
 * The part of startNodeMock's and startBrowserMock's result that does not depend on the runtime.
 */
export function mockSurface(api: MockApi, origin: string): MockSurface {
  return {
    api,
    db: api.db,
    arrange: api.arrange,
    override: api.override,
    requests: (filter) => api.requests(filter),
    baseUrl: baseUrl(api.context.apiBase, origin),
    get apiKey() {
      return api.context.store.firstUser()?.api_key ?? ''
    },
  }
}
