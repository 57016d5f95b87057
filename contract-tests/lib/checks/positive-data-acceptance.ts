import type { Exchange } from '../client/exchange.js'
import type { DocumentedOperation } from '../document/document.js'
import { positiveBodies, positiveQueries, type PositiveCase } from '../document/positive-data.js'
import { errorCauseOf, refusalCause } from './causes.js'
import { dataOf, describeResponse, isSuccess, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf, takeBack, writeBackOf } from './probe.js'

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
      if (isSuccess(status)) await takeBack(ctx, exchange, probe, writeBackOf(exchange, positive.field))
      if (isSuccess(status) || status >= 500 || status === 429) continue
      ctx.fail(`Valid input refused: ${positive.title}`, {
        exchange: probe,
        received: describeResponse(probe),
        documented: `accepted: ${positive.field} ${positive.kind === 'enum_value' ? 'is one of the values' : 'is within the bounds'} the request schema documents`,
        // Refused as not found (a page past the last is a 404), it is that kind of error, not a bound.
        rootCause: status === 404 ? errorCauseOf(probe) : refusalCause(positive.field, positive.kind),
      })
    }
    if (operation.method === 'post' && exchange.request.body) await withCharset(ctx, exchange)
  },
}

/** How real clients name JSON they send: the media type with its charset (RFC 8259 fixes it, but clients say it). */
const JSON_WITH_CHARSET = 'application/json; charset=utf-8'

/**
 * The accepted create sent again as a client that names the charset does: `Content-Type:
 * application/json; charset=utf-8` is JSON too, and taken as the bare media type is. What it
 * made is deleted at once.
 */
async function withCharset(ctx: CheckContext, accepted: Exchange): Promise<void> {
  const probe = await ctx.send({
    method: 'POST',
    path: pathOf(ctx, accepted),
    rawBody: accepted.request.body!,
    contentType: JSON_WITH_CHARSET,
    credentials: 'primary',
    purpose: `positive_data_acceptance: Content-Type: ${JSON_WITH_CHARSET}`,
  })
  const { status } = probe.response
  if (isSuccess(status)) await takeBack(ctx, accepted, probe)
  if (isSuccess(status) || status >= 500 || status === 429) return
  ctx.fail(`Valid input refused: Content-Type: ${JSON_WITH_CHARSET}`, {
    exchange: probe,
    received: describeResponse(probe),
    documented: `accepted: a JSON body with Content-Type: ${JSON_WITH_CHARSET} (a JSON media type, spec section 4)`,
    rootCause: 'content-type with a charset refused',
    // The same media type (RFC 9110, 8.3.1): no document could choose to refuse it.
    kind: 'defect',
  })
}

/** The edge cases of an accepted request: its body's and, on a GET, its query's. */
function casesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): PositiveCase[] {
  const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
  return [
    ...positiveBodies(operation.requestBody?.schema, accepted, ctx.state.titlePrefix),
    ...(exchange.request.method === 'GET' ? positiveQueries(operation.parameters) : []),
  ]
}

/** A body of the operation's wrapper with no fields, to tell whether any field has an edge to probe. */
function wrapperOf(operation: DocumentedOperation): unknown {
  const properties = (operation.requestBody?.schema?.properties ?? {}) as Record<string, unknown>
  const keys = Object.keys(properties)
  return keys.length === 1 ? { [keys[0]!]: {} } : undefined
}
