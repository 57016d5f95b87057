import { documentsHeader, readRateLimit, sameWindow, windowEnd, type WindowEnd } from '../client/rate-limit-reading.js'
import { documentedResetForm } from '../document/reset-forms.js'
import { unread } from './causes.js'
import type { Check } from './check.js'
import { accountOf } from './resource-ledger.js'

/**
 * What is left never exceeds the limit, and counts down: within one window (the same
 * X-RateLimit-Limit, and an X-RateLimit-Reset that names the same end: see windowEnd), after the
 * first answer of the window for an account, n more admitted requests leave at most n fewer
 * (requests the run cannot see only make it fewer), give or take what a token bucket may have
 * refilled since: the limit spread over a minute (the spec's shortest window, so the most it can
 * refill), for the time from the first request's sending to this answer's arrival. Counted from the
 * window's first answer rather than answer to answer, so that a bucket refilling as fast as the run
 * sends is not taken for a count that stands still, while one that never counts is still seen once
 * the run has sent more than a minute's share. Judged on every answer, without spending the window;
 * without a reset, the bound alone.
 */
/** An account's answers in one window, from its first: what was left then, when it was sent, how many were admitted since. */
interface Sequence {
  limit: number
  remaining: number
  since: number | undefined
  admitted: number
  end?: WindowEnd
}

/**
 * The most a token bucket of `limit` a minute (the spec's shortest window, so the most it can
 * refill) may have refilled in `elapsedMs`; ceiled, as a bucket shows whole tokens, so a fraction
 * refilled may show as one more left.
 * @example mostRefilled(1200, 32) // 1
 */
export function mostRefilled(limit: number, elapsedMs: number): number {
  return Math.ceil((limit * Math.max(0, elapsedMs)) / 60_000)
}

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
    const last = ctx.local(() => new Map<string, Sequence>())
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
    const first = last.get(account)
    // A reset that names no window (not after the answer's Date, or seconds the document does not
    // say it counts: rate_limit_reset_conformance's finding): two answers cannot be told to share
    // one, so the count between them is not judged. Seconds it does say it counts end at Date + them.
    const end = windowEnd(reading, documentedResetForm(ctx.document, 'x-ratelimit-reset').form === 'delta')
    const admitted = exchange.response.status !== 429
    if (!first || first.limit !== limit || !sameWindow(first.end, end)) {
      last.set(account, { limit, remaining, since: exchange.sentAt, admitted: 0, ...(end ? { end } : {}) })
      return true
    }
    if (admitted) first.admitted += 1
    const elapsed =
      first.since === undefined || exchange.receivedAt === undefined ? 0 : exchange.receivedAt - first.since
    const refill = mostRefilled(limit, elapsed)
    const most = first.remaining - first.admitted + refill
    if (remaining > most) {
      ctx.fail('X-RateLimit-Remaining does not count down', {
        received: `${first.remaining} left, then ${remaining} after ${first.admitted} more admitted request${first.admitted === 1 ? '' : 's'} in the same window, ${Math.round(elapsed)} ms later (${received})`,
        documented: `at most ${Math.max(0, most)} left: each admitted request counts (${refill} refilled at most, the limit spread over a minute), and requests the run cannot see only lower it`,
      })
      // Judged once per stand-still: the next answers count from this one.
      last.set(account, { limit, remaining, since: exchange.sentAt, admitted: 0, ...(end ? { end } : {}) })
    }
    return true
  },
}
