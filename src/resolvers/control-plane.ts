import type { ControlOperations } from '../control-plane/control-operations.js'
import * as op from '../operations/control-plane.js'
import { implementOperation } from '../pipeline/implement-operation.js'
import type { MockContext } from '../pipeline/mock-context.js'
import type { OperationRoute } from '../pipeline/route.js'
import { createArrange } from '../control-plane/arrange.js'
import { arrangeRoutes } from './arrange.js'
import { overrideControls, overrideRoutes } from './overrides.js'

/**
 * The control plane for tests and tools, under /__admin: each operation is the control
 * operation of the same name, given the input the pipeline validated, so HTTP and in-process
 * calls behave the same.
 */
export function adminRoutes(ctx: MockContext, control: ControlOperations): OperationRoute[] {
  return [
    implementOperation(ctx, op.health, async () => ({ data: control.health() })),
    implementOperation(ctx, op.reset, async () => ({ data: await control.reset() })),
    implementOperation(ctx, op.seed, async ({ body }) => ({ data: await control.seed(body) })),
    implementOperation(ctx, op.createUser, async ({ body }) => ({ data: await control.createUser(body) })),
    implementOperation(ctx, op.listUsers, async ({ query }) => {
      const { data, pagination } = control.listUsers(query)
      return { data, page: { page: pagination.page, per_page: pagination.per_page, total: pagination.total_count } }
    }),
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
    implementOperation(ctx, op.listRequests, async ({ query }) => ({ data: control.requests(query) })),
    implementOperation(ctx, op.clearRequests, async () => ({ data: control.clearRequests() })),
    implementOperation(ctx, op.exportState, async () => ({ data: control.exportState() })),
    implementOperation(ctx, op.importState, async ({ body }) => ({ data: await control.importState(body) })),
    ...overrideRoutes(ctx, overrideControls(ctx)),
    ...arrangeRoutes(ctx, createArrange(ctx)),
  ]
}
