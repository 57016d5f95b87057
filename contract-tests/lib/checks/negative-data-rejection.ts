import type { Exchange } from '../client/exchange.js'
import { isAccountWrite, safeOnAccount } from '../document/account-writes.js'
import type { ContractDocument, DocumentedOperation } from '../document/document.js'
import { boundOf, isFieldKind, negativeBodies, negativeQueries, type NegativeCase } from '../document/negative-data.js'
import type { Profile } from '../document/profiles.js'
import { isSpecOperation } from '../document/spec-facts.js'
import { causeKey, errorCauseOf, leafOf } from './causes.js'
import { listBehaviour } from '../document/document-behaviour.js'
import { describeResponse, isSuccess, operationOf, specOperations, type Check, type CheckContext } from './check.js'
import { readErrorBody } from './error-body.js'
import { readPaging } from './paging-reading.js'
import { operationToProbe, pathOf, takeBack, writeBackOf } from './probe.js'

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
    const selected = sendable(
      ctx,
      operation,
      cases.filter(({ profile }) => ctx.asserts(profile)),
    )
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
      if (isSuccess(status)) await takeBack(ctx, exchange, probe, writeBackOf(exchange, negative.field))
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
      if (isSuccess(status)) {
        ctx.fail(`Invalid input accepted: ${negative.title}`, {
          exchange: probe,
          received: describeResponse(probe),
          documented,
          profile,
          rootCause: acceptedCause(ctx, negative, probe),
        })
        continue
      }
      // Refused with another status: the kind of error it is answered as (its status and code) is the cause, whatever the input.
      const code = readErrorBody(probe.response.json).code
      ctx.fail(
        `Invalid input answered ${status}: ${code ? `error ${code}` : 'an error'} where the document gives ${expected.join(' or ') || 'a 4xx'}`,
        {
          exchange: probe,
          received: describeResponse(probe),
          documented,
          profile,
          rootCause: errorCauseOf(probe),
          facet: negative.title,
        },
      )
    }
  },
}

/**
 * The probes that may be sent: all of them, but on a write to the account itself (PATCH /user)
 * without CONTRACT_ALLOW_DESTRUCTIVE only those the spec requires refused and that carry nothing
 * else a deployment could act on (account-writes.ts); the others are not sent, and a note says why.
 */
function sendable<T extends { negative: NegativeCase }>(
  ctx: CheckContext,
  operation: DocumentedOperation,
  cases: readonly T[],
): T[] {
  if (ctx.settings.allowDestructive || !isAccountWrite(ctx.document, operation)) return [...cases]
  const safe = cases.filter(({ negative }) => safeOnAccount(negative))
  const held = cases.length - safe.length
  if (held > 0)
    ctx.state.notes.push(
      `negative_data_rejection: ${held} of the ${cases.length} invalid inputs for ${operation.label} not sent (${cases
        .filter(({ negative }) => !safeOnAccount(negative))
        .map(({ negative }) => negative.kind)
        .filter((kind, index, all) => all.indexOf(kind) === index)
        .join(
          ', ',
        )}): a deployment that accepted one could change the account; only those the spec requires refused, carrying nothing else, were sent (set CONTRACT_ALLOW_DESTRUCTIVE=1 to send them all)`,
    )
  return safe
}

/**
 * What the acceptance of invalid input says of the deployment, whatever operation showed it: a
 * bound that lies further out (or values past it clamped), an enum with other values, unknown
 * fields taken, a type or format not checked, a field it does not require, a reference it does not check.
 */
function acceptedCause(ctx: CheckContext, negative: NegativeCase, probe: Exchange): string {
  const leaf = leafOf(negative.field)
  const bound = boundOf(negative)
  if (negative.query !== undefined) {
    // A value past a bound served as the bound: clamped. Anything else taken: the parameter is not checked (or not there).
    const asked = Number(negative.query[negative.field])
    const sizeParameter = listBehaviour(operationOf(ctx, probe))?.paging?.per_page
    const served = negative.field === sizeParameter ? readPaging(probe)?.perPage : undefined
    const unchecked = uncheckedParameters(ctx.state)
    if (negative.kind === 'wrong_type') unchecked.add(negative.field)
    if (bound && !unchecked.has(negative.field) && served !== undefined && served < asked)
      return causeKey.bound(leaf, bound, 'clamped')
    return causeKey.unchecked(negative.field)
  }
  if (bound) return causeKey.bound(leaf, bound, 'wider')
  if (negative.kind === 'unknown_enum') return causeKey.enum(leaf)
  if (negative.kind === 'unknown_field') return 'unknown fields accepted'
  if (negative.kind === 'missing_wrapper' || negative.kind === 'wrapper_not_object') return 'wrapper not required'
  return `${negative.kind} ${leaf} accepted`
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

/** The invalid variants of an accepted request: its body's (from the request schema) and, on a GET, its query's. */
function casesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): NegativeCase[] {
  const accepted = exchange.request.body === undefined ? undefined : (JSON.parse(exchange.request.body) as unknown)
  return [
    ...negativeBodies(operation.requestBody?.schema, accepted, { foreignAdvertId: ctx.state.foreignAdvertId }),
    ...(exchange.request.method === 'GET' ? negativeQueries(operation.parameters) : []),
  ]
}

const unchecked = new WeakMap<object, Set<string>>()

/**
 * The query parameters of the run whose wrong type a list took (`per_page=abc`): parameters the
 * deployment does not check, or does not have; a value past their bounds taken is that cause too,
 * not a clamp. (pagination_conformance's page size not honoured joins the cause when the report groups.)
 */
function uncheckedParameters(key: object): Set<string> {
  let found = unchecked.get(key)
  if (!found) unchecked.set(key, (found = new Set()))
  return found
}
