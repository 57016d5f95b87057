import { dataOf, describeResponse, isSuccess, type Check } from './check.js'
import { findInList, operationToProbe, pathOf } from './probe.js'

/** A created resource can be read back by its id and shows in its list. */
export const ensureResourceAvailability: Check = {
  kind: 'probe',
  finds: 'defect',
  description: 'After a create, GET by id answers it and the list includes it.',
  claims: {
    contract: (operation, document) =>
      operation.method === 'post' &&
      !operation.path.includes('{') &&
      document.operations.some((o) => o.method === 'get' && o.path.startsWith(`${operation.path}/{`)),
  },
  async run(ctx, exchange) {
    const created = (o: { method: string }) => o.method === 'post' && isSuccess(exchange.response.status)
    if (exchange.negative || !operationToProbe(ctx, exchange, created)) return false
    const id = dataOf(exchange)?.id
    const listPath = pathOf(ctx, exchange)
    const itemPath = `${listPath}/${String(id)}`
    if (id === undefined || !ctx.document.find('GET', itemPath)) return false
    const read = await ctx.send({
      method: 'GET',
      path: itemPath,
      credentials: 'primary',
      purpose: 'ensure_resource_availability: read the new resource',
    })
    if (read.response.status !== 200 || dataOf(read)?.id !== id) {
      return ctx.fail('Created resource cannot be read back', {
        exchange: read,
        received: describeResponse(read),
        documented: `200 with data.id ${String(id)}`,
      })
    }
    const listed = await findInList(ctx, listPath, id, 'primary', 'ensure_resource_availability: list')
    if (!listed.found && listed.searchedAll && listed.last) {
      ctx.fail('Created resource is not listed', {
        exchange: listed.last,
        received: describeResponse(listed.last),
        documented: `GET ${listPath} includes id ${String(id)}`,
      })
    }
  },
}
