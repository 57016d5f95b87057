import { readRateLimit } from '../client/rate-limit-reading.js'
import { spendingOperation } from '../document/spending-operation.js'
import type { Check } from './check.js'

/**
 * How far apart (s) Retry-After and the reset the same answer states may be: both are whole
 * seconds. A server that took longer to answer may have read its clock for Date and for
 * Retry-After that much apart: every whole second of the round trip widens it by one.
 */
const TOLERANCE_S = 1

/** The cause of a Retry-After longer than the reset the same answer states (however many headers state it). */
export const RETRY_AFTER_LONGER = 'retry-after longer than the reset'

/** One way a 429's Retry-After disagrees with the reset its own headers state. */
export interface RetryAfterDisagreement {
  title: string
  received: string
  documented: string
  /** Its cause: RETRY_AFTER_LONGER. */
  rootCause: string
}

/**
 * How a 429's Retry-After disagrees with the reset the same answer states: it says to wait longer
 * than `X-RateLimit-Reset - Date` (the window X-RateLimit-* describes, spent), or than the latest
 * `t` of the RateLimit policies with nothing left (`r=0`). A shorter one is no disagreement: the
 * document's Retry-After is the seconds until a request would be admitted, which a token bucket
 * does before the window's reset (whether it does is rate_limit_enforcement's to see, by waiting it).
 * Undefined when the answer states no spent window to compare with (or resets it now,
 * rate_limit_reset_conformance's finding). `roundTripMs`: how long the answer took, which widens
 * the tolerance (see TOLERANCE_S).
 */
export function retryAfterDisagreements(
  headers: Record<string, string>,
  roundTripMs = 0,
): RetryAfterDisagreement[] | undefined {
  const tolerance = TOLERANCE_S + Math.floor(Math.max(0, roundTripMs) / 1000)
  const retryAfter = Number(headers['retry-after'])
  if (headers['retry-after'] === undefined || !Number.isFinite(retryAfter)) return undefined
  const { remaining, reset, resetIn, date, policies, fieldRemaining } = readRateLimit(headers)
  const spent = policies.filter((policy) => policy.r === 0 && policy.t !== undefined && policy.t > 0)
  // The reset of the window X-RateLimit-* (or the IETF fields) describe, spent: an epoch instant less Date, or the seconds it says.
  const none = (remaining ?? fieldRemaining) === 0
  const untilReset =
    none && resetIn !== undefined && resetIn > 0
      ? resetIn
      : reset !== undefined && date !== undefined && remaining === 0 && reset > date
        ? reset - date
        : undefined
  const untilT = spent.length > 0 ? Math.max(...spent.map((policy) => policy.t!)) : undefined
  if (untilReset === undefined && untilT === undefined) return undefined
  const received = `Retry-After: ${headers['retry-after']}; X-RateLimit-Reset: ${headers['x-ratelimit-reset'] ?? '(none)'}; ${headers['ratelimit-reset'] === undefined ? '' : `RateLimit-Reset: ${headers['ratelimit-reset']}; `}Date: ${headers.date ?? '(none)'}; RateLimit: ${headers.ratelimit ?? '(none)'}`
  const found: RetryAfterDisagreement[] = []
  if (untilReset !== undefined && retryAfter - untilReset > tolerance)
    found.push({
      rootCause: RETRY_AFTER_LONGER,
      title: 'Retry-After disagrees with X-RateLimit-Reset',
      received,
      documented: `Retry-After <= ${resetIn !== undefined && none ? 'the seconds the reset header states' : 'X-RateLimit-Reset - Date'} = ${untilReset} s (within ${tolerance} s): a request is admitted again by the reset`,
    })
  if (untilT !== undefined && retryAfter - untilT > tolerance)
    found.push({
      rootCause: RETRY_AFTER_LONGER,
      title: 'Retry-After disagrees with RateLimit',
      received,
      documented: `Retry-After <= t of the spent policy = ${untilT} s (within ${tolerance} s): a request is admitted again by the reset`,
    })
  return found
}

/**
 * A 429's Retry-After is no later than when the same answer says the spent window resets (see
 * retryAfterDisagreements), within a second. The document's headers say "seconds until a request
 * would be admitted", "when that window starts again", "seconds until it resets": by the reset at
 * the latest, sooner where a bucket refills; a Retry-After that always says a whole window passes
 * every other check. Judged on every 429 seen, which the run reaches only with CONTRACT_RATE_LIMIT
 * (the rate-limit flow's). A Retry-After too short is rate_limit_enforcement's: refused after it.
 */
export const retryAfterAgreement: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    "A 429's Retry-After is no longer than X-RateLimit-Reset - Date or the spent RateLimit policy's t, within a second.",
  claims: { contract: (operation, document) => spendingOperation(document) === operation },
  skippedBy: (settings) => (settings.spendQuota ? undefined : 'CONTRACT_RATE_LIMIT is off: no 429 is sought'),
  run(ctx, exchange) {
    if (exchange.response.status !== 429) return false
    const { sentAt, receivedAt } = exchange
    const roundTrip = sentAt !== undefined && receivedAt !== undefined ? receivedAt - sentAt : 0
    const disagreements = retryAfterDisagreements(exchange.response.headers, roundTrip)
    if (!disagreements) {
      if (exchange.response.headers['retry-after'] !== undefined)
        ctx.unjudged('the 429s said no window was spent (X-RateLimit-Remaining: 0, or RateLimit r=0 with t)')
      return false
    }
    for (const { title, ...detail } of disagreements) ctx.fail(title, detail)
  },
}
