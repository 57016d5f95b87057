import type { Exchange } from '../client/exchange.js'
import type { Profile } from '../document/profiles.js'
import { SPEC_OPERATIONS } from '../document/spec-facts.js'
import { statusCauseOf } from './causes.js'
import {
  describeResponse,
  everyOperation,
  isSuccess,
  operationOf,
  specOperations,
  type Check,
  type RunContext,
} from './check.js'

/** Why a status does not conform: the title, "Received / Documented", the profile whose claim it breaks, and its cause. */
export interface StatusProblem {
  title: string
  received: string
  documented: string
  profile: Profile
  /** An error's kind (its status and code), or the status itself: what other checks seeing the same answers report it under too. */
  rootCause: string
}

/**
 * The status is one the document lists for the operation; for the spec's two operations, under
 * `spec`, one the spec allows: its success status, or any 4xx (section 7 leaves the conditions of
 * errors open, so the 401 and 422 it lists are not the only ones), never another 2xx or a 3xx.
 * Undefined when the status holds, `false` when nothing here judges it.
 */
export function statusProblem(
  ctx: RunContext & { asserts(profile: Profile): boolean },
  exchange: Exchange,
): StatusProblem | undefined | false {
  const { status } = exchange.response
  if (status >= 500) return false // not_a_server_error's business
  const spec = exchange.operation ? SPEC_OPERATIONS[exchange.operation] : undefined
  const operation = operationOf(ctx, exchange)
  const bySpec = ctx.asserts('spec') && spec !== undefined
  const byDocument = ctx.asserts('contract') && operation !== undefined
  if (!bySpec && !byDocument) return false
  // The spec does not give the rate-limit status, so a 429 is outside its claims.
  if (bySpec && status !== 429 && !(status >= 400 && status < 500) && !spec.statuses.includes(status)) {
    const listed = spec.statuses.filter(isSuccess).join(', ')
    const documented = `${exchange.operation} answers ${listed} on success, a 4xx on an error (spec sections 4, 7)`
    return {
      title: `Status ${status} where the spec gives ${listed}`,
      received: describeResponse(exchange),
      documented,
      profile: 'spec',
      rootCause: statusCauseOf(exchange),
    }
  }
  if (!byDocument || ctx.document.response(operation, status)) return undefined
  const documented = operation.responses.map((response) => response.key).join(', ')
  return {
    title: `Undocumented status ${status}`,
    received: describeResponse(exchange),
    documented,
    profile: 'contract',
    rootCause: statusCauseOf(exchange),
  }
}

/** The status is documented for the operation (and, for the spec's two operations, one the spec allows). */
export const statusCodeConformance: Check = {
  kind: 'response',
  description: 'The status is documented for the operation (spec: a listed success status or a 4xx).',
  claims: { spec: specOperations, contract: everyOperation },
  run(ctx, exchange) {
    const problem = statusProblem(ctx, exchange)
    if (problem === false) return false
    if (problem) ctx.fail(problem.title, problem)
  },
}
