import type { Exchange } from '../client/exchange.js'
import type { ApiRequest } from '../client/http-client.js'
import type { DocumentedOperation } from '../document/document.js'
import {
  describeEnvelope,
  ERROR_SCHEMA,
  errorEnvelope,
  memberText,
  memberValue,
  type ErrorEnvelope,
} from '../document/error-envelope.js'
import { isKeyReset } from '../document/spec-facts.js'
import { unusedId } from '../document/valid-data.js'
import { describeResponse, isSuccess, operationOf, type Check, type CheckContext } from './check.js'
import { causeKey } from './causes.js'
import { isEnvelope } from './error-envelope-problems.js'
import { errorCodeCause, violationFailure } from './schema-findings.js'

/** Methods tried on a path that documents none of them, in order; never one that could delete or create. */
const UNSUPPORTED = ['PUT', 'PATCH'] as const

/**
 * A method no operation of a path has is refused: 405 with an Allow header that lists the path's
 * documented methods (RFC 9110), or 404 (no such route); and, as the document has every error,
 * with the error body it gives that status (ours: `{success: false, error}` whose `error` is its Error schema). Sent once per path, at ids no
 * account has (a deployment that took the method touches nothing), without a body; the key reset's
 * path only with CONTRACT_ALLOW_DESTRUCTIVE. An error code or property the deployment gives here
 * as everywhere else is a knock-on of that finding, not a new one.
 */
export const unsupportedMethod: Check = {
  kind: 'probe',
  description: 'A method the path does not document is refused: 405 with Allow, or 404, with the error envelope.',
  claims: { contract: () => true },
  async run(ctx, exchange) {
    const operation = operationOf(ctx, exchange)
    // Not on the key reset's answer: the key it was sent with is no longer the key (the sweep after the flows takes it).
    if (!operation || !exchange.primary || exchange.credentials !== 'primary' || isKeyReset(operation)) return false
    if (ctx.once(`unsupported_method ${operation.path}`)) await probePath(ctx, operation.path)
    return false
  },
  async afterFlows(ctx, judge) {
    for (const operation of ctx.document.operations) {
      if (!ctx.once(`unsupported_method ${operation.path}`)) continue
      // Not counted where nothing was judged (the key reset's path, without consent).
      await judge(operation.label, async (bound) => (await probePath(bound, operation.path)) || false)
    }
  },
}

/** Sends an unsupported method to the path and judges the answer, counted on each operation of the path; whether it judged. */
async function probePath(ctx: CheckContext, template: string): Promise<boolean> {
  const operations = ctx.document.operations.filter((o) => o.path === template)
  const method = UNSUPPORTED.find((candidate) => !operations.some((o) => o.method === candidate.toLowerCase()))
  if (!method) {
    for (const o of operations)
      ctx.unjudged(`every method it tries (${UNSUPPORTED.join(', ')}) is documented there`, o.label)
    return false
  }
  if (operations.some(isKeyReset) && !ctx.settings.allowDestructive) {
    for (const o of operations)
      ctx.skip(o.label, 'unsupported_method', 'CONTRACT_ALLOW_DESTRUCTIVE is off: no other method on the key reset')
    return false
  }
  const path = template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = operations[0]?.parameters.find((p) => p.in === 'path' && p.name === name)
    return String(unusedId(parameter?.schema))
  })
  const answer = await ctx.send({
    method: method as ApiRequest['method'],
    path,
    credentials: 'primary',
    purpose: `unsupported_method: ${method} ${template}`,
  })
  if (answer.response.status >= 500) return false // not_a_server_error's
  for (const o of operations) ctx.ran(o.label)
  judge(ctx, answer, operations, `${method} ${template}`)
  return true
}

function judge(ctx: CheckContext, answer: Exchange, operations: DocumentedOperation[], sent: string): void {
  const { status, headers, json } = answer.response
  const allowed = operations.map((o) => o.method.toUpperCase())
  const envelope = errorEnvelope(ctx.document, undefined, status)
  const body = envelope ? describeEnvelope(ctx.document, envelope) : 'the error body'
  const documented = `405 with Allow: ${allowed.join(', ')} (RFC 9110), or 404; ${body}`
  const fail = (title: string, received = describeResponse(answer), rootCause?: string) =>
    ctx.fail(title, {
      exchange: answer,
      received,
      documented,
      operation: operations[0]!.label,
      ...(rootCause ? { rootCause } : {}),
    })
  if (isSuccess(status)) return fail('Unsupported method accepted')
  if (status !== 404 && status !== 405) return fail(`Unsupported method answered ${status}`)
  if (status === 405) {
    const allow = (headers.allow ?? '').toUpperCase().split(/\s*,\s*/)
    const missing = allowed.filter((m) => !allow.includes(m))
    if (missing.length > 0)
      fail('A 405 without an Allow header naming the documented methods', `Allow: ${headers.allow ?? '(none)'}`)
  }
  if (!envelope) return
  if (!isEnvelope(envelope, json))
    return fail('Unsupported method refused without the error envelope', undefined, causeKey.errorShape)
  errorKnockOns(ctx, answer, envelope, operations[0]!.label)
}

/**
 * Judges the part of the body the Error schema describes (the `error` object, the body itself, an
 * `errors` item: error-envelope.ts) against it: what breaks it is the deployment's way with every
 * error, reported as a knock-on of that finding (response_schema_conformance's): the same unknown
 * code for the same status, the same undocumented property.
 */
function errorKnockOns(ctx: CheckContext, answer: Exchange, envelope: ErrorEnvelope, operation: string): void {
  const at = envelope.errorAt
  if (!at) return
  const knockOn = 'in the answers to a method a path does not document'
  const { json, status } = answer.response
  const prefix = at.map((key) => `/${key}`).join('')
  const within = envelope.code && at.every((key, index) => envelope.code!.path[index] === key)
  const codeAt = within ? `/${envelope.code!.path.join('/')}` : undefined
  const code = codeAt ? memberValue(json, envelope.code!.path) : undefined
  for (const violation of ctx.validator.violations(ERROR_SCHEMA, memberValue(json, at))) {
    const instancePath = `${prefix}${violation.instancePath}`
    if (instancePath === codeAt && (typeof code === 'string' || typeof code === 'number')) {
      const where = memberText(envelope.code!.path)
      ctx.fail(`${where} ${JSON.stringify(code)} is no documented code`, {
        exchange: answer,
        received: `${where}: ${JSON.stringify(code)} on a ${status}`,
        documented: `${ERROR_SCHEMA} (${violation.keyword})`,
        check: 'response_schema_conformance',
        rootCause: errorCodeCause(status, String(code)),
        knockOn,
        operation,
      })
      continue
    }
    const { title, ...detail } = violationFailure(
      ctx.document,
      answer,
      { ...violation, instancePath },
      'the answer to a method the path does not document',
    )
    ctx.fail(title, { ...detail, exchange: answer, check: 'response_schema_conformance', knockOn, operation })
  }
}
