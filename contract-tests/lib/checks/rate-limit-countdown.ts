import { documentsHeader, readRateLimit, sameWindow, windowEnd, type WindowEnd } from '../client/rate-limit-reading.js'
import { documentedResetForm } from '../document/reset-forms.js'
import { unread } from './causes.js'
import type { Check } from './check.js'
import { accountOf } from './resource-ledger.js'

/**
 * What is left never exceeds the limit, and counts down: within one window (the same
 * X-RateLimit-Limit, and an X-RateLimit-Reset that names the same end: see windowEnd) every
 * admitted answer has at least one request fewer left than the answer before it for the same
 * account (requests the run cannot see only make it fewer), and a refused one no more. Judged on
 * every answer, without spending the window; without a reset, the bound alone.
 */
export const rateLimitCountdown: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    'X-RateLimit-Remaining counts down by the requests sent (never above the limit); RateLimit r never above its quota.',
  claims: {
    contract: (operation) =>
      documentsHeader(operation, 'X-RateLimit-Remaining') || documentsHeader(operation, 'RateLimit'),
  },
  run(ctx, exchange) {
    const account = accountOf(exchange)
    const reading = readRateLimit(exchange.response.headers)
    if (!account) return false
    const last = ctx.local(() => new Map<string, { limit: number; remaining: number; end?: WindowEnd }>())
    let judged = false
    for (const { name, r, q } of reading.policies) {
      if (r === undefined || q === undefined) continue
      judged = true
      if (r > q)
        ctx.fail('RateLimit says more is left than its quota', {
          received: `"${name}";r=${r} with q=${q}`,
          documented: 'r <= q (RateLimit, RateLimit-Policy)',
        })
    }
    const { limit, remaining, reset } = reading
    if (limit === undefined || remaining === undefined) {
      if (!judged) unread(ctx, exchange.response.headers)
      return judged
    }
    // Without a reset (Laravel's X-RateLimit-Limit and -Remaining alone) the bound is judged, the count between answers not.
    const received = `X-RateLimit-Limit: ${limit}, X-RateLimit-Remaining: ${remaining}, X-RateLimit-Reset: ${reset ?? '(none)'}`
    if (remaining > limit)
      ctx.fail('X-RateLimit-Remaining is above X-RateLimit-Limit', {
        received,
        documented: 'X-RateLimit-Remaining <= X-RateLimit-Limit',
      })
    const before = last.get(account)
    // A reset that names no window (not after the answer's Date, or seconds the document does not
    // say it counts: rate_limit_reset_conformance's finding): two answers cannot be told to share
    // one, so the count between them is not judged. Seconds it does say it counts end at Date + them.
    const end = windowEnd(reading, documentedResetForm(ctx.document, 'x-ratelimit-reset').form === 'delta')
    last.set(account, { limit, remaining, ...(end ? { end } : {}) })
    if (before && before.limit === limit && sameWindow(before.end, end)) {
      const admitted = exchange.response.status !== 429
      const most = admitted ? before.remaining - 1 : before.remaining
      if (remaining > most) {
        ctx.fail('X-RateLimit-Remaining does not count down', {
          received: `${before.remaining} left, then ${remaining} after ${admitted ? 'one more admitted request' : 'a refused one'} in the same window (${received})`,
          documented: `at most ${Math.max(0, most)} left: each admitted request counts, and requests the run cannot see only lower it`,
        })
      }
    }
    return true
  },
}
