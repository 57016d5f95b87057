import type { HttpHandler } from 'msw'
import { createControlOperations, type ControlOperations } from '../domain/control-plane.js'
import { adminHandlers } from './admin.js'
import { advertHandlers } from './adverts.js'
import { campaignHandlers } from './campaigns.js'
import { fallbackHandlers } from './fallback.js'
import { headAsGetHandlers } from './head-as-get.js'
import type { MockContext } from './mock-context.js'
import { undecodablePathHandlers } from './undecodable-path.js'
import { userHandlers } from './user.js'

/**
 * Every handler of the mock: first HEAD (as GET through all the others), then the 404 for paths
 * msw cannot decode (its matcher would throw on them), the operations, and the catch-all 404s last.
 * @example setupServer(...createHandlers(ctx))
 */
export function createHandlers(ctx: MockContext, control: ControlOperations = createControlOperations(ctx)): HttpHandler[] {
  const routes = [
    ...undecodablePathHandlers(ctx),
    ...userHandlers(ctx),
    ...campaignHandlers(ctx),
    ...advertHandlers(ctx),
    ...adminHandlers(ctx, control),
    ...fallbackHandlers(ctx),
  ]
  return [...headAsGetHandlers(ctx, routes), ...routes]
}
