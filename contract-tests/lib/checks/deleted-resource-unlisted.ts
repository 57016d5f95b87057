import { describeResponse, isSuccess, type Check } from './check.js'
import { collectionOf, findInList, operationToProbe, pathOf } from './probe.js'

/**
 * A deleted resource leaves its list: after a DELETE by id, the list it belongs to, read page by
 * page (the largest documented page), no longer holds it. use_after_free asks the resource by id;
 * this asks the list, where a soft delete that the list query forgets shows. Once per operation.
 */
export const deletedResourceUnlisted: Check = {
  kind: 'probe',
  finds: 'defect',
  description: 'After a DELETE, the list the resource belonged to no longer holds it.',
  claims: {
    contract: (operation, document) =>
      isItemDelete(operation) && document.find('GET', collectionOf(operation.path)) !== undefined,
  },
  async run(ctx, exchange) {
    const deleted = (o: { method: string; path: string }) => isItemDelete(o) && isSuccess(exchange.response.status)
    const operation = operationToProbe(ctx, exchange, deleted, (o) => `deleted_resource_unlisted ${o.label}`)
    if (!operation) return false
    const path = pathOf(ctx, exchange)
    const id = /\/([^/]+)$/.exec(path)?.[1]
    const listPath = collectionOf(path)
    if (id === undefined || !ctx.document.find('GET', listPath)) return false
    // The list holds ids as numbers or as text, as the path does.
    const listed = await findInList(
      ctx,
      listPath,
      /^\d+$/.test(id) ? Number(id) : id,
      'primary',
      'deleted_resource_unlisted: the list after a DELETE',
    )
    if (!listed.found && !listed.searchedAll) {
      ctx.unjudged(`the list of ${listPath} could not be read to its end`)
      return false
    }
    if (listed.found && listed.last) {
      ctx.fail('Deleted resource is still listed', {
        exchange: listed.last,
        received: `id ${id} in ${describeResponse(listed.last)}`,
        documented: `GET ${listPath} without id ${id} once DELETE ${path} was answered ${exchange.response.status}`,
      })
    }
  },
}

function isItemDelete(operation: { method: string; path: string }): boolean {
  return operation.method === 'delete' && /\{[^}]+\}$/.test(operation.path)
}
