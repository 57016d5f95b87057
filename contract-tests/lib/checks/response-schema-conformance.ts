import type { Exchange } from '../client/exchange.js'
import type { DocumentedResponse } from '../document/document.js'
import { codeForStatus, errorCodes, receivedErrorCode, withErrorCode } from '../document/error-codes.js'
import { SPEC_ENTITIES, SPEC_OPERATIONS } from '../document/spec-facts.js'
import {
  describeResponse,
  everyOperation,
  isSuccess,
  operationOf,
  preview,
  specOperations,
  type Check,
  type CheckContext,
} from './check.js'
import { isDeletedItem } from './list-response.js'
import { errorCodeCause, violationFailure } from './schema-findings.js'

/**
 * The body validates (ajv, formats on) against the schema the document gives for the operation and
 * status; for the spec's two operations, `data` also has every field of User or Campaign the spec lists.
 * Each violation is its own failure, named by where it sits in the document and its keyword, so
 * that the same difference in many answers is one finding: the undocumented (or missing)
 * properties of one schema are one finding that names each; an error code the response does not
 * pin is one finding per status and code received, headed by the code of that status (see
 * codeForStatus), and the rest of the body is judged as if it had carried that code.
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
        const judgedBody = judgeErrorCode(ctx, exchange, documented, where)
        // A code judged already is not judged again (by an enum that may not list the documented code).
        const data = (json as { data?: unknown }).data
        // An item the run deleted and the deployment still lists is deleted_resource_unlisted's (often the run's own invalid probe).
        const deleted = (path: string) => {
          const index = /^\/data\/(\d+)(\/|$)/.exec(path)?.[1]
          return Array.isArray(data) && index !== undefined && isDeletedItem(ctx, exchange, data[Number(index)])
        }
        const violations = ctx.validator
          .violations(documented.schemaPointer, judgedBody)
          .filter((violation) => judgedBody === json || violation.instancePath !== '/error/code')
          .filter((violation) => !deleted(violation.instancePath))
        for (const violation of violations) {
          const { title, ...detail } = violationFailure(ctx.document, exchange, violation, where)
          ctx.fail(title, detail)
        }
      }
    }
    return judged
  },
}

/**
 * An error code the documented response does not pin: one failure, whose root cause is the status
 * and the code received, headed by the code of that status. Gives back the body to judge the rest
 * of by: with the documented code in place of the received one.
 */
function judgeErrorCode(ctx: CheckContext, exchange: Exchange, documented: DocumentedResponse, where: string): unknown {
  const { status, json } = exchange.response
  const stated = errorCodes(ctx.document, documented)
  const received = receivedErrorCode(json)
  if (stated.length === 0 || received === undefined || stated.some(({ code }) => code === received)) return json
  const expected = codeForStatus(ctx.document, status, stated)
  const others = stated.filter((other) => other !== expected).map(({ code }) => `"${code}"`)
  ctx.fail(`error.code must be "${expected.code}"`, {
    received: `error.code: ${JSON.stringify(received)} on a ${status}`,
    documented: `${expected.pointer} (const), in ${where}${others.length ? ` (it also documents ${others.join(', ')} for other rules)` : ''}`,
    profile: 'contract',
    rootCause: errorCodeCause(status, received),
  })
  return withErrorCode(json, expected.code)
}
