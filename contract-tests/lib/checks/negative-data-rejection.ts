import { describeResponse, failureFor, isSuccess, throwFailures, type Check, type CheckContext } from '../check.js'
import type { DocumentedOperation } from '../document.js'
import { negativeBodies, negativeQueries, type NegativeCase } from '../negative-data.js'
import { operationToProbe, pathOf } from '../probe.js'
import { isSpecOperation } from '../spec-facts.js'
import type { ContractFailure, Exchange } from '../types.js'

/**
 * Invalid input is refused: bodies and queries generated from the documented schemas (see
 * negative-data.ts) are each answered 422 (where the document lists 422), never accepted.
 */
export const negativeDataRejection: Check = {
  name: 'negative_data_rejection',
  profiles: ['spec', 'contract'],
  kind: 'probe',
  description: 'Invalid bodies and queries generated from the schemas are a 422.',
  async run(ctx, exchange) {
    const succeeded = isSuccess(exchange.response.status)
    const operation = operationToProbe(ctx, exchange, (o) => succeeded && casesFor(ctx, o, exchange).length > 0, (o) => `negative_data_rejection ${o.label}`)
    if (!operation) return
    const cases = casesFor(ctx, operation, exchange)
    const specOperation = isSpecOperation(operation.label)
    const documents422 = Boolean(operation.responses.find((r) => r.key === '422'))
    const failures: ContractFailure[] = []
    for (const negative of cases) {
      const profile = negative.profile === 'spec' && specOperation ? 'spec' : 'contract'
      if (!ctx.profiles.has(profile)) continue
      const probe = await ctx.client.send({
        method: exchange.request.method as 'GET',
        path: pathOf(ctx, exchange),
        query: negative.query ?? (Object.fromEntries(new URL(exchange.request.url).searchParams) as Record<string, string>),
        ...(negative.body === undefined ? {} : { body: negative.body }),
        credentials: 'primary',
        purpose: `negative_data_rejection: ${negative.title}`,
      })
      const { status } = probe.response
      const refused = profile === 'spec' || documents422 ? status === 422 : status >= 400 && status < 500 && status !== 401 && status !== 429
      if (refused || status === 429) continue
      const documented = profile === 'spec' ? '422 Unprocessable Entity (spec section 4)' : documents422 ? '422 ValidationError' : 'a documented 4xx'
      failures.push(failureFor('negative_data_rejection', profile, probe, `Invalid input not refused: ${negative.title}`, describeResponse(probe), documented))
    }
    throwFailures(failures)
  },
}

/** The invalid variants of an accepted request: its body's (from the request schema) and, on a GET, its query's. */
function casesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): NegativeCase[] {
  const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
  return [
    ...negativeBodies(operation.requestBody?.schema, accepted, { foreignAdvertId: ctx.state.foreignAdvertId }),
    ...(exchange.request.method === 'GET' ? negativeQueries(operation.parameters) : []),
  ]
}
