import { readRateLimit } from '../client/rate-limit-reading.js'
import { spendingOperation } from '../document/spending-operation.js'
import type { Check } from './check.js'

/**
 * How far apart (s) Retry-After and the reset the same answer states may be: both are whole
 * seconds. A server that took longer to answer may have read its clock for Date and for
 * Retry-After that much apart: every whole second of the round trip widens it by one.
 */
const TOLERANCE_S = 1

/** One way a 429's Retry-After disagrees with the reset its own headers state. */
export interface RetryAfterDisagreement {
  title: string
  received: string
  documented: string
  /** Its cause: a Retry-After longer, or shorter, than the reset the answer states (however many headers state it). */
  rootCause: string
}

/**
 * How a 429's Retry-After disagrees with the reset the same answer states: with
 * `X-RateLimit-Reset - Date` (the window X-RateLimit-* describes, spent) and with the latest `t` of
 * the RateLimit policies with nothing left (`r=0`). Undefined when the answer states no spent
 * window to compare with (or resets it now, rate_limit_reset_conformance's finding).
 * `roundTripMs`: how long the answer took, which widens the tolerance (see TOLERANCE_S).
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
  const causeOf = (until: number) => `retry-after ${retryAfter > until ? 'longer' : 'shorter'} than the reset`
  if (untilReset !== undefined && Math.abs(retryAfter - untilReset) > tolerance)
    found.push({
      rootCause: causeOf(untilReset),
      title: 'Retry-After disagrees with X-RateLimit-Reset',
      received,
      documented: `Retry-After = ${resetIn !== undefined && none ? 'the seconds the reset header states' : 'X-RateLimit-Reset - Date'} = ${untilReset} s (within ${tolerance} s)`,
    })
  if (untilT !== undefined && Math.abs(retryAfter - untilT) > tolerance)
    found.push({
      rootCause: causeOf(untilT),
      title: 'Retry-After disagrees with RateLimit',
      received,
      documented: `Retry-After = t of the spent policy = ${untilT} s (within ${tolerance} s)`,
    })
  return found
}

/**
 * A 429's Retry-After agrees with when the same answer says the spent window resets (see
 * retryAfterDisagreements), within a second. The document's headers say the same moment three
 * ways ("seconds until a request would be admitted", "when that window starts again", "seconds
 * until it resets"); a Retry-After that always says a whole window passes every other check.
 * Judged on every 429 seen, which the run reaches only with CONTRACT_RATE_LIMIT (the rate-limit
 * flow's). A refusal after a Retry-After too short is a knock-on of this finding.
 */
export const retryAfterAgreement: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    "A 429's Retry-After agrees with X-RateLimit-Reset - Date and the spent RateLimit policy's t, within a second.",
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
