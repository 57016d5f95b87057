import type { RunContext } from '../checks/check.js'
import { ledgerOf } from '../checks/resource-ledger.js'
import { timeRules } from '../document/document-consistency.js'

/** Longest unit worth waiting for: a deployment that stamps more coarsely than a second is not waited on. */
const MAX_UNIT_MS = 1000

/** Beyond one unit, so that the client's and the server's clocks need not tick in step to the millisecond. */
const MARGIN_MS = 25

/**
 * Before a write meant to change a resource: waits until one unit of the deployment's write stamp
 * (the finest its answers showed) has passed since the run last saw the resource, so that
 * write_stamp_progression can tell whether the write moved the stamp. Costs time, never a
 * request; does not wait where the deployment stamps finely (the mock, to the millisecond), nor
 * when that check is off.
 * @example await spaceWrite(ctx, '/campaigns/12') // against a deployment that stamps to the second: waits up to 1 s
 */
export async function spaceWrite(ctx: RunContext, path: string, account = 'primary'): Promise<void> {
  if (!ctx.enabled('write_stamp_progression')) return
  const ledger = ledgerOf(ctx)
  const last = ledger.lastOf(`${account} ${path}`)
  const stamp = last && timeRules(ctx.document, last.fact.read).stamp
  const unit = last && stamp ? ledger.unitOf(last.fact.read, stamp) : undefined
  const seenAt = last?.exchange.receivedAt
  if (unit === undefined || unit <= 2 || unit > MAX_UNIT_MS || seenAt === undefined) return
  const wait = seenAt + unit + MARGIN_MS - Date.now()
  if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait))
}
