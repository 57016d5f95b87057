import { consistencyFacts, selfFact, timeRules } from '../document/document-consistency.js'
import { preview, type Check } from './check.js'
import { ledgerOf, sameValue } from './resource-ledger.js'

/**
 * Two places that report the same fact agree (the document's `x-consistency`): a list's items and
 * the same items read one by one, the balance and the user, a campaign's advert_title and its
 * advert's title, a write's answer and the read after it, a delete's answer and the last read.
 * Each resource an answer reports is compared with the last answer that reported it, when no
 * write to it came between; what time may change (x-immutable, x-write-stamp, x-volatile) is left
 * to the checks about time.
 */
export const crossOperationConsistency: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'Facts two operations (or an answer and the read after it) report agree, as x-consistency states them.',
  claims: {
    contract: (operation, document) => {
      const facts = consistencyFacts(document, operation)
      const self = selfFact(facts, operation)
      // A write's own answer is the new state: it is judged by the reads after it, on theirs.
      return facts.some((fact) => !fact.at && !(fact === self && operation.method !== 'get' && fact.state !== 'before'))
    },
  },
  run(ctx, exchange) {
    const ledger = ledgerOf(ctx)
    let judged = false
    for (const sighting of ledger.of(exchange)) {
      if (sighting.fact.at || sighting.kind === 'write') continue
      const before = ledger.previous(sighting)
      if (!before || ledger.writtenBetween(before, sighting)) continue
      const rules = timeRules(ctx.document, sighting.fact.read)
      const aside = new Set([...rules.immutable, ...rules.volatile, ...(rules.stamp ? [rules.stamp] : [])])
      const fields = Object.keys(sighting.fields).filter((field) => field in before.fields && !aside.has(field))
      if (fields.length === 0) continue
      judged = true
      const here = sighting.exchange.operation ?? '?'
      const there = before.exchange.operation ?? '?'
      for (const field of fields.filter((name) => !sameValue(sighting.fields[name], before.fields[name]))) {
        const shown = Object.entries(sighting.fact.fields).find(([, read]) => read === field)?.[0] ?? field
        ctx.fail(`${here} and ${there} disagree on ${field}`, {
          received: `${shown}: ${preview(sighting.fields[field])} in ${here} (${sighting.key.split(' ').pop()})`,
          documented: `${preview(before.fields[field])}, as ${there} answered it before with no write between (x-consistency: ${sighting.fact.read.operationId} ${field})`,
        })
      }
    }
    return judged
  },
}
