import { describeResponse, failureFor, isSuccess, operationOf, specOperationsOrAll, type Check, type CheckContext } from '../check.js'
import { SPEC_OPERATIONS } from '../spec-facts.js'
import type { ContractFailure, Exchange } from '../types.js'

/**
 * The status is one the document lists for the operation; for the spec's two operations, under
 * `spec`, one the spec allows: its success status, or any 4xx (section 7 leaves the conditions of
 * errors open, so the 401 and 422 it lists are not the only ones), never another 2xx or a 3xx.
 * Undefined when the status holds, `false` when nothing here judges it.
 */
export function statusFailure(ctx: CheckContext, exchange: Exchange): ContractFailure | undefined | false {
  const { status } = exchange.response
  if (status >= 500) return false // not_a_server_error's business
  const spec = exchange.operation ? SPEC_OPERATIONS[exchange.operation] : undefined
  const operation = operationOf(ctx, exchange)
  const bySpec = ctx.profiles.has('spec') && spec !== undefined
  const byDocument = ctx.profiles.has('contract') && operation !== undefined
  if (!bySpec && !byDocument) return false
  // The spec does not give the rate-limit status, so a 429 is outside its claims.
  if (bySpec && status !== 429 && !(status >= 400 && status < 500) && !spec.statuses.includes(status)) {
    const listed = spec.statuses.filter(isSuccess).join(', ')
    return failureFor('status_code_conformance', 'spec', exchange, `Status ${status} where the spec gives ${listed}`, describeResponse(exchange), `${exchange.operation} answers ${listed} on success, a 4xx on an error (spec sections 4, 7)`)
  }
  if (!byDocument || ctx.document.response(operation, status)) return undefined
  const documented = operation.responses.map((response) => response.key).join(', ')
  return failureFor('status_code_conformance', 'contract', exchange, `Undocumented status ${status}`, describeResponse(exchange), documented)
}

/** The status is documented for the operation (and, for the spec's two operations, one the spec allows). */
export const statusCodeConformance: Check = {
  name: 'status_code_conformance',
  profiles: ['spec', 'contract'],
  kind: 'response',
  description: 'The status is documented for the operation (spec: a listed success status or a 4xx).',
  promises: specOperationsOrAll,
  run(ctx, exchange) {
    const failure = statusFailure(ctx, exchange)
    if (failure === false) return false
    if (failure) throw failure
  },
}
