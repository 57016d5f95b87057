import type { Exchange } from '../client/exchange.js'
import type { ApiRequest } from '../client/http-client.js'
import type { ContractDocument, DocumentedOperation } from '../document/document.js'
import { codeForStatus, errorCodes, receivedErrorCode, type StatedCode } from '../document/error-codes.js'
import { isRecord } from '../document/schema-reading.js'
import { validInstance } from '../document/valid-data.js'
import { causeKey, errorCauseOf } from './causes.js'
import { readErrorBody } from './error-body.js'
import { dataOf, describeResponse, isSuccess, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf } from './probe.js'

/** A rule the document states on a delete: refused (422, its own code) while another resource refers to it. */
interface InUseRule {
  /** `DELETE /adverts/{id}` */
  remove: DocumentedOperation
  /** `POST /adverts`: how the check makes one of its own. */
  create: DocumentedOperation
  /** The field of the referring resource that names it (`advert_id`). */
  field: string
  /** The code the 422 pins for this rule alone (no other operation's 422 pins it). */
  code: StatedCode
}

/**
 * A resource another one uses cannot be deleted: where the document gives a DELETE a 422 of its
 * own (a code no other operation's 422 pins) and a create that refers to the resource by
 * `<name>_id`, the check makes a resource of its own and a referring one, deletes the first and
 * wants that 422 with that code; then deletes both (whatever the deployment did), so nothing of
 * the flow's is touched and nothing is left. Once, on the first create of a referring resource.
 */
export const inUseDeletionRefused: Check = {
  kind: 'probe',
  description: 'Deleting a resource another one uses is refused with the 422 the document gives the delete.',
  claims: { contract: (operation, document) => inUseRule(document, operation) !== undefined },
  async run(ctx, exchange) {
    const referring = operationToProbe(
      ctx,
      exchange,
      (o) => o.method === 'post' && isSuccess(exchange.response.status) && referenceOf(ctx, exchange) !== undefined,
      () => 'in_use_deletion_refused',
    )
    const rule = referring && referenceOf(ctx, exchange)
    if (!referring || !rule) return false
    const own = await makeOwn(ctx, rule, exchange)
    if (!own) {
      ctx.unjudged(`the run could not make a ${rule.create.path} and a ${referring.path} of its own`, rule.remove.label)
      return false
    }
    const refused = await send(ctx, 'DELETE', own.resource, 'delete it while in use')
    ctx.ran(rule.remove.label)
    judge(ctx, rule, refused)
    await send(ctx, 'DELETE', own.referring, 'delete the one that uses it')
    if (!isSuccess(refused.response.status)) await send(ctx, 'DELETE', own.resource, 'delete it')
  },
}

function judge(ctx: CheckContext, rule: InUseRule, refused: Exchange): void {
  const { status, json } = refused.response
  const documented = `422 with error.code "${rule.code.code}" (${rule.remove.label}: ${rule.code.pointer})`
  if (status === 422 && receivedErrorCode(json) === rule.code.code) return
  const title = isSuccess(status)
    ? 'Deleting a resource another one uses was not refused'
    : status === 422
      ? 'Deleting a resource another one uses was refused with another code'
      : `Deleting a resource another one uses answered ${status}`
  // Refused otherwise, the kind of error it is answered as is the cause (what status_code_conformance sees in the same answer).
  // The 422 the document gives, with no code at all: an error body of another shape, which has none (its knock-on, when the run finds that shape).
  const codeless = status === 422 && readErrorBody(json).code === undefined
  ctx.fail(title, {
    exchange: refused,
    received: describeResponse(refused),
    documented,
    operation: rule.remove.label,
    ...(isSuccess(status) ? {} : { rootCause: errorCauseOf(refused) }),
    ...(codeless
      ? {
          knockOnOf: {
            cause: causeKey.errorShape,
            says: 'the 422 for a resource in use carries no code (in_use_deletion_refused)',
          },
        }
      : {}),
  })
}

