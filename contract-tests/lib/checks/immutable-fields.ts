import { consistencyFacts, isCreate, selfFact, timeRules } from '../document/document-consistency.js'
import { preview, type Check } from './check.js'
import { ledgerOf, sameValue } from './resource-ledger.js'

/**
 * Fields the document calls immutable (`x-immutable`: id, created_at) never change after
 * creation: every answer that reports a resource, writes included, gives the values the one
 * before it gave.
 */
export const immutableFields: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'x-immutable fields (id, created_at) never change after creation, across writes too.',
  claims: {
    contract: (operation, document) => {
      const self = selfFact(consistencyFacts(document, operation), operation)
      return (
        self !== undefined &&
        !isCreate(operation, self) &&
        timeRules(document, self.read).immutable.some((field) => Object.values(self.fields).includes(field))
      )
    },
  },
  run(ctx, exchange) {
    const ledger = ledgerOf(ctx)
    let judged = false
    for (const sighting of ledger.of(exchange)) {
      if (sighting.fact.at) continue
      for (const field of timeRules(ctx.document, sighting.fact.read).immutable.filter(
        (name) => name in sighting.fields,
      )) {
        const before = ledger.previous(sighting, field)
        if (!before || before.kind === 'before') continue
        judged = true
        if (sameValue(sighting.fields[field], before.fields[field])) continue
        ctx.fail(`${field} changed after creation`, {
          received: `${field}: ${preview(sighting.fields[field])} in ${sighting.exchange.operation} (${sighting.key.split(' ').pop()})`,
          documented: `${preview(before.fields[field])}, as ${before.exchange.operation} answered it before (x-immutable)`,
        })
      }
    }
    return judged
  },
}
