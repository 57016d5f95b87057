import { errorCauseOf } from './causes.js'
import { describeResponse, isSuccess, type Check } from './check.js'
import { operationToProbe, pathOf } from './probe.js'

/**
 * A body sent as JSON that does not parse is refused as the document states: with the 400 it
 * documents for the operation (whose body response_schema_conformance judges, code included), or,
 * where it documents none, some 4xx; never accepted, never a 422 where a 400 is documented (the
 * body was not read, so no field can be at fault). Once per operation that takes a JSON body; a
 * body that does not parse cannot change anything.
 */
export const malformedBodyRejection: Check = {
  kind: 'probe',
  description:
    'A JSON body that does not parse is refused with the documented 400 (some 4xx where none is documented).',
  claims: { contract: (operation) => operation.requestBody?.schemaPointer !== undefined },
  async run(ctx, exchange) {
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => o.requestBody?.schemaPointer !== undefined && isSuccess(exchange.response.status),
      (o) => `malformed_body_rejection ${o.label}`,
    )
    if (!operation) return false
    const wrapper = Object.keys((operation.requestBody?.schema?.properties ?? {}) as object)[0] ?? 'data'
    const probe = await ctx.send({
      method: exchange.request.method as 'POST',
      path: pathOf(ctx, exchange),
      rawBody: `{"${wrapper}": {`,
      contentType: 'application/json',
      credentials: 'primary',
      purpose: 'malformed_body_rejection: a JSON body cut short',
      negative: true,
    })
    const { status } = probe.response
    if (status >= 500 || status === 429) return false
    const documents400 = operation.responses.some((response) => response.key === '400')
    const refused = documents400 ? status === 400 : status >= 400 && status < 500 && status !== 401
    if (refused) return
    ctx.fail(isSuccess(status) ? 'Malformed JSON accepted' : `Malformed JSON answered ${status}`, {
      exchange: probe,
      received: describeResponse(probe),
      documented: documents400 ? `400 (${operation.label} documents it for a body it cannot read)` : 'a 4xx',
      ...(isSuccess(status) ? {} : { rootCause: errorCauseOf(probe) }),
    })
  },
}
