import type { HttpHandler } from 'msw'
import type { MockContext } from '../mock-context.js'
import { adminHandlers } from './admin.js'
import { advertHandlers } from './adverts.js'
import { campaignHandlers } from './campaigns.js'
import { fallbackHandlers } from './fallback.js'
import { userHandlers } from './user.js'

/** Every handler of the mock, the catch-all 404s last. */
export function createHandlers(ctx: MockContext): HttpHandler[] {
  return [
    ...userHandlers(ctx),
    ...campaignHandlers(ctx),
    ...advertHandlers(ctx),
    ...adminHandlers(ctx),
    ...fallbackHandlers(ctx),
  ]
}
