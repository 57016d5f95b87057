import { consistencyFacts, selfFact, timeRules } from '../document/document-consistency.js'
import type { ContractDocument, DocumentedOperation, JsonObject } from '../document/document.js'
import { isRecord, singleWrapper } from '../document/schema-reading.js'
import { isSuccess, operationOf, preview, type Check, type CheckContext } from './check.js'
import { ledgerOf, sameValue, type Sighting } from './resource-ledger.js'

/**
 * What an update leaves alone stays as it was: every field its request schema lets it write but
 * the request did not send keeps the value the run last saw, in the update's answer and in the
 * read after it. An update read as a replace (a field left out cleared, or set to its default) is
 * a defect no other check sees: each looks only at what was sent.
 */
export const unsentFieldsUnchanged: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'An update keeps every writable field it was not sent as the run last saw it, in its answer and after.',
  claims: { contract: (operation, document) => writable(document, operation).length > 1 },
  run(ctx, exchange) {
    if (!isSuccess(exchange.response.status) || exchange.echo) return false
    const ledger = ledgerOf(ctx)
    // Counted on the update it judges (ctx.ran), whichever answer showed it: the update's, or the read after it.
    for (const sighting of ledger.of(exchange)) {
      if (sighting.fact.at) continue
      const update = sighting.kind === 'write' ? sighting : ledger.previous(sighting)
      if (!update || update.kind !== 'write' || (update !== sighting && ledger.writtenBetween(update, sighting)))
        continue
      const operation = operationOf(ctx, update.exchange)
      if (!operation) continue
      // Each field as the last answer that reported it before the update said, with no other write between.
      const known = unsentFields(ctx, operation, update, sighting).flatMap((field) => {
        const before = ledger.previous(update, field)
        return before && before.kind !== 'before' && !ledger.writtenBetween(before, update)
          ? [{ field, was: before.fields[field] }]
          : []
      })
      if (known.length === 0) continue
      ctx.ran(operation.label)
      const changed = known.filter(({ field, was }) => !sameValue(sighting.fields[field], was))
      if (changed.length === 0) continue
      const names = changed.map(({ field }) => field)
      ctx.fail(`An update changed ${names.join(', ')}, which it was not sent`, {
        received: changed
          .map(({ field, was }) => `${field}: ${preview(was)} -> ${preview(sighting.fields[field])}`)
          .join('; '),
        documented: `${names.join(', ')} as last read, since ${operation.label} was sent ${preview(JSON.parse(update.exchange.request.body ?? '{}'))} (the fields sent, and only those, change)`,
        operation: operation.label,
        rootCause: `update changes unsent ${names.join(', ')}`,
      })
    }
    return false
  },
}

/** The writable fields an update did not send, that the sighting reports: neither stamps nor fields time may change. */
function unsentFields(
  ctx: CheckContext,
  operation: DocumentedOperation,
  update: Sighting,
  sighting: Sighting,
): string[] {
  const body = update.exchange.request.body ? (JSON.parse(update.exchange.request.body) as unknown) : undefined
  const sent = isRecord(body) ? Object.keys(fieldsOf(body)) : []
  const rules = timeRules(ctx.document, sighting.fact.read)
  const aside = new Set([...rules.volatile, ...rules.immutable, ...(rules.stamp ? [rules.stamp] : [])])
  return writable(ctx.document, operation).filter(
    (field) => !sent.includes(field) && !aside.has(field) && field in sighting.fields,
  )
}

/** The fields a write's request schema lets it write, inside its wrapper: an update's (a PATCH with a self fact). */
function writable(document: ContractDocument, operation: DocumentedOperation): string[] {
  if (operation.method !== 'patch' && operation.method !== 'put') return []
  if (!selfFact(consistencyFacts(document, operation), operation)) return []
  const schema = operation.requestBody?.schema
  if (!schema) return []
  const wrapper = singleWrapper(
    schema,
    Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, {}])),
  )
  return Object.keys(((wrapper?.innerSchema ?? schema).properties ?? {}) as JsonObject)
}

/** The fields a body writes: inside its one wrapper key, or the body's own. */
function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const values = Object.values(body)
  return values.length === 1 && isRecord(values[0]) ? values[0] : body
}
