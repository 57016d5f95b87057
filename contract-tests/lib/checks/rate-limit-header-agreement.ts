import { documentsHeader, isDelta, readRateLimit } from '../client/rate-limit-reading.js'
import { rateLimitFacts } from '../document/document-consistency.js'
import { causeKey } from './causes.js'
import type { Check } from './check.js'

/**
 * Where an answer carries both, the IETF pair agrees with the X- family (the RateLimit header's
 * `x-consistency`): a policy whose quota is X-RateLimit-Limit has X-RateLimit-Remaining left and
 * resets at X-RateLimit-Reset (Date + t, to the second).
 */
export const rateLimitHeaderAgreement: Check = {
  kind: 'response',
  finds: 'defect',
  description: 'RateLimit/RateLimit-Policy agree with X-RateLimit-Limit, -Remaining and -Reset where both are sent.',
  claims: {
    contract: (operation, document) =>
      (rateLimitFacts(document).agrees?.length ?? 0) > 0 && documentsHeader(operation, 'RateLimit'),
  },
  run(ctx, exchange) {
    const { limit, remaining, reset, date, policies } = readRateLimit(exchange.response.headers)
    if (limit === undefined || remaining === undefined || policies.length === 0) {
      const missing = [
        ...(limit === undefined || remaining === undefined ? ['X-RateLimit-*'] : []),
        ...(policies.length === 0 ? ['RateLimit-Policy'] : []),
      ]
      // The family the deployment does not send is response_headers_conformance's finding.
      const families = [
        ...(limit === undefined || remaining === undefined ? ['x-ratelimit'] : []),
        ...(policies.length === 0 ? ['ratelimit'] : []),
      ]
      ctx.unjudged(
        `the answers carry no ${missing.join(' and no ')} to compare`,
        undefined,
        undefined,
        causeKey.headers(families),
      )
      return false
    }
    const x = `X-RateLimit-Limit: ${limit}, X-RateLimit-Remaining: ${remaining}, X-RateLimit-Reset: ${reset ?? '(none)'}`
    const ietf = `RateLimit-Policy: ${exchange.response.headers['ratelimit-policy'] ?? '(none)'}; RateLimit: ${exchange.response.headers.ratelimit ?? '(none)'}`
    const policy = policies.find((p) => p.q === limit)
    if (!policy)
      return ctx.fail('No RateLimit policy has the quota X-RateLimit-Limit states', {
        received: `${x}; ${ietf}`,
        documented: 'a RateLimit-Policy with q = X-RateLimit-Limit (x-consistency agrees)',
      })
    if (policy.r !== undefined && policy.r !== remaining) {
      ctx.fail('RateLimit and X-RateLimit-Remaining disagree', {
        received: `${x}; ${ietf}`,
        documented: `r=${remaining} on "${policy.name}", as X-RateLimit-Remaining says`,
      })
    }
    // A reset that counts seconds compares with t as it is; an epoch one with Date + t.
    const at =
      reset !== undefined && isDelta(reset) ? policy.t : date === undefined ? undefined : date + (policy.t ?? 0)
    if (policy.t !== undefined && reset !== undefined && at !== undefined && Math.abs(at - reset) > 1) {
      ctx.fail('RateLimit and X-RateLimit-Reset disagree', {
        received: `${x}; ${ietf}; Date: ${exchange.response.headers.date}`,
        documented: `Date + t = X-RateLimit-Reset (within a second) on "${policy.name}"`,
      })
    }
  },
}
