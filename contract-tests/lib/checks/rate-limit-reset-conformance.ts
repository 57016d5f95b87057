import type { Exchange } from '../client/exchange.js'
import { documentsHeader, isDelta, readRateLimit, valueAt, type RateLimitPolicy } from '../client/rate-limit-reading.js'
import { rateLimitFacts } from '../document/document-consistency.js'
import { documentedResetForm, RESET_HEADERS, type ResetHeader } from '../document/reset-forms.js'
import { unread } from './causes.js'
import { operationOf, type Check, type CheckContext } from './check.js'
import { accountOf, ledgerOf } from './resource-ledger.js'

/** A second of slack each way: Date is truncated to the second, the reset rounded up. */
const SLACK_SECONDS = 1

/**
 * The window resets in the future, within one window, in the form the document gives the header
 * (its `x-value`: `{reset}` an epoch instant, `{reset_after}` the seconds until the reset; an
 * X-RateLimit-Reset without one, an instant; the IETF RateLimit-Reset, seconds): an instant is
 * after the answer's own Date (the server's clock, so a skewed client clock does not matter) and
 * no further than the window its limit counts (the limit's x-consistency windows, or the
 * RateLimit-Policy whose quota it is); a count of seconds is at most that window; each RateLimit
 * policy's t is between 0 and its window. A value in the other form is a difference from the document.
 */
export const rateLimitResetConformance: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    'X-RateLimit-Reset (RateLimit-Reset) is within one window of the Date header, in the form the document gives it; RateLimit t is within its window.',
  claims: {
    contract: (operation) =>
      documentsHeader(operation, 'X-RateLimit-Reset') ||
      documentsHeader(operation, 'RateLimit') ||
      documentsHeader(operation, 'RateLimit-Reset'),
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
    const operation = operationOf(ctx, exchange)
    const resets: Array<[ResetHeader, number | undefined, number | undefined]> = [
      ['x-ratelimit-reset', reading.reset, reading.limit],
      // The IETF field where the document gives it (an undocumented one is no claim of the document's).
      [
        'ratelimit-reset',
        operation && documentsHeader(operation, 'RateLimit-Reset') ? reading.fieldReset : undefined,
        reading.fieldLimit,
      ],
    ]
    for (const [header, value, limit] of resets) {
      if (value === undefined || reading.date === undefined) continue
      judged = true
      judgeReset(ctx, exchange, header, { value, date: reading.date }, windowOf(ctx, exchange, limit, reading.policies))
    }
    if (!judged) unread(ctx, exchange.response.headers)
    return judged
  },
}

/** Judges one reset header's value: in the documented form (a difference where not), and within one window of Date. */
function judgeReset(
  ctx: CheckContext,
  exchange: Exchange,
  header: ResetHeader,
  { value, date: seconds }: { value: number; date: number },
  window: number,
): void {
  const { name } = RESET_HEADERS[header]
  const date = exchange.response.headers.date
  const documented = documentedResetForm(ctx.document, header)
  const sent = isDelta(value) ? 'delta' : 'epoch'
  const said = documented.stated ? ` (its x-value ${documented.form === 'delta' ? '{reset_after}' : '{reset}'})` : ''
  if (sent !== documented.form)
    // The other form where the document says one: the deployment's way, judged as one.
    ctx.fail(
      sent === 'delta'
        ? `${name} counts the seconds until the reset, not an epoch time`
        : `${name} names an epoch time, not the seconds until the reset`,
      {
        received: `${name}: ${value}, Date: ${date}`,
        documented:
          documented.form === 'epoch'
            ? `${name}: when the window starts again, in Unix epoch seconds${said}`
            : `${name}: the seconds until the window starts again${said}`,
        kind: 'difference',
        rootCause: `${header} ${sent === 'delta' ? 'relative' : 'absolute'}`,
      },
    )
  if (sent === 'delta') {
    if (value > window + SLACK_SECONDS)
      ctx.fail(`${name} is more than one window away`, {
        received: `${name}: ${value} (seconds)`,
        documented: `at most ${window} s (the window ${limitName(header)} counts)`,
      })
    return
  }
  const received = `${name}: ${value}, Date: ${date} (${value - seconds} s later)`
  if (value <= seconds) {
    ctx.fail(`${name} is not in the future`, {
      received,
      documented: "a reset after the answer's Date (epoch seconds)",
    })
  } else if (value - seconds > window + SLACK_SECONDS) {
    ctx.fail(`${name} is more than one window away`, {
      received,
      documented: `at most ${window} s after the answer's Date (the window ${limitName(header)} counts)`,
    })
  }
}

function limitName(header: ResetHeader): string {
  return header === 'x-ratelimit-reset' ? 'X-RateLimit-Limit' : 'RateLimit-Limit'
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
