import { preview, type Check } from './check.js'
import { listResponse, statesList } from './list-response.js'
import { unitOfStamp } from './stamp-precision.js'

/**
 * -1, 0 or 1 for two field values: numbers, then timestamps by the moment they name (at the
 * deployment's precision: two that share a second are a tie, never out of order), then text.
 */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b)
  if (unitOfStamp(a) !== undefined && unitOfStamp(b) !== undefined)
    return Math.sign(Date.parse(String(a)) - Date.parse(String(b)))
  return String(a).localeCompare(String(b))
}

/** Lists come in the order the document states (`x-list` order, e.g. id descending: newest first). */
export const orderingConformance: Check = {
  kind: 'response',
  description: 'List items come in the documented order (x-list order).',
  claims: { contract: (operation) => statesList(operation, 'order') },
  run(ctx, exchange) {
    const list = listResponse(ctx, exchange)
    if (!list || list.behaviour.order.length === 0 || list.items.length < 2) return false
    const { order } = list.behaviour
    const outOfOrder = list.items.findIndex((item, index) => {
      const next = list.items[index + 1]
      if (!next) return false
      for (const { field, direction } of order) {
        const sign = compare(item[field], next[field]) * (direction === 'desc' ? -1 : 1)
        if (sign !== 0) return sign > 0
      }
      return false
    })
    if (outOfOrder < 0) return
    const documented = order
      .map(({ field, direction }) => `${field} ${direction === 'desc' ? 'descending' : 'ascending'}`)
      .join(', ')
    const keys = list.items.map((item) => order.map(({ field }) => item[field]).join('/'))
    ctx.fail('List is not in the documented order', {
      received: `${order.map((o) => o.field).join('/')} in the order answered: ${preview(keys)}`,
      documented: `${documented} (x-list order)`,
    })
  },
}
