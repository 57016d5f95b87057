import { preview, type Check } from './check.js'
import { isDeletedItem, listResponse, statesList } from './list-response.js'

/**
 * A filtered list holds only matching items: for each filter the request used (`x-list`
 * filters), every item's field equals the parameter. (That nothing matching is left out is
 * judged by the campaign flow on its own campaigns, under this check's name.)
 */
export const filterConformance: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    'Every item of a filtered list matches each filter sent (x-list filters); the flow checks none is left out.',
  claims: { contract: (operation) => statesList(operation, 'filters') },
  run(ctx, exchange) {
    const list = listResponse(ctx, exchange)
    const used = list?.behaviour.filters.filter((filter) => list.query.has(filter.param)) ?? []
    if (!list || used.length === 0) return false
    for (const { param, field } of used) {
      const value = list.query.get(param)
      // An item the run deleted is deleted_resource_unlisted's, should the deployment still list it.
      const strays = list.items.filter((item) => String(item[field]) !== value && !isDeletedItem(ctx, exchange, item))
      if (strays.length === 0) continue
      const received = `${strays.length} of ${list.items.length} items do not match: ${preview(strays.map((item) => ({ id: item.id, [field]: item[field] })))}`
      ctx.fail(`Filter ${param} lets through items that do not match`, {
        received,
        documented: `only items with ${field} = ${value} (x-list filters)`,
      })
    }
  },
}
