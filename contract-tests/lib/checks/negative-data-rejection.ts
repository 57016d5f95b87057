import { describeResponse, failureFor, isSuccess, operationOf, type Check } from '../check.js'
import { negativeBodies, negativeQueries } from '../negative-data.js'
import { pathOf } from '../probe.js'
import { isSpecOperation } from '../spec-facts.js'
import { ContractFailureGroup, type ContractFailure } from '../types.js'

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
    const operation = operationOf(ctx, exchange)
    if (!operation || !isSuccess(exchange.response.status) || exchange.credentials !== 'primary') return
    const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
    const cases = [
      ...negativeBodies(operation.requestBody?.schema, accepted, { foreignAdvertId: ctx.state.foreignAdvertId }),
      ...(exchange.request.method === 'GET' ? negativeQueries(operation.parameters) : []),
    ]
    if (cases.length === 0 || !ctx.once(`negative_data_rejection ${operation.label}`)) return
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
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) throw new ContractFailureGroup(failures)
  },
}
