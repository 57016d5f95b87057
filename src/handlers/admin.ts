import { http, type HttpHandler } from 'msw'
import { assertAdmin } from '../domain/auth.js'
import type { ControlPlane } from '../domain/control-plane.js'
import { ApiError } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import * as op from '../operations/admin.js'
import { handleSafely } from './handle-safely.js'
import { implementOperation } from './implement-operation.js'

/**
 * The control plane for tests and tools, under /__admin: each operation is the control
 * plane's function of the same name, so HTTP and in-process calls behave the same.
 */
export function adminHandlers(ctx: MockContext, control: ControlPlane): HttpHandler[] {
  return [
    implementOperation(ctx, op.reset, async () => ({ data: await control.reset() })),
    implementOperation(ctx, op.seed, async ({ body }) => ({ data: await control.seed(body) })),
    implementOperation(ctx, op.createUser, async ({ body }) => ({ data: await control.createUser(body) })),
    implementOperation(ctx, op.listUsers, async ({ query }) => control.listUsers(query)),
    implementOperation(ctx, op.getUser, async ({ id }) => ({ data: control.getUser(id) })),
    implementOperation(ctx, op.setUserTier, async ({ id, body }) => ({ data: await control.setUserTier(id, body) })),
    implementOperation(ctx, op.topUp, async ({ id, body }) => ({ data: await control.topUp(id, body) })),
    implementOperation(ctx, op.deliver, async ({ body }) => ({ data: await control.deliver(body) })),
    implementOperation(ctx, op.getClock, async () => ({ data: control.clock() })),
    implementOperation(ctx, op.moveClock, async ({ body }) => ({ data: control.moveClock(body) })),
    implementOperation(ctx, op.getTiers, async () => ({ data: control.tiers() })),
    implementOperation(ctx, op.setTiers, async ({ body }) => ({ data: control.setTiers(body) })),
    implementOperation(ctx, op.getFaults, async () => ({ data: control.faults() })),
    implementOperation(ctx, op.setFaults, async ({ body }) => ({ data: control.setFaults(body) })),
    implementOperation(ctx, op.clearFaults, async () => ({ data: control.clearFaults() })),
    implementOperation(ctx, op.listRequests, async () => ({ data: control.requests() })),
    implementOperation(ctx, op.clearRequests, async () => ({ data: control.clearRequests() })),
    implementOperation(ctx, op.exportState, async () => ({ data: control.exportState() })),
    implementOperation(ctx, op.importState, async ({ body }) => ({ data: await control.importState(body) })),
    http.all(`${ctx.adminBase}/*`, ({ request }) =>
      handleSafely(async () => {
        assertAdmin(ctx, request)
        throw new ApiError('route_not_found', `No control operation ${request.method} ${new URL(request.url).pathname}`)
      }),
    ),
  ]
}
