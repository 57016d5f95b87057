import type { Exchange } from '../client/exchange.js'
import { documentsHeader, isDelta, readRateLimit, valueAt, type RateLimitPolicy } from '../client/rate-limit-reading.js'
import { rateLimitFacts } from '../document/document-consistency.js'
import { unread } from './causes.js'
import type { Check, CheckContext } from './check.js'
import { accountOf, ledgerOf } from './resource-ledger.js'

/** A second of slack each way: Date is truncated to the second, the reset rounded up. */
const SLACK_SECONDS = 1

/**
 * The window resets in the future, within one window: X-RateLimit-Reset is after the answer's own
 * Date (the server's clock, so a skewed client clock does not matter) and no further than the
 * window its limit counts (the limit's x-consistency windows, or the RateLimit-Policy whose quota
 * it is); each RateLimit policy's t is between 0 and its window.
 */
export const rateLimitResetConformance: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    'X-RateLimit-Reset is after the Date header and within one window of it; RateLimit t is within its window.',
  claims: {
    contract: (operation) => documentsHeader(operation, 'X-RateLimit-Reset') || documentsHeader(operation, 'RateLimit'),
  },
  run(ctx, exchange) {
    const reading = readRateLimit(exchange.response.headers)
    let judged = false
    for (const { name, t, w } of reading.policies) {
      if (t === undefined || w === undefined) continue
      judged = true
      if (t > w + SLACK_SECONDS)
        ctx.fail('RateLimit resets further away than its window', {
          received: `"${name}";t=${t} with w=${w}`,
          documented: '0 <= t <= w (RateLimit, RateLimit-Policy)',
        })
    }
    const { reset, date, limit } = reading
    if (reset === undefined || date === undefined) {
      if (!judged) unread(ctx, exchange.response.headers)
      return judged
    }
    const window = windowOf(ctx, exchange, limit, reading.policies)
    if (isDelta(reset)) {
      // Seconds until the reset where the document says an epoch instant: the deployment's way, judged as one.
      ctx.fail('X-RateLimit-Reset counts the seconds until the reset, not an epoch time', {
        received: `X-RateLimit-Reset: ${reset}, Date: ${exchange.response.headers.date}`,
        documented: 'X-RateLimit-Reset: when the window starts again, in Unix epoch seconds',
        kind: 'difference',
        rootCause: 'x-ratelimit-reset relative',
      })
      if (reset > window + SLACK_SECONDS)
        ctx.fail('X-RateLimit-Reset is more than one window away', {
          received: `X-RateLimit-Reset: ${reset} (seconds)`,
          documented: `at most ${window} s (the window X-RateLimit-Limit counts)`,
        })
      return true
    }
    const received = `X-RateLimit-Reset: ${reset}, Date: ${exchange.response.headers.date} (${reset - date} s later)`
    if (reset <= date) {
      ctx.fail('X-RateLimit-Reset is not in the future', {
        received,
        documented: "a reset after the answer's Date (epoch seconds)",
      })
    } else if (reset - date > window + SLACK_SECONDS) {
      ctx.fail('X-RateLimit-Reset is more than one window away', {
        received,
        documented: `at most ${window} s after the answer's Date (the window X-RateLimit-Limit counts)`,
      })
    }
    return true
  },
}

/** The window the limit counts, in seconds: by the account's limits, else the policy with that quota, else the longest the document or the policies name. */
function windowOf(
  ctx: CheckContext,
  exchange: Exchange,
  limit: number | undefined,
  policies: readonly RateLimitPolicy[],
): number {
  const facts = rateLimitFacts(ctx.document)
  const windows = facts.limit?.windows ?? []
  const account = accountOf(exchange)
  const user =
    account && facts.limit ? ledgerOf(ctx).latest(account, facts.limit.read, 'api_tier_limits')?.fields : undefined
  const byUser = windows.find((window) => limit !== undefined && valueAt(user, window.field) === limit)?.seconds
  const byPolicy = policies.find((policy) => limit !== undefined && policy.q === limit && policy.w !== undefined)?.w
  return (
    byUser ??
    byPolicy ??
    Math.max(60, ...windows.map((window) => window.seconds), ...policies.map((policy) => policy.w ?? 0))
  )
}
