import { dataItemSchema, invariantsOf, type Invariant } from '../document/document-behaviour.js'
import { isSuccess, operationOf, preview, type Check } from './check.js'

/** A number, or a timestamp as milliseconds, so that both kinds of field compare. */
function comparable(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return Date.parse(value)
  return undefined
}

/** The invariants one resource breaks. */
function brokenInvariants(item: Record<string, unknown>, invariants: readonly Invariant[]): Invariant[] {
  return invariants.filter(({ field, lte }) => {
    const [left, right] = [comparable(item[field]), comparable(item[lte])]
    return left !== undefined && right !== undefined && left > right
  })
}

/**
 * Invariants between fields of one resource hold in every answer (our document states them as
 * `x-invariants`: sending_count never passes sending_limit, updated_at never precedes created_at).
 */
export const resourceInvariants: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'The x-invariants of a resource schema hold in every resource answered.',
  claims: {
    contract: (operation, document) => {
      const pointer = operation.responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
      return pointer !== undefined && invariantsOf(dataItemSchema(document, pointer)).length > 0
    },
  },
  run(ctx, exchange) {
    const operation = operationOf(ctx, exchange)
    const pointer = operation && ctx.document.response(operation, exchange.response.status)?.schemaPointer
    if (!pointer || !isSuccess(exchange.response.status) || exchange.negative) return false
    const invariants = invariantsOf(dataItemSchema(ctx.document, pointer))
    const data = (exchange.response.json as { data?: unknown } | undefined)?.data
    const items = (Array.isArray(data) ? data : [data]).filter(
      (item): item is Record<string, unknown> => item !== null && typeof item === 'object',
    )
    if (invariants.length === 0 || items.length === 0) return false
    // One failure per invariant and response, however many items of a list break it.
    const reported = new Set<string>()
    for (const item of items) {
      for (const { field, lte } of brokenInvariants(item, invariants)) {
        const title = `${field} exceeds ${lte}`
        if (reported.has(title)) continue
        reported.add(title)
        ctx.fail(title, {
          received: `${field}: ${preview(item[field])}, ${lte}: ${preview(item[lte])} (id ${preview(item.id)})`,
          documented: `${field} <= ${lte} (x-invariants)`,
        })
      }
    }
  },
}
