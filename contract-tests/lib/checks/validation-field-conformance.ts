import type { ContractDocument, DocumentedOperation, JsonObject } from '../document/document.js'
import { negativeQueries } from '../document/negative-data.js'
import { causeKey, errorCauseOf } from './causes.js'
import { operationOf, preview, type Check } from './check.js'
import { readErrorBody } from './error-body.js'
import { membersCauseAt } from './schema-findings.js'

/**
 * A 422 names the field that was broken: each invalid input that breaks one field
 * (negative_data_rejection's, `campaign.cpm=0`) answered 422 lists that field in
 * `error.fields[].field`, by its whole path (`campaign.cpm`, not `cpm`; a query parameter by its
 * name), where the document's 422 has such a list. Judged on the probes' own answers.
 */
export const validationFieldConformance: Check = {
  kind: 'response',
  description: 'A 422 to input that breaks one field names that field, by its whole path, in error.fields[].field.',
  // Where negative_data_rejection breaks fields: a request body, or query parameters.
  claims: {
    contract: (operation, document) =>
      namesFields(document, operation) &&
      (operation.requestBody?.schema !== undefined || negativeQueries(operation.parameters).length > 0),
  },
  run(ctx, exchange) {
    const broken = exchange.brokenField
    const operation = operationOf(ctx, exchange)
    const { status } = exchange.response
    if (!broken || !exchange.negative || !operation || !namesFields(ctx.document, operation)) return false
    // Refused as another kind of error, or its problems kept elsewhere: that cause's finding, not one of this check.
    if (status !== 422) {
      if (status >= 400 && status < 500 && status !== 401 && status !== 429)
        ctx.unjudged(
          `invalid input was answered ${status}, not the 422 whose error.fields it judges`,
          undefined,
          undefined,
          errorCauseOf(exchange),
        )
      return false
    }
    const fields = (exchange.response.json as { error?: { fields?: unknown } } | undefined)?.error?.fields
    if (!Array.isArray(fields)) {
      const pointer = ctx.document.response(operation, 422)?.schemaPointer
      const elsewhere = readErrorBody(exchange.response.json).problems
      if (pointer)
        ctx.unjudged(
          elsewhere
            ? `the 422s list their problems under ${elsewhere.at}, not error.fields`
            : 'the 422s list no problems under error.fields',
          undefined,
          undefined,
          // Beside the error, not in it: the error body's other shape; in it under another key: the Error schema's members.
          elsewhere && !elsewhere.at.startsWith('error.')
            ? causeKey.errorShape
            : membersCauseAt(ctx.document, pointer, 'error', elsewhere ? 'extra' : 'missing'),
        )
      return false
    }
    const named = fields
      .map((entry) => (entry as { field?: unknown } | null)?.field)
      .filter((field): field is string => typeof field === 'string')
    if (named.includes(broken)) return
    const leaf = broken.split('.').pop() ?? broken
    const unwrapped = broken.includes('.') && named.includes(leaf)
    ctx.fail(unwrapped ? 'The 422 names the field without its wrapper' : 'The 422 does not name the field broken', {
      received: `error.fields[].field: ${preview(named)} for invalid ${broken}`,
      documented: `error.fields[].field "${broken}" (the dotted path of the field, as the request body nests it)`,
      rootCause: unwrapped ? 'field path without its wrapper' : 'another field named',
    })
  },
}

const naming = new WeakMap<DocumentedOperation, boolean>()

/** Whether the operation's 422 lists failing fields by name (`error.fields[].field`). */
function namesFields(document: ContractDocument, operation: DocumentedOperation): boolean {
  const known = naming.get(operation)
  if (known !== undefined) return known
  const response = operation.responses.find((r) => r.key === '422')
  const schema = response?.schemaPointer ? document.dereference(document.at(response.schemaPointer) as JsonObject) : {}
  const names = /"fields":\{[^]*?"items":\{[^]*?"field":\{/.test(JSON.stringify(schema))
  naming.set(operation, names)
  return names
}
