import { describeResponse, failureFor, operationOf, type Check } from '../check.js'
import { SPEC_OPERATIONS } from '../spec-facts.js'

/** The status is one the document lists for the operation (and, for the spec's two operations, one the spec lists). */
export const statusCodeConformance: Check = {
  name: 'status_code_conformance',
  profiles: ['spec', 'contract'],
  kind: 'response',
  description: 'The status is documented for the operation.',
  run(ctx, exchange) {
    const { status } = exchange.response
    if (status >= 500) return // not_a_server_error's business
    const spec = exchange.operation ? SPEC_OPERATIONS[exchange.operation] : undefined
    // The spec does not give the rate-limit status, so a 429 is outside its claims.
    if (ctx.profiles.has('spec') && spec && status !== 429 && !spec.statuses.includes(status)) {
      throw failureFor('status_code_conformance', 'spec', exchange, 'Status the spec does not list', describeResponse(exchange), `${exchange.operation} answers ${spec.statuses.join(', ')} (spec section 4)`)
    }
    const operation = operationOf(ctx, exchange)
    if (!ctx.profiles.has('contract') || !operation || ctx.document.response(operation, status)) return
    const documented = operation.responses.map((response) => response.key).join(', ')
    throw failureFor('status_code_conformance', 'contract', exchange, 'Undocumented status', describeResponse(exchange), documented)
  },
}
