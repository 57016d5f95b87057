import { consistencyFacts, timeRules } from '../document/document-consistency.js'
import { isSuccess, preview, type Check } from './check.js'
import { operationToProbe, replay } from './probe.js'
import { sameValue } from './resource-ledger.js'
import { knockOnOf, undocumentedFields } from './undocumented-fields.js'

/**
 * A second read with no write between returns the same resource: each read a flow makes is sent
 * once more at once (an echo), and every field but those that may change without a write
 * (x-volatile) and the write stamp (write_stamp_progression's) must be the same, item by item for a list.
 */
export const repeatableRead: Check = {
  kind: 'probe',
  finds: 'defect',
  description: 'A read sent again at once, with no write between, answers the same resource.',
  claims: {
    contract: (operation, document) => operation.method === 'get' && consistencyFacts(document, operation).length > 0,
  },
  async run(ctx, exchange) {
    const reads = (o: { method: string; label: string }) =>
      o.method === 'get' &&
      isSuccess(exchange.response.status) &&
      consistencyFacts(ctx.document, ctx.document.get(o.label)).length > 0
    // Every read of the flows, not once per operation: a stale answer shows only after a write.
    const operation = operationToProbe(ctx, exchange, reads)
    const [fact] = operation ? consistencyFacts(ctx.document, operation) : []
    if (!fact || exchange.negative || exchange.echo) return false
    const again = await replay(ctx, exchange, 'repeatable_read: the same read again', {
      credentials: 'primary',
      echo: true,
    })
    const rules = timeRules(ctx.document, fact.read)
    const aside = new Set([...rules.volatile, ...(rules.stamp ? [rules.stamp] : [])])
    const items = (data: unknown) =>
      (Array.isArray(data) ? data : [data]).filter(
        (item): item is Record<string, unknown> => item !== null && typeof item === 'object',
      )
    const [first, second] = [
      items((exchange.response.json as { data?: unknown })?.data),
      items((again.response.json as { data?: unknown })?.data),
    ]
    if (again.response.status !== exchange.response.status) {
      return ctx.fail('A second read answers another status', {
        exchange: again,
        received: `${again.response.status}`,
        documented: `${exchange.response.status}, as the read just before`,
      })
    }
    const differing = new Set<string>()
    // A field the document does not list is part of that field's finding: its change is a knock-on of it.
    const undocumented = undocumentedFields(ctx, again)
    first.forEach((item, index) => {
      const other = second.find((candidate) => 'id' in item && candidate.id === item.id) ?? second[index]
      for (const field of Object.keys(item).filter(
        (name) => !aside.has(name) && !sameValue(item[name], other?.[name]),
      )) {
        const change = `${field}: ${preview(item[field], 80)} then ${preview(other?.[field], 80)}`
        const cause = undocumented.get(field)
        if (!cause) differing.add(change)
        else
          knockOnOf(ctx, cause, {
            exchange: again,
            title: `A second read answers another ${field}`,
            received: change,
            documented: `${field} is no documented field`,
            knockOn: `a second read of ${exchange.operation} answers another value`,
          })
      }
    })
    if (first.length !== second.length) differing.add(`${first.length} items then ${second.length}`)
    if (differing.size > 0) {
      ctx.fail('A second read with no write between answers another resource', {
        exchange: again,
        received: [...differing].join('; '),
        documented: 'the same resource as the read just before (no write came between)',
      })
    }
  },
}
