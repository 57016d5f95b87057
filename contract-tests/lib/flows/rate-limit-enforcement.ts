import { describeResponse, FlowStopped, isSuccess, type CheckContext, type Flow } from '../checks/check.js'
import type { ControlPlaneUser, TierLimits } from '../client/control-plane.js'
import type { Exchange } from '../client/exchange.js'
import type { ApiRequest, Credentials } from '../client/http-client.js'
import { readRateLimit, remainingOf, sameWindow, secondsUntilReset, windowEnd } from '../client/rate-limit-reading.js'
import type { DocumentedOperation } from '../document/document.js'
import {
  describeEnvelope,
  errorEnvelope,
  memberText,
  memberValue,
  type EnvelopeMember,
} from '../document/error-envelope.js'
import { documentedResetForm } from '../document/reset-forms.js'
import { spendingOperation } from '../document/spending-operation.js'
import { errorCauseOf } from '../checks/causes.js'
import { mostRefilled } from '../checks/rate-limit-countdown.js'
import { retryAfterDisagreements } from '../checks/retry-after-agreement.js'

const TINY_PER_MINUTE = 5

/** Without CONTRACT_MAX_REQUESTS, the most requests the flow spends on a live window. */
const DEFAULT_WINDOW_BUDGET = 300

/** What the run keeps for the requests after the flow (the ignored_auth sweep) when the flow's budget comes from CONTRACT_MAX_REQUESTS. */
const RESERVE_AFTER_FLOW = 100

/**
 * Past the per-minute allowance the API answers 429 with Retry-After, and admits requests
 * again once that many seconds have passed. Against the mock: an account of a tier the control
 * plane shrinks to 5 a minute (restored afterwards), and the clock moved instead of waiting.
 * Against a live deployment: the run's own key, only when the window is small enough to spend.
 */
export const rateLimitEnforcement: Flow = {
  kind: 'flow',
  finds: 'defect',
  description: 'Past the allowance: 429 with Retry-After; after Retry-After seconds: admitted again.',
  // The flow judges the operation it spends the window with.
  claims: { contract: (operation, document) => spendingOperation(document) === operation },
  skippedBy: (settings) => (settings.spendQuota ? undefined : 'CONTRACT_RATE_LIMIT is off: the quota is not spent'),
  operations: [],
  async run(ctx) {
    const target = spendingOperation(ctx.document)
    if (!target) {
      ctx.state.notes.push(
        'rate_limit_enforcement: skipped, the document has no secured GET without parameters to spend the window with',
      )
      return
    }
    const plane = ctx.controlPlane
    if (!plane) return exhaust(ctx, target, 'primary', windowBudget(ctx))
    const tiers = await plane.tiers()
    const [tier, limits] = Object.entries(tiers).sort(([, a], [, b]) => a.per_minute - b.per_minute)[0] ?? []
    if (!tier || !limits) throw new Error('The control plane lists no tiers')
    const user: ControlPlaneUser = await plane.createUser({ tier })
    await plane.setTiers({ [tier]: { ...limits, per_minute: TINY_PER_MINUTE } satisfies TierLimits })
    try {
      await exhaust(ctx, target, { authorization: user.api_key, label: 'other' }, windowBudget(ctx))
    } finally {
      await plane.setTiers({ [tier]: limits })
    }
  },
}

/** How many requests the flow may spend on the window: 300, or what CONTRACT_MAX_REQUESTS leaves after the run so far. */
function windowBudget(ctx: CheckContext): number {
  const { maxRequests, maxRequestsGiven } = ctx.settings
  return maxRequestsGiven
    ? Math.max(0, maxRequests - ctx.client.requests - RESERVE_AFTER_FLOW)
    : Math.min(DEFAULT_WINDOW_BUDGET, maxRequests)
}

/** A window that rolls over mid-count restarts the count; more rollovers than this is a failure. */
const MAX_WINDOW_ROLLOVERS = 2

type Send = (purpose: string) => Promise<Exchange>

async function exhaust(
  ctx: CheckContext,
  target: DocumentedOperation,
  credentials: Credentials,
  budget: number,
): Promise<void> {
  const send: Send = (purpose) =>
    ctx.send({
      method: target.method.toUpperCase() as ApiRequest['method'],
      path: target.path,
      credentials,
      purpose: `rate_limit_enforcement: ${purpose}`,
      retryOnRateLimit: false,
    })
  const first = await send('read the window')
  if (first.response.status === 429) return recover(ctx, target, first, send)
  // The window is planned with a remaining count: X-RateLimit-Remaining, or the IETF RateLimit header's r.
  if (remainingOf(first.response.headers) === undefined) {
    throw new FlowStopped(
      `rate_limit_enforcement could not plan: ${target.label} answered no remaining count (X-RateLimit-Remaining or RateLimit r=)`,
      [target.label],
    )
  }
  const limited = await spendWindow(ctx, target, first, send, budget, MAX_WINDOW_ROLLOVERS)
  if (limited) await recover(ctx, target, limited, send)
}

