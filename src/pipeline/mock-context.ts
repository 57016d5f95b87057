import type { RequestHandler } from 'msw'
import type { DomainContext } from '../domain/domain-context.js'
import type { ApiModel } from '../model/api-model.js'
import type { Overrides } from '../domain/overrides.js'

/** What every handler works on: the domain's state and policies, and where the mock is mounted; transport-free. */
export interface MockContext extends DomainContext {
  /** The API under the profile (model/api-model.ts): its operations, errors, lists and headers, as answered and documented. */
  model: ApiModel
  /** When it serves a twin: where and when it was learned, and the deployment's document. */
  twin?: { source: { base_url: string; learned_at: string }; document: Record<string, unknown> }
  /** URL prefix of the public API for msw's matcher; a leading `*` matches any origin. */
  apiBase: string
  /** URL prefix of the control plane. */
  adminBase: string
  /** When set, the control plane answers only requests that carry it. */
  adminToken?: string
  /** The overrides, whose in-process resolvers are msw handlers (run by pipeline/overrides.ts). */
  overrides: Overrides<RequestHandler>
}
