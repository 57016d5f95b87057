import { consistencyFacts, isCreate, selfFact, timeRules } from '../document/document-consistency.js'
import { preview, type Check } from './check.js'
import { ledgerOf, sameValue, type Sighting } from './resource-ledger.js'
import { describeUnit } from './stamp-precision.js'

/** Below this gap between two requests (client clock), two writes may share a millisecond of the server's. */
const SAME_MOMENT_MS = 2

/**
 * The write stamp (`x-write-stamp`: updated_at) moves forward on every accepted write that changes
 * the resource, never backwards, and not at all on a read: each answer is compared with the last
 * one that reported the resource (a read only when no write came between). At the deployment's
 * precision: a write that left the stamp where it was is judged only when it came at least one
 * unit of the stamp (the finest its answers showed: a second, for one that stamps to the second)
 * after the answer it is compared with; closer, the two may share a stamp, and the check says so.
 */
export const writeStampProgression: Check = {
  kind: 'response',
  finds: 'defect',
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
      const [then, now] = [Date.parse(String(before.fields[stamp])), Date.parse(String(sighting.fields[stamp]))]
      const written = ledger.writtenBetween(before, sighting)
      const aside = new Set([stamp, ...rules.volatile])
      const changed = Object.keys(sighting.fields).filter(
        (field) =>
          !aside.has(field) && field in before.fields && !sameValue(sighting.fields[field], before.fields[field]),
      )
      const shown = `${stamp}: ${preview(before.fields[stamp])} in ${before.exchange.operation}, then ${preview(sighting.fields[stamp])} in ${sighting.exchange.operation}`
      const unit = Math.max(SAME_MOMENT_MS, ledger.unitOf(sighting.fact.read, stamp) ?? SAME_MOMENT_MS)
      const gap = gapOf(before, sighting)
      const stood = sighting.kind === 'write' && !written && changed.length > 0 && now === then
      if (stood && gap < unit) {
        // The two may share a stamp at the deployment's precision: nothing to judge between them.
        if (unit > SAME_MOMENT_MS)
          ctx.unjudged(
            `writes ${(gap / 1000).toFixed(1)} s apart; the deployment stamps ${stamp} to ${describeUnit(unit)}`,
          )
        continue
      }
      judged = true
      if (now < then) {
        ctx.fail(`${stamp} moved backwards`, {
          received: shown,
          documented: `${stamp} never moves backwards (x-write-stamp)`,
        })
      } else if (stood) {
        ctx.fail(`A write that changed ${changed.join(', ')} did not move ${stamp}`, {
          received: shown,
          documented: `a later ${stamp} after a write that changes the resource, ${describeUnit(unit)} or more after the answer before it (x-write-stamp)`,
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

/** How long after the answer before it (client clock) a request was sent; 0 when the times are unknown. */
function gapOf(before: Sighting, after: Sighting): number {
  const { receivedAt } = before.exchange
  const { sentAt } = after.exchange
  return receivedAt === undefined || sentAt === undefined ? 0 : sentAt - receivedAt
}