/**
 * Spends what the answers say is left, until the 429 that ends it; stops (not exercised) when
 * more is left than the run may spend, saying what would let it. X-RateLimit-Remaining must count
 * down within one window (a risen count with a new X-RateLimit-Reset means the window started
 * again: count afresh); a count from the RateLimit header alone may also rise as a bucket refills,
 * so only the budget bounds it. Undefined when it reported a failure instead of a 429.
 */
async function spendWindow(
  ctx: CheckContext,
  target: DocumentedOperation,
  first: Exchange,
  send: Send,
  budget: number,
  rolloversLeft: number,
): Promise<Exchange | undefined> {
  let last = first
  for (let sent = 0; sent < budget; sent++) {
    const left = remainingOf(last.response.headers) ?? 0
    if (left + 1 > budget - sent) throw new FlowStopped(tooMuchLeft(ctx, last, left, budget - sent), [target.label])
    const previous = last
    last = await send(`request ${sent + 2} (${left} left)`)
    if (last.response.status === 429) return last
    const [before, now] = [
      Number(previous.response.headers['x-ratelimit-remaining']),
      Number(last.response.headers['x-ratelimit-remaining']),
    ]
    if (!Number.isFinite(before) || !Number.isFinite(now) || now < before + refilledBetween(previous, last)) continue
    const newWindow = !sameReset(ctx, previous, last)
    if (newWindow && rolloversLeft > 0) return spendWindow(ctx, target, last, send, budget, rolloversLeft - 1)
    // Within one window a count that does not fall is rate_limit_countdown's finding (it judges every answer).
    if (ctx.enabled('rate_limit_countdown') && countdownJudges(ctx, previous, last)) {
      throw new FlowStopped(
        `rate_limit_enforcement: X-RateLimit-Remaining did not count down (see rate_limit_countdown); the flow stopped there`,
        [target.label],
      )
    }
    ctx.fail('X-RateLimit-Remaining does not count down', {
      exchange: last,
      received: `${before} then ${now}`,
      documented: `${before - 1}`,
    })
    return undefined
  }
  ctx.fail(`No 429 after ${budget} requests`, {
    exchange: last,
    received: describeResponse(last),
    documented: '429 once the allowance is spent',
  })
  return undefined
}

/** The most a token bucket may have refilled between two answers: from the first request's sending to the second answer's arrival (see mostRefilled). */
function refilledBetween(before: Exchange, after: Exchange): number {
  const limit = Number(after.response.headers['x-ratelimit-limit'])
  if (!Number.isFinite(limit) || before.sentAt === undefined || after.receivedAt === undefined) return 0
  return mostRefilled(limit, after.receivedAt - before.sentAt)
}

/** Whether rate_limit_countdown judges the step between two answers: both state the count, the same limit and the end of one window. */
function countdownJudges(ctx: CheckContext, before: Exchange, after: Exchange): boolean {
  const [a, b] = [readRateLimit(before.response.headers), readRateLimit(after.response.headers)]
  const counted = documentedResetForm(ctx.document, 'x-ratelimit-reset').form === 'delta'
  return (
    a.remaining !== undefined &&
    b.remaining !== undefined &&
    a.limit !== undefined &&
    a.limit === b.limit &&
    sameWindow(windowEnd(a, counted), windowEnd(b, counted))
  )
}

/**
 * Whether two answers state one reset: the same X-RateLimit-Reset as sent, or, where the document
 * says it counts seconds, the same end of the window (a count that falls with the clock).
 */
function sameReset(ctx: CheckContext, before: Exchange, after: Exchange): boolean {
  const [a, b] = [before.response.headers['x-ratelimit-reset'], after.response.headers['x-ratelimit-reset']]
  if (a === b) return true
  const counted = documentedResetForm(ctx.document, 'x-ratelimit-reset').form === 'delta'
  const end = (exchange: Exchange) => windowEnd(readRateLimit(exchange.response.headers), counted)
  return counted && sameWindow(end(before), end(after))
}

/** Why the flow did not spend the window, and what would let it: a key of a lower tier, or a larger CONTRACT_MAX_REQUESTS. */
function tooMuchLeft(ctx: CheckContext, last: Exchange, left: number, mayStillSpend: number): string {
  const limit = Number(last.response.headers['x-ratelimit-limit'])
  const lowerTier = Number.isFinite(limit) && limit > mayStillSpend ? ` (this one allows ${limit} a minute)` : ''
  const enough = Math.ceil((ctx.client.requests + left + 2 + RESERVE_AFTER_FLOW) / 100) * 100
  return (
    `rate_limit_enforcement did not spend the window: ${left} requests left is more than the ${mayStillSpend} the run may still spend; ` +
    `to see the 429, run with the key of an account on a lower tier, whose window is under ${mayStillSpend} requests${lowerTier}, ` +
    `or with CONTRACT_MAX_REQUESTS=${enough}`
  )
}

