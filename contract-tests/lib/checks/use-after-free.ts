import { isRecord } from '../document/schema-reading.js'
import { describeResponse, isSuccess, type Check, type CheckContext } from './check.js'
import { collectionOf, operationToProbe, pathOf, takeBack } from './probe.js'

/**
 * A deleted resource is gone: reading or deleting it again is a 404, and a create that refers to
 * it (a campaign on a deleted advert) is refused.
 */
export const useAfterFree: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    'After a DELETE, GET and DELETE of the same resource are a 404, and a create that refers to it is refused.',
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
    await referToDeleted(ctx, path)
  },
}

/**
 * A create whose accepted body names a resource of the deleted one's kind by `<kind>_id` (a
 * campaign's `advert_id`), sent again naming the deleted one: refused, with a 4xx. What it made,
 * if it was taken, is deleted at once.
 */
async function referToDeleted(ctx: CheckContext, path: string): Promise<void> {
  const id = /\/([^/]+)$/.exec(path)?.[1]
  const field = `${collectionOf(path).split('/').pop()?.replace(/s$/, '')}_id`
  const create = [...ctx.state.acceptedBodies].find(
    ([label, body]) => label.startsWith('POST ') && wrapperHolding(body, field) !== undefined,
  )
  if (!id || !create || !ctx.once(`use_after_free reference ${field}`)) return
  const [label, body] = create
  const wrapper = wrapperHolding(body, field)!
  const operation = ctx.document.get(label)
  if (!operation) return
  const probe = await ctx.send({
    method: 'POST',
    path: operation.path,
    body: {
      ...(body as object),
      [wrapper]: { ...((body as Record<string, object>)[wrapper] ?? {}), [field]: /^\d+$/.test(id) ? Number(id) : id },
    },
    credentials: 'primary',
    purpose: `use_after_free: ${label} naming the deleted ${path}`,
  })
  const { status } = probe.response
  if (isSuccess(status)) await takeBack(ctx, probe, probe)
  // Refused is right; a 5xx is not_a_server_error's.
  if (status >= 400) return
  ctx.fail('A create that refers to a deleted resource was accepted', {
    exchange: probe,
    received: describeResponse(probe),
    documented: `a 4xx: ${field} names ${path}, which was deleted`,
    operation: label,
  })
}

/** The key of the wrapper that holds `field` in a body (`campaign` for `advert_id`). */
function wrapperHolding(body: unknown, field: string): string | undefined {
  if (!isRecord(body)) return undefined
  return Object.keys(body).find((key) => isRecord(body[key]) && field in (body[key] as object))
}

function isItemDelete(operation: { method: string; path: string }): boolean {
  return operation.method === 'delete' && operation.path.includes('{')
}
