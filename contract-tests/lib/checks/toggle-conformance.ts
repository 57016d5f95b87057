import { toggleOf } from '../document/document-behaviour.js'
import { dataOf, isSuccess, operationOf, preview, type Check } from './check.js'
import { collectionOf, pathOf } from './probe.js'
import { knockOnOf, undocumentedFields } from './undocumented-fields.js'

/**
 * A toggle flips exactly the field the document names (`x-toggles`): that boolean turns over
 * and every other field keeps the value the resource had just before (the last answer of the
 * run that showed it), but for those the document lets it touch (updated_at, say).
 */
export const toggleConformance: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'A toggle flips exactly the x-toggles field; nothing else changes but the fields it may touch.',
  claims: { contract: (operation) => toggleOf(operation) !== undefined },
  run(ctx, exchange) {
    const toggle = toggleOf(operationOf(ctx, exchange))
    const after = dataOf(exchange)
    if (!toggle || !after || !isSuccess(exchange.response.status) || exchange.credentials !== 'primary') return false
    const item = collectionOf(pathOf(ctx, exchange))
    const index = ctx.state.history.lastIndexOf(exchange)
    const earlier = ctx.state.history.slice(0, index < 0 ? undefined : index).reverse()
    // The state just before: the last success of the run's own key that answered this resource.
    const before = earlier
      .map((previous) =>
        isSuccess(previous.response.status) &&
        previous.credentials === 'primary' &&
        !previous.negative &&
        sameResource(pathOf(ctx, previous), item)
          ? dataOf(previous)
          : undefined,
      )
      .find((data) => data?.id === after.id)
    if (!before || typeof before[toggle.field] !== 'boolean') return false
    if (after[toggle.field] !== !before[toggle.field]) {
      const received = `${toggle.field}: ${preview(before[toggle.field])} before, ${preview(after[toggle.field])} after`
      ctx.fail(`Toggle does not flip ${toggle.field}`, {
        received,
        documented: `${toggle.field}: ${!before[toggle.field]} (x-toggles)`,
      })
    }
    const changed = Object.keys(after).filter(
      (key) =>
        key !== toggle.field &&
        !toggle.touches.includes(key) &&
        key in before &&
        JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    )
    // A field the document does not list is part of that field's finding: what it does there is a knock-on of it.
    const undocumented = undocumentedFields(ctx, exchange)
    for (const key of changed.filter((field) => undocumented.has(field))) {
      knockOnOf(ctx, undocumented.get(key)!, {
        title: `Toggle changes ${key}`,
        received: `${key}: ${preview(before[key])} -> ${preview(after[key])}`,
        documented: `${key} is no documented field; only ${[toggle.field, ...toggle.touches].join(', ')} change (x-toggles)`,
        knockOn: `${exchange.operation} changes it`,
      })
    }
    const documentedChanges = changed.filter((field) => !undocumented.has(field))
    if (documentedChanges.length > 0) {
      const received = documentedChanges
        .map((key) => `${key}: ${preview(before[key])} -> ${preview(after[key])}`)
        .join('; ')
      ctx.fail(`Toggle changes more than ${toggle.field}`, {
        received,
        documented: `only ${[toggle.field, ...toggle.touches].join(', ')} change (x-toggles)`,
      })
    }
  },
}

/** Whether a request path is the resource itself, below it, or its collection (where a create answered it). */
function sameResource(path: string, item: string): boolean {
  return path === item || path.startsWith(`${item}/`) || path === collectionOf(item)
}
