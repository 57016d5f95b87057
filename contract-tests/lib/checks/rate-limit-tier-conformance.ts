import type { Exchange } from '../client/exchange.js'
import { documentsHeader, readRateLimit, valueAt } from '../client/rate-limit-reading.js'
import { rateLimitFacts } from '../document/document-consistency.js'
import { unread } from './causes.js'
import { preview, type Check, type CheckContext } from './check.js'
import { accountOf, ledgerOf } from './resource-ledger.js'

/**
 * The limit in the headers is the account's own, as its user body states it (the document's
 * `x-consistency` on X-RateLimit-Limit and RateLimit-Policy): X-RateLimit-Limit is one of the
 * tier's limits (per_minute, or per_day when that window has fewer requests left), and each
 * RateLimit-Policy quota is the tier's limit for that window. An answer that comes before the run
 * has read its account's user is judged once it has.
 */
export const rateLimitTierConformance: Check = {
  kind: 'response',
  finds: 'defect',
  description:
    "X-RateLimit-Limit and the RateLimit-Policy quotas are the account's tier limits as its user body states them.",
  claims: {
    contract: (operation, document) => {
      const facts = rateLimitFacts(document)
      return (
        (facts.limit !== undefined && documentsHeader(operation, 'X-RateLimit-Limit')) ||
        (facts.policy !== undefined && documentsHeader(operation, 'RateLimit-Policy'))
      )
    },
  },
  run(ctx, exchange) {
    const account = accountOf(exchange)
    const reading = readRateLimit(exchange.response.headers)
    const facts = rateLimitFacts(ctx.document)
    const read = facts.limit?.read ?? facts.policy?.read
    if (!account || !read) return false
    if (reading.limit === undefined && !reading.policies.some((p) => p.q !== undefined))
      unread(ctx, exchange.response.headers)
    const pending = ctx.local(() => new Map<string, Exchange[]>())
    // This answer may itself be the account's user.
    const user = ledgerOf(ctx).latest(account, read, 'api_tier_limits')?.fields
    const judgeable =
      (reading.limit !== undefined && facts.limit) || (reading.policies.some((p) => p.q !== undefined) && facts.policy)
    if (!user) {
      if (judgeable) pending.set(account, [...(pending.get(account) ?? []), exchange])
      return false
    }
    for (const earlier of pending.get(account) ?? []) {
      judge(ctx, earlier, user)
      ctx.ran(earlier.operation ?? 'flows')
    }
    pending.delete(account)
    return judgeable ? judge(ctx, exchange, user) : false
  },
}

/** Compares one answer's limits with the user body; true when something was compared. */
function judge(ctx: CheckContext, exchange: Exchange, user: Record<string, unknown>): boolean {
  const facts = rateLimitFacts(ctx.document)
  const reading = readRateLimit(exchange.response.headers)
  const limits = preview(valueAt(user, 'api_tier_limits') ?? user)
  let judged = false
  if (facts.limit && reading.limit !== undefined) {
    judged = true
    const allowed = facts.limit.windows.map((window) => valueAt(user, window.field))
    if (!allowed.includes(reading.limit)) {
      const documented = `${facts.limit.windows.map((window) => `${window.field} (${window.seconds} s)`).join(' or ')} of ${facts.limit.read.label}: ${allowed.join(' or ')}`
      ctx.fail("X-RateLimit-Limit is not the account's limit", {
        exchange,
        received: `X-RateLimit-Limit: ${reading.limit}; api_tier_limits: ${limits}`,
        documented,
      })
    }
  }
  for (const window of facts.policy?.windows ?? []) {
    const policy = reading.policies.find((p) => p.w === window.seconds && p.q !== undefined)
    if (!policy) continue
    judged = true
    const expected = valueAt(user, window.field)
    if (policy.q !== expected) {
      ctx.fail("A RateLimit-Policy quota is not the account's limit", {
        exchange,
        received: `"${policy.name}";q=${policy.q};w=${policy.w}; api_tier_limits: ${limits}`,
        documented: `q=${preview(expected)}: ${window.field} for the ${window.seconds} s window`,
      })
    }
  }
  return judged
}
