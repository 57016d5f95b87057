import type { Exchange } from '../client/exchange.js'
import type { SchemaViolation } from '../document/schema-validator.js'
import { SPEC_ENTITIES, SPEC_OPERATIONS } from '../document/spec-facts.js'
import {
  describeResponse,
  everyOperation,
  isSuccess,
  operationOf,
  preview,
  specOperations,
  type Check,
  type FailureDetail,
} from './check.js'

/**
 * The body validates (ajv, formats on) against the schema the document gives for the operation and
 * status; for the spec's two operations, `data` also has every field of User or Campaign the spec lists.
 * Each violation is its own failure, named by where it sits in the document and its keyword, so
 * that the same difference in many answers is one finding (an undocumented or missing property by
 * its name, wherever the schema that lists the properties sits).
 */
export const responseSchemaConformance: Check = {
  kind: 'response',
  description: 'The body matches the documented schema (and the spec field tables).',
  claims: { spec: specOperations, contract: everyOperation },
  run(ctx, exchange) {
    const { status, json, text } = exchange.response
    // An answer to input that should have been refused echoes that input: negative_data_rejection alone judges it.
    if (exchange.negative && isSuccess(status)) return false
    const spec = exchange.operation ? SPEC_OPERATIONS[exchange.operation] : undefined
    let judged = false
    if (ctx.asserts('spec') && spec && isSuccess(status)) {
      judged = true
      const data = (json as { data?: unknown } | undefined)?.data
      const errors = ctx.validator.validateWith(SPEC_ENTITIES[spec.entity], data)
      if (errors.length > 0) {
        ctx.fail(`data is not a ${spec.entity}`, {
          received: `${errors.join('; ')} in ${preview(data)}`,
          documented: `${spec.entity} fields of spec section 2`,
          profile: 'spec',
        })
      }
    }
    const operation = operationOf(ctx, exchange)
    const documented = operation ? ctx.document.response(operation, status) : undefined
    if (ctx.asserts('contract') && documented?.schemaPointer && text !== '') {
      judged = true
      const where = `the documented ${documented.key} response`
      if (json === undefined) {
        ctx.fail('Body is not JSON', {
          received: describeResponse(exchange),
          documented: `JSON matching ${documented.schemaPointer}`,
          profile: 'contract',
        })
      } else {
        for (const violation of ctx.validator.violations(documented.schemaPointer, json)) {
          const { title, ...detail } = violationFailure(exchange, violation, where)
          ctx.fail(title, detail)
        }
      }
    }
    return judged
  },
}

function violationFailure(
  exchange: Exchange,
  violation: SchemaViolation,
  where: string,
): FailureDetail & { title: string } {
  const field =
    violation.instancePath
      .replace(/^\//, '')
      .replace(/\/\d+(?=\/|$)/g, '[]')
      .replace(/\//g, '.') || '(body)'
  // An undocumented or missing property is the same difference wherever its object sits; anything else is one place in the schema.
  const rootCause = violation.property
    ? `${violation.keyword} ${violation.property}`
    : `${violation.location} ${violation.keyword}`
  const allowed = violation.allowed?.map((value) => JSON.stringify(value))
  const title =
    violation.keyword === 'additionalProperties'
      ? `Undocumented property ${violation.property}`
      : violation.keyword === 'required'
        ? `Required property ${violation.property} is missing`
        : allowed
          ? `${field} must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}`
          : `${field} ${violation.message}`
  const value = valueAt(exchange.response.json, violation.instancePath)
  const received = `${violation.text}${value === undefined ? '' : `; ${field}: ${preview(value, 120)}`}`
  return {
    title,
    received,
    documented: `${violation.location} (${violation.keyword}), in ${where}`,
    profile: 'contract',
    rootCause,
  }
}

function valueAt(json: unknown, pointer: string): unknown {
  let node = json
  for (const token of pointer.split('/').slice(1))
    node = (node as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')]
  return node
}
