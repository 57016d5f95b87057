import { describeResponse, failureFor, operationOf, preview, type Check } from '../check.js'
import { SPEC_ENTITIES, SPEC_OPERATIONS } from '../spec-facts.js'

/**
 * The body validates (ajv, formats on) against the schema the document gives for the operation and
 * status; for the spec's two operations, `data` also has every field of User or Campaign the spec lists.
 */
export const responseSchemaConformance: Check = {
  name: 'response_schema_conformance',
  profiles: ['spec', 'contract'],
  kind: 'response',
  description: 'The body matches the documented schema (and the spec field tables).',
  run(ctx, exchange) {
    const { status, json, text } = exchange.response
    const spec = exchange.operation ? SPEC_OPERATIONS[exchange.operation] : undefined
    if (ctx.profiles.has('spec') && spec && status >= 200 && status < 300) {
      const data = (json as { data?: unknown } | undefined)?.data
      const errors = ctx.validator.validateWith(SPEC_ENTITIES[spec.entity], data)
      if (errors.length > 0) {
        throw failureFor('response_schema_conformance', 'spec', exchange, `data is not a ${spec.entity}`, `${errors.join('; ')} in ${preview(data)}`, `${spec.entity} fields of spec section 2`)
      }
    }
    const operation = operationOf(ctx, exchange)
    const documented = operation ? ctx.document.response(operation, status) : undefined
    if (!ctx.profiles.has('contract') || !documented?.schemaPointer || text === '') return
    if (json === undefined) {
      throw failureFor('response_schema_conformance', 'contract', exchange, 'Body is not JSON', describeResponse(exchange), `JSON matching ${documented.schemaPointer}`)
    }
    const errors = ctx.validator.validate(documented.schemaPointer, json)
    if (errors.length === 0) return
    throw failureFor(
      'response_schema_conformance',
      'contract',
      exchange,
      'Response violates the schema',
      `${errors.slice(0, 5).join('; ')} in ${preview(json)}`,
      `${documented.key} ${documented.description} (${documented.schemaPointer})`,
    )
  },
}
