import type { Exchange } from '../client/exchange.js'
import type { DocumentedOperation } from '../document/document.js'
import { positiveBodies, positiveQueries, type PositiveCase } from '../document/positive-data.js'
import { isRecord } from '../document/schema-reading.js'
import { refusalCause } from './causes.js'
import { dataOf, describeResponse, isSuccess, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf, takeBack } from './probe.js'

/**
 * Valid input at the edges of the document is accepted: each field of a request body at its
 * largest number and its longest string, each enum field at its other values, each numeric query
 * parameter at its largest (see positive-data.ts). The other half of negative_data_rejection's
 * "just past them refused". What a probe created is deleted at once and what it changed written
 * back (the field it varied included), so nothing of the run's own is left changed; a refused
 * value is one finding per field and value, whoever met it (the campaign flow reports a refused
 * optional value under this check, and goes on with another).
 */
export const positiveDataAcceptance: Check = {
  kind: 'probe',
  description:
    'Valid input at the edges of the schemas (largest numbers, longest strings, every enum value) is accepted.',
  claims: {
    contract: (operation) =>
      positiveQueries(operation.parameters).length > 0 ||
      positiveBodies(operation.requestBody?.schema, wrapperOf(operation), '').length > 0,
  },
  async run(ctx, exchange) {
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => isSuccess(exchange.response.status) && !exchange.unsent && casesFor(ctx, o, exchange).length > 0,
      (o) => `positive_data_acceptance ${o.label}`,
    )
    if (!operation) return false
    for (const positive of casesFor(ctx, operation, exchange)) {
      const probe = await ctx.send({
        method: exchange.request.method as 'GET',
        path: pathOf(ctx, exchange),
        query:
          positive.query ?? (Object.fromEntries(new URL(exchange.request.url).searchParams) as Record<string, string>),
        ...(positive.body === undefined ? {} : { body: positive.body }),
        credentials: 'primary',
        purpose: `positive_data_acceptance: ${positive.title}`,
      })
      const { status } = probe.response
      if (isSuccess(status)) await takeBack(ctx, exchange, probe, writeBackOf(exchange, positive))
      if (isSuccess(status) || status >= 500 || status === 429) continue
      ctx.fail(`Valid input refused: ${positive.title}`, {
        exchange: probe,
        received: describeResponse(probe),
        documented: `accepted: ${positive.field} ${positive.kind === 'enum_value' ? 'is one of the values' : 'is within the bounds'} the request schema documents`,
        rootCause: refusalCause(positive.field, positive.kind),
      })
    }
  },
}

/** The edge cases of an accepted request: its body's and, on a GET, its query's. */
function casesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): PositiveCase[] {
  const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
  return [
    ...positiveBodies(operation.requestBody?.schema, accepted, ctx.state.titlePrefix),
    ...(exchange.request.method === 'GET' ? positiveQueries(operation.parameters) : []),
  ]
}

/**
 * What restores the resource after an accepted PATCH probe: the accepted body, and the field the
 * probe varied at the value the accepted answer showed (a field the accepted body did not send).
 */
function writeBackOf(accepted: Exchange, positive: PositiveCase): unknown {
  if (accepted.request.method !== 'PATCH' || !accepted.request.body) return undefined
  const body = JSON.parse(accepted.request.body) as Record<string, unknown>
  const [wrapper, name] = positive.field.split('.')
  const before = name === undefined ? undefined : dataOf(accepted)?.[name]
  if (!wrapper || !name || before === undefined || !isRecord(body[wrapper])) return body
  return { ...body, [wrapper]: { ...body[wrapper], [name]: before } }
}

/** A body of the operation's wrapper with no fields, to tell whether any field has an edge to probe. */
function wrapperOf(operation: DocumentedOperation): unknown {
  const properties = (operation.requestBody?.schema?.properties ?? {}) as Record<string, unknown>
  const keys = Object.keys(properties)
  return keys.length === 1 ? { [keys[0]!]: {} } : undefined
}
