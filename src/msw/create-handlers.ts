import type { RequestHandler } from 'msw'
import { createControlOperations, type ControlOperations } from '../control-plane/control-operations.js'
import { adminRoutes } from '../resolvers/control-plane.js'
import { advertRoutes } from '../resolvers/adverts.js'
import { campaignRoutes } from '../resolvers/campaigns.js'
import { MockHandler } from './mock-handler.js'
import type { MockContext } from '../pipeline/mock-context.js'
import { notFoundRoutes } from '../pipeline/not-found-routes.js'
import { createRouteIndex } from '../pipeline/route-index.js'
import { userRoutes } from '../resolvers/user.js'

/**
 * The mock's msw handlers: one handler that serves every operation of the API and the control
 * plane through an index built once, HEAD wherever GET is, and the 404s for paths that do not
 * decode or that no operation has.
 * @example setupServer(...createHandlers(ctx))
 */
export function createHandlers(
  ctx: MockContext,
  control: ControlOperations = createControlOperations(ctx),
): RequestHandler[] {
  const routes = [...userRoutes(ctx), ...campaignRoutes(ctx), ...advertRoutes(ctx), ...adminRoutes(ctx, control)]
  const index = createRouteIndex({ api: ctx.apiBase, admin: ctx.adminBase }, routes, notFoundRoutes(ctx))
  return [new MockHandler(index, routes)]
}
