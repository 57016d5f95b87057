import type { HttpHandler } from 'msw'
import { createControlPlane, type ControlPlane } from '../domain/control-plane.js'
import type { MockContext } from '../mock-context.js'
import { adminHandlers } from './admin.js'
import { advertHandlers } from './adverts.js'
import { campaignHandlers } from './campaigns.js'
import { fallbackHandlers } from './fallback.js'
import { userHandlers } from './user.js'

/** Every handler of the mock, the catch-all 404s last. */
export function createHandlers(ctx: MockContext, control: ControlPlane = createControlPlane(ctx)): HttpHandler[] {
  return [
    ...userHandlers(ctx),
    ...campaignHandlers(ctx),
    ...advertHandlers(ctx),
    ...adminHandlers(ctx, control),
    ...fallbackHandlers(ctx),
  ]
}
