import type { Exchange } from '../client/exchange.js'
import type { ContractDocument, DocumentedOperation } from '../document/document.js'
import { isFieldKind, negativeBodies, negativeQueries, type NegativeCase } from '../document/negative-data.js'
import type { Profile } from '../document/profiles.js'
import { isSpecOperation } from '../document/spec-facts.js'
import { describeResponse, isSuccess, specOperations, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf, takeBack } from './probe.js'

/**
 * Invalid input is refused: bodies and queries generated from the documented schemas (see
 * negative-data.ts) are each answered with the status whose documented response carries the
 * validation error (the ValidationError schema: 422 in our document, 400 in a twin's of a
 * deployment answering 400), else 422 where the document lists 422. Under `spec`, on the
 * spec's two operations, any 4xx refuses (section 7 leaves the conditions of each error open):
 * only accepting the input fails. Whatever a wrongly accepted probe created is deleted at once,
 * and a resource it changed is written back, so that no later check sees it.
 */
export const negativeDataRejection: Check = {
  kind: 'probe',
  description:
    'Invalid bodies and queries generated from the schemas are a 422, or the documented status of the validation error (spec: refused with a 4xx).',
  claims: {
    spec: specOperations,
    contract: (operation) =>
      operation.requestBody?.schema !== undefined || negativeQueries(operation.parameters).length > 0,
  },
  async run(ctx, exchange) {
    const succeeded = isSuccess(exchange.response.status)
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => succeeded && casesFor(ctx, o, exchange).length > 0,
      (o) => `negative_data_rejection ${o.label}`,
    )
    if (!operation) return false
    const expected = validationStatuses(ctx.document, operation)
    const cases = casesFor(ctx, operation, exchange).map((negative) => ({
      negative,
      profile: (negative.profile === 'spec' && isSpecOperation(operation.label) ? 'spec' : 'contract') as Profile,
    }))
    const selected = cases.filter(({ profile }) => ctx.asserts(profile))
    if (selected.length === 0) return false
    for (const { negative, profile } of selected) {
      const probe = await ctx.send({
        method: exchange.request.method as 'GET',
        path: pathOf(ctx, exchange),
        query:
          negative.query ?? (Object.fromEntries(new URL(exchange.request.url).searchParams) as Record<string, string>),
        ...(negative.body === undefined ? {} : { body: negative.body }),
        credentials: 'primary',
        purpose: `negative_data_rejection: ${negative.title}`,
        negative: true,
        ...(isFieldKind(negative.kind) ? { brokenField: negative.field } : {}),
      })
      const { status } = probe.response
      if (isSuccess(status)) await takeBack(ctx, exchange, probe)
      const refused =
        profile === 'spec'
          ? status >= 400 && status < 500 && status !== 401
          : expected.length > 0
            ? expected.includes(status)
            : status >= 400 && status < 500 && status !== 401
      if (refused || status === 429) continue
      const documented =
        profile === 'spec'
          ? 'refused with a 4xx, as 422 Unprocessable Entity (spec sections 4, 7)'
          : expected.length > 0
            ? `${expected.join(' or ')} ValidationError`
            : 'a documented 4xx'
      const outcome = isSuccess(status) ? 'accepted' : `answered ${status}`
      const title = `Invalid input ${isSuccess(status) ? 'accepted' : `answered ${status}`}: ${negative.title}`
      ctx.fail(title, {
        exchange: probe,
        received: describeResponse(probe),
        documented,
        profile,
        rootCause: `${negative.kind} ${leafOf(negative)} ${outcome}`,
      })
    }
  },
}

/**
 * The statuses whose documented responses carry the validation error (their schema uses the
 * document's ValidationError); else 422 where the operation documents one; else none (any 4xx refuses).
 */
function validationStatuses(document: ContractDocument, operation: DocumentedOperation): number[] {
  const carrying = operation.responses.filter(
    (response) => response.schemaPointer && usesValidationError(document.at(response.schemaPointer)),
  )
  const keys = carrying.length > 0 ? carrying.map((response) => response.key) : ['422']
  return keys
    .filter((key) => /^\d{3}$/.test(key) && operation.responses.some((response) => response.key === key))
    .map(Number)
}

/** Whether a schema (its `$ref`s not followed) refers to a schema named ValidationError. */
function usesValidationError(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(usesValidationError)
  if (!node || typeof node !== 'object') return false
  const ref = (node as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && ref.endsWith('/schemas/ValidationError')) return true
  return Object.values(node).some(usesValidationError)
}

/**
 * What makes two refusals the same difference: the kind of invalid input, the field without the
 * wrapper it sits in (`cpm` for `campaign.cpm`; nothing for the wrapper itself or an unknown
 * field), and how the server answered.
 */
function leafOf(negative: NegativeCase): string {
  if (!isFieldKind(negative.kind)) return ''
  return negative.field.split('.').pop() ?? negative.field
}

/** The invalid variants of an accepted request: its body's (from the request schema) and, on a GET, its query's. */
function casesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): NegativeCase[] {
  const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
  return [
    ...negativeBodies(operation.requestBody?.schema, accepted, { foreignAdvertId: ctx.state.foreignAdvertId }),
    ...(exchange.request.method === 'GET' ? negativeQueries(operation.parameters) : []),
  ]
}