async function recover(ctx: CheckContext, target: DocumentedOperation, first: Exchange, send: Send): Promise<void> {
  ctx.ran(target.label)
  if (!errorCodeHolds(ctx, target, first)) return
  const later = await askAgainWithinWindow(ctx, target, first, send)
  // Admitted again before the window's end (a bucket refilled): admitted, as Retry-After promised.
  if (later && isSuccess(later.response.status)) return
  const limited = later?.response.status === 429 ? later : first
  const retryAfter = Number(limited.response.headers['retry-after'])
  // A missing Retry-After is response_headers_conformance's failure; the flow waits a whole window.
  await ctx.wait(
    Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.max(1, retryAfter) : 61,
    `Retry-After on the 429 to ${target.label}`,
  )
  const again = await send('after Retry-After')
  if (!isSuccess(again.response.status)) {
    const documented = `a 2xx after waiting Retry-After (${limited.response.headers['retry-after'] ?? 'missing'}) seconds`
    // Refused after a Retry-After shorter than the reset: this flow's finding (a token bucket may admit before the reset, this one
    // did not). After one longer than the reset its own answer states, retry_after_agreement's finding: this is its knock-on.
    const [cause] = ctx.enabled('retry_after_agreement')
      ? (retryAfterDisagreements(limited.response.headers, (limited.receivedAt ?? 0) - (limited.sentAt ?? 0)) ?? [])
      : []
    ctx.fail('Still refused after Retry-After', {
      exchange: again,
      received: describeResponse(again),
      documented,
      ...(cause
        ? {
            check: 'retry_after_agreement',
            rootCause: cause.rootCause,
            knockOn: 'refused again after waiting it',
          }
        : {}),
    })
  }
}

/** Below this many seconds to the reset, a Retry-After of the whole window is within a second or two of the truth: not worth asking again. */
const SHORTEST_TELLING_WAIT = 4

/**
 * Asks once more within the same window, about halfway to its reset, so that retry_after_agreement
 * judges a 429 that does not come at the window's start (where a Retry-After of the whole window
 * is within any tolerance): only when the reset is far enough to tell and half of it is within the
 * run's longest wait. The answer: another 429 (judged like every answer), or an admission.
 */
async function askAgainWithinWindow(
  ctx: CheckContext,
  target: DocumentedOperation,
  limited: Exchange,
  send: Send,
): Promise<Exchange | undefined> {
  const { headers } = limited.response
  const until = secondsUntilReset(headers) ?? Number(headers['retry-after'])
  if (!Number.isFinite(until) || until < SHORTEST_TELLING_WAIT) return undefined
  const half = Math.floor(until / 2)
  if (half > ctx.settings.maxWaitSeconds) return undefined
  await ctx.wait(half, `half the time to the reset, to ask again within the window (the 429 to ${target.label})`)
  return send('again within the window, half the time to its reset later')
}

/**
 * The 429's error: the code the document's examples state for it, else a code and a message,
 * where the error body the document gives a 429 keeps them (error-envelope.ts: ours, `error.code`
 * and `error.message`). A code its schema pins is response_schema_conformance's to judge, not judged twice here.
 */
function errorCodeHolds(ctx: CheckContext, target: DocumentedOperation, limited: Exchange): boolean {
  const documented = ctx.document.response(target, 429)
  const stated = documented ? ctx.document.errorCode(documented) : undefined
  if (stated?.in === 'schema') return true
  const envelope = errorEnvelope(ctx.document, target, 429)
  const members = [envelope?.code, envelope?.message].filter((m): m is EnvelopeMember => m !== undefined)
  const said = (member: EnvelopeMember) => {
    const value = memberValue(limited.response.json, member.path)
    return typeof value === 'string' || typeof value === 'number' ? value : undefined
  }
  const code = stated?.code
  const where = envelope?.code ? memberText(envelope.code.path) : 'error.code'
  if (code !== undefined && (envelope?.code ? said(envelope.code) : undefined) !== code) {
    const expected = `${where} "${code}" (${documented?.key} ${documented?.description})`
    ctx.fail('The 429 has another error code than the document states', {
      exchange: limited,
      received: describeResponse(limited),
      documented: expected,
      kind: 'difference',
      rootCause: errorCauseOf(limited),
    })
    return false
  }
  if (code === undefined && envelope && members.some((member) => said(member) === undefined)) {
    ctx.fail('The 429 does not say what failed', {
      exchange: limited,
      received: describeResponse(limited),
      documented: describeEnvelope(ctx.document, envelope),
    })
    return false
  }
  return true
}
