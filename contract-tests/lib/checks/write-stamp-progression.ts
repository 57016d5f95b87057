import { consistencyFacts, isCreate, selfFact, timeRules } from '../document/document-consistency.js'
import { preview, type Check } from './check.js'
import { ledgerOf, sameValue, type Sighting } from './resource-ledger.js'

/** Below this gap between two requests (client clock), two writes may share a millisecond of the server's. */
const SAME_MOMENT_MS = 2

/**
 * The write stamp (`x-write-stamp`: updated_at) moves forward on every accepted write that changes
 * the resource, never backwards, and not at all on a read: each answer is compared with the last
 * one that reported the resource (a read only when no write came between).
 */
export const writeStampProgression: Check = {
  kind: 'response',
  description:
    'x-write-stamp (updated_at) moves forward on every write that changes the resource, and never on a read.',
  claims: {
    contract: (operation, document) => {
      const self = selfFact(consistencyFacts(document, operation), operation)
      const stamp = self && timeRules(document, self.read).stamp
      return (
        self !== undefined &&
        !isCreate(operation, self) &&
        stamp !== undefined &&
        Object.values(self.fields).includes(stamp)
      )
    },
  },
  run(ctx, exchange) {
    const ledger = ledgerOf(ctx)
    let judged = false
    for (const sighting of ledger.of(exchange)) {
      const rules = timeRules(ctx.document, sighting.fact.read)
      const stamp = rules.stamp
      if (sighting.fact.at || !stamp || !(stamp in sighting.fields)) continue
      const before = ledger.previous(sighting, stamp)
      if (!before || before.kind === 'before') continue
      judged = true
      const [then, now] = [Date.parse(String(before.fields[stamp])), Date.parse(String(sighting.fields[stamp]))]
      const written = ledger.writtenBetween(before, sighting)
      const aside = new Set([stamp, ...rules.volatile])
      const changed = Object.keys(sighting.fields).filter(
        (field) =>
          !aside.has(field) && field in before.fields && !sameValue(sighting.fields[field], before.fields[field]),
      )
      const shown = `${stamp}: ${preview(before.fields[stamp])} in ${before.exchange.operation}, then ${preview(sighting.fields[stamp])} in ${sighting.exchange.operation}`
      if (now < then) {
        ctx.fail(`${stamp} moved backwards`, {
          received: shown,
          documented: `${stamp} never moves backwards (x-write-stamp)`,
        })
      } else if (
        sighting.kind === 'write' &&
        !written &&
        changed.length > 0 &&
        now === then &&
        !sameMoment(before, sighting)
      ) {
        ctx.fail(`A write that changed ${changed.join(', ')} did not move ${stamp}`, {
          received: shown,
          documented: `a later ${stamp} after a write that changes the resource (x-write-stamp)`,
        })
      } else if (
        sighting.kind !== 'write' &&
        !written &&
        now !== then &&
        !rules.volatile.some((field) => !sameValue(sighting.fields[field], before.fields[field]))
      ) {
        ctx.fail(`${stamp} moved without a write`, {
          received: shown,
          documented: `${stamp} unchanged: no write came between (x-write-stamp)`,
        })
      }
    }
    return judged
  },
}

/** Whether two requests were so close that the server may have stamped both in the same millisecond. */
function sameMoment(before: Sighting, after: Sighting): boolean {
  const { receivedAt } = before.exchange
  const { sentAt } = after.exchange
  return receivedAt === undefined || sentAt === undefined || sentAt - receivedAt < SAME_MOMENT_MS
}
