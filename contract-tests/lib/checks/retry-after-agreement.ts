import { readRateLimit } from '../client/rate-limit-reading.js'
import { spendingOperation } from '../flows/rate-limit-enforcement.js'
import type { Check } from './check.js'

/** How far apart (s) Retry-After and the reset the same answer states may be: both are whole seconds. */
const TOLERANCE_S = 1

/**
 * A 429's Retry-After agrees with when the same answer says the spent window resets: with
 * `X-RateLimit-Reset - Date` (the window X-RateLimit-* describes, spent) and with the `t` of each
 * RateLimit policy that has nothing left (`r=0`; the latest of them), within a second. The
 * document's headers say the same moment three ways ("seconds until a request would be
 * admitted", "when that window starts again", "seconds until it resets"); a Retry-After that
 * always says a whole window passes every other check. Judged on every 429 seen, which the run
 * reaches only with CONTRACT_RATE_LIMIT (the rate-limit flow's).
 */
export const retryAfterAgreement: Check = {
  kind: 'response',
  description:
    "A 429's Retry-After agrees with X-RateLimit-Reset - Date and the spent RateLimit policy's t, within a second.",
  claims: { contract: (operation, document) => spendingOperation(document) === operation },
  skippedBy: (settings) => (settings.spendQuota ? undefined : 'CONTRACT_RATE_LIMIT is off: no 429 is sought'),
  run(ctx, exchange) {
    const { headers, status } = exchange.response
    const retryAfter = Number(headers['retry-after'])
    if (status !== 429 || headers['retry-after'] === undefined || !Number.isFinite(retryAfter)) return false
    const { remaining, reset, date, policies } = readRateLimit(headers)
    const spent = policies.filter((policy) => policy.r === 0 && policy.t !== undefined)
    const untilReset = reset !== undefined && date !== undefined && remaining === 0 ? reset - date : undefined
    const untilT = spent.length > 0 ? Math.max(...spent.map((policy) => policy.t!)) : undefined
    if (untilReset === undefined && untilT === undefined) {
      ctx.unjudged('the 429 said nothing left in no window (X-RateLimit-Remaining: 0, or RateLimit r=0 with t)')
      return false
    }
    const shown = `Retry-After: ${headers['retry-after']}; X-RateLimit-Reset: ${headers['x-ratelimit-reset'] ?? '(none)'}; Date: ${headers.date ?? '(none)'}; RateLimit: ${headers.ratelimit ?? '(none)'}`
    if (untilReset !== undefined && Math.abs(retryAfter - untilReset) > TOLERANCE_S)
      ctx.fail('Retry-After disagrees with X-RateLimit-Reset', {
        received: shown,
        documented: `Retry-After = X-RateLimit-Reset - Date = ${untilReset} s (within ${TOLERANCE_S} s)`,
      })
    if (untilT !== undefined && Math.abs(retryAfter - untilT) > TOLERANCE_S)
      ctx.fail('Retry-After disagrees with RateLimit', {
        received: shown,
        documented: `Retry-After = t of the spent policy = ${untilT} s (within ${TOLERANCE_S} s)`,
      })
  },
}