/** A resource of the check's own and one that refers to it, made from the accepted create; undefined if either was refused. */
async function makeOwn(
  ctx: CheckContext,
  rule: InUseRule,
  accepted: Exchange,
): Promise<{ resource: string; referring: string } | undefined> {
  const schema = rule.create.requestBody?.schema
  if (!schema) return undefined
  const body = validInstance(schema, { title: `${ctx.state.titlePrefix} in-use advert` })
  const made = await send(ctx, 'POST', rule.create.path, 'a resource of its own', body)
  const id = dataOf(made)?.id
  if (!isSuccess(made.response.status) || id === undefined) return undefined
  const resource = `${rule.create.path}/${String(id)}`
  const referring = await send(
    ctx,
    'POST',
    pathOf(ctx, accepted),
    'one that uses it',
    withField(accepted, rule.field, id),
  )
  const referringId = dataOf(referring)?.id
  if (isSuccess(referring.response.status) && referringId !== undefined)
    return { resource, referring: `${pathOf(ctx, accepted)}/${String(referringId)}` }
  await send(ctx, 'DELETE', resource, 'delete it')
  return undefined
}

function send(ctx: CheckContext, method: ApiRequest['method'], path: string, what: string, body?: unknown) {
  return ctx.send({
    method,
    path,
    ...(body === undefined ? {} : { body }),
    credentials: 'primary',
    purpose: `in_use_deletion_refused: ${what}`,
  })
}

/** The accepted body with `field` set to `value` in its wrapper (or at its top level). */
function withField(accepted: Exchange, field: string, value: unknown): unknown {
  const body = JSON.parse(accepted.request.body ?? '{}') as Record<string, unknown>
  const key = Object.keys(body).find((name) => isRecord(body[name]) && field in (body[name] as object))
  return key ? { ...body, [key]: { ...(body[key] as object), [field]: value } } : { ...body, [field]: value }
}

/** The rule a create's accepted body refers to (its `<name>_id` field names a resource whose delete has one). */
function referenceOf(ctx: CheckContext, exchange: Exchange): InUseRule | undefined {
  const body = exchange.request.body ? (JSON.parse(exchange.request.body) as Record<string, unknown>) : {}
  const fields = [body, ...Object.values(body).filter(isRecord)].flatMap((level) => Object.keys(level))
  return rulesOf(ctx.document).find((rule) => fields.includes(rule.field))
}

/** The rule whose delete an operation is, if any. */
function inUseRule(document: ContractDocument, operation: DocumentedOperation): InUseRule | undefined {
  return rulesOf(document).find((rule) => rule.remove === operation)
}

const rules = new WeakMap<ContractDocument, InUseRule[]>()

/** Every delete the document gives a 422 of its own, whose resource a create can refer to by `<name>_id`. */
function rulesOf(document: ContractDocument): InUseRule[] {
  const known = rules.get(document)
  if (known) return known
  const found: InUseRule[] = []
  for (const remove of document.operations.filter((o) => o.method === 'delete' && /\/\{[^}]+\}$/.test(o.path))) {
    const collection = remove.path.replace(/\/\{[^}]+\}$/, '')
    const create = document.find('POST', collection)
    const response = remove.responses.find((r) => r.key === '422')
    const stated = response ? errorCodes(document, response) : []
    const own = stated.filter(
      (code) => code !== codeForStatus(document, 422, stated) && pinnedOnlyBy(document, remove, code),
    )
    const field = `${collection.split('/').pop()?.replace(/s$/, '')}_id`
    const refers = document.operations.some(
      (o) => o.method === 'post' && JSON.stringify(o.requestBody?.schema ?? {}).includes(`"${field}"`),
    )
    if (create && own[0] && refers) found.push({ remove, create, field, code: own[0] })
  }
  rules.set(document, found)
  return found
}

function pinnedOnlyBy(document: ContractDocument, operation: DocumentedOperation, code: StatedCode): boolean {
  return document.operations.every((other) => {
    if (other === operation) return true
    const response = other.responses.find((r) => r.key === '422')
    return !response || !errorCodes(document, response).some((stated) => stated.code === code.code)
  })
}
