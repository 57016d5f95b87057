import { describeResponse, isSuccess, type Check } from './check.js'
import { operationToProbe, pathOf } from './probe.js'

/** A deleted resource is gone: reading or deleting it again is a 404. */
export const useAfterFree: Check = {
  kind: 'probe',
  finds: 'defect',
  description: 'After a DELETE, GET and DELETE of the same resource are a 404.',
  claims: { contract: isItemDelete },
  async run(ctx, exchange) {
    const deleted = (o: { method: string; path: string }) => isItemDelete(o) && isSuccess(exchange.response.status)
    if (!operationToProbe(ctx, exchange, deleted)) return false
    const path = pathOf(ctx, exchange)
    for (const method of ['GET', 'DELETE'] as const) {
      if (!ctx.document.find(method, path)) continue
      const probe = await ctx.send({
        method,
        path,
        credentials: 'primary',
        purpose: `use_after_free: ${method} after DELETE`,
      })
      if (probe.response.status !== 404) {
        ctx.fail(`Deleted resource still answers ${method}`, {
          exchange: probe,
          received: describeResponse(probe),
          documented: '404 NotFound once deleted',
        })
      }
    }
  },
}

function isItemDelete(operation: { method: string; path: string }): boolean {
  return operation.method === 'delete' && operation.path.includes('{')
}
