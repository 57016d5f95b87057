import { describeResponse, failureFor, isSuccess, throwFailures, type Check } from '../check.js'
import { operationToProbe, pathOf } from '../probe.js'
import type { ContractFailure } from '../types.js'

/** A deleted resource is gone: reading or deleting it again is a 404. */
export const useAfterFree: Check = {
  name: 'use_after_free',
  profiles: ['contract'],
  kind: 'probe',
  description: 'After a DELETE, GET and DELETE of the same resource are a 404.',
  promises: (operation, profile) => profile === 'contract' && isItemDelete(operation),
  async run(ctx, exchange) {
    const deleted = (o: { method: string; path: string }) => isItemDelete(o) && isSuccess(exchange.response.status)
    if (!ctx.profiles.has('contract') || !operationToProbe(ctx, exchange, deleted)) return false
    const path = pathOf(ctx, exchange)
    const failures: ContractFailure[] = []
    for (const method of ['GET', 'DELETE'] as const) {
      if (!ctx.document.find(method, path)) continue
      const probe = await ctx.client.send({ method, path, credentials: 'primary', purpose: `use_after_free: ${method} after DELETE` })
      if (probe.response.status !== 404) {
        failures.push(failureFor('use_after_free', 'contract', probe, `Deleted resource still answers ${method}`, describeResponse(probe), '404 NotFound once deleted'))
      }
    }
    throwFailures(failures)
  },
}

function isItemDelete(operation: { method: string; path: string }): boolean {
  return operation.method === 'delete' && operation.path.includes('{')
}
