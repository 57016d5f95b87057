import { consistencyFacts } from '../document/document-consistency.js'
import type { Exchange } from '../client/exchange.js'
import { dataOf, isSuccess, operationOf, preview, type Check, type CheckContext } from './check.js'
import { membersCauseAt } from './schema-findings.js'
import { ledgerOf, sameValue } from './resource-ledger.js'

/**
 * An embedded resource (`GET /campaigns/{id}` -> `advert`) is the one its id field names, and
 * equals what reading it directly last answered, with no write to it between (x-consistency `at`).
 */
export const nestedResourceConsistency: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'An embedded resource is the one its id field names and equals a direct read of it (x-consistency at).',
  claims: {
    contract: (operation, document) => consistencyFacts(document, operation).some((fact) => fact.at !== undefined),
  },
  run(ctx, exchange) {
    const ledger = ledgerOf(ctx)
    let judged = false
    for (const sighting of ledger.of(exchange)) {
      const { at, params, read } = sighting.fact
      if (!at) continue
      judged = true
      // The embedded one's own id fields are what the read's path parameters name.
      for (const [param, field] of Object.entries(params)) {
        const named = sighting.holder[field]
        if (param in sighting.fields && !sameValue(sighting.fields[param], named)) {
          ctx.fail(`The embedded ${at} is not the one ${field} names`, {
            received: `${at}.${param}: ${preview(sighting.fields[param])}, ${field}: ${preview(named)}`,
            documented: `${at}.${param} = ${field} (x-consistency at ${at})`,
          })
        }
      }
      const before = ledger.previous(sighting)
      if (!before || ledger.writtenBetween(before, sighting)) continue
      const differing = Object.keys(sighting.fields).filter(
        (name) => name in before.fields && !sameValue(sighting.fields[name], before.fields[name]),
      )
      if (differing.length === 0) continue
      const received = differing.map((name) => `${at}.${name}: ${preview(sighting.fields[name])}`).join('; ')
      const documented = `${differing.map((name) => `${name}: ${preview(before.fields[name])}`).join('; ')}, as ${before.exchange.operation} answered it with no write between (${read.operationId})`
      ctx.fail(`The embedded ${at} differs from the ${at} itself`, { received, documented })
    }
    if (!judged) explainMissing(ctx, exchange)
    return judged
  },
}

/** An answer that embeds nothing where the document embeds a resource: that missing member's finding, not one of this check. */
function explainMissing(ctx: CheckContext, exchange: Exchange): void {
  const operation = operationOf(ctx, exchange)
  const data = dataOf(exchange)
  const pointer = operation && ctx.document.response(operation, exchange.response.status)?.schemaPointer
  if (!operation || !data || !pointer || !isSuccess(exchange.response.status)) return
  for (const { at } of consistencyFacts(ctx.document, operation))
    if (at && !(at in data))
      ctx.unjudged(
        `the answers embed no ${at}`,
        undefined,
        undefined,
        membersCauseAt(ctx.document, pointer, 'data', 'missing'),
      )
}
