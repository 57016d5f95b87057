import { describeResponse, failureFor, isSuccess, operationOf, type Check } from '../check.js'
import { pathOf } from '../probe.js'
import { ContractFailureGroup, type ContractFailure } from '../types.js'

/** A deleted resource is gone: reading or deleting it again is a 404. */
export const useAfterFree: Check = {
  name: 'use_after_free',
  profiles: ['contract'],
  kind: 'probe',
  description: 'After a DELETE, GET and DELETE of the same resource are a 404.',
  async run(ctx, exchange) {
    const operation = operationOf(ctx, exchange)
    if (operation?.method !== 'delete' || !operation.path.includes('{') || !isSuccess(exchange.response.status)) return
    if (!ctx.profiles.has('contract') || exchange.credentials !== 'primary') return
    const path = pathOf(ctx, exchange)
    const failures: ContractFailure[] = []
    for (const method of ['GET', 'DELETE'] as const) {
      if (!ctx.document.find(method, path)) continue
      const probe = await ctx.client.send({ method, path, credentials: 'primary', purpose: `use_after_free: ${method} after DELETE` })
      if (probe.response.status !== 404) {
        failures.push(failureFor('use_after_free', 'contract', probe, `Deleted resource still answers ${method}`, describeResponse(probe), '404 NotFound once deleted'))
      }
    }
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) throw new ContractFailureGroup(failures)
  },
}
