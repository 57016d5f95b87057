import type { Exchange } from '../client/exchange.js'
import { isAccountWrite } from '../document/account-writes.js'
import { dataItemSchema, propertiesOf } from '../document/document-behaviour.js'
import { consistencyFacts, timeRules } from '../document/document-consistency.js'
import type { ContractDocument, DocumentedOperation, JsonObject } from '../document/document.js'
import { isRecord, singleWrapper, typesOf } from '../document/schema-reading.js'
import { isKeyReset } from '../document/spec-facts.js'
import { unusedId } from '../document/valid-data.js'
import { dataOf, describeResponse, isSuccess, preview, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf, takeBack } from './probe.js'

/** A moment no write of the run happens at, for the read-only timestamps a probe sends. */
const LONG_AGO = '2001-02-03T04:05:06Z'

/**
 * Fields the document shows only in answers (`id`, `sending_count`, `advert_title`, `created_at`,
 * `updated_at`; on the user `balance_usd`, `api_tier`, …) are never written by a request that
 * sends them (mass assignment, OWASP API3): once per create and update, the accepted body again
 * with every such field at another value than the resource holds. Refused is right (the document
 * refuses unknown fields); accepted, none of them may come back as sent. What it created is deleted
 * at once, what it changed written back. On the account itself (PATCH /user) only when the run
 * opened the account: a deployment that took `balance_usd` would change a live one for good.
 */
export const readOnlyFieldsUnwritten: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    'Read-only fields sent in a create or update body (id, sending_count, advert_title, created_at, …) are never written.',
  claims: { contract: (operation, document) => readOnlyFields(document, operation).length > 0 },
  async run(ctx, exchange) {
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => isSuccess(exchange.response.status) && readOnlyFields(ctx.document, o).length > 0,
      (o) => `read_only_fields_unwritten ${o.label}`,
    )
    if (!operation) return false
    if (isAccountWrite(ctx.document, operation) && !ctx.controlPlane) {
      ctx.skip(
        operation.label,
        'read_only_fields_unwritten',
        'not sent to an account the run did not open: a deployment that wrote balance_usd or api_tier would change it for good',
      )
      return false
    }
    const accepted = exchange.request.body ? (JSON.parse(exchange.request.body) as unknown) : undefined
    const schema = operation.requestBody?.schema
    const wrapper = schema && isRecord(accepted) ? singleWrapper(schema, accepted) : undefined
    const sent = valuesFor(ctx, operation, exchange)
    if (!wrapper || Object.keys(sent).length === 0) return false
    const probe = await ctx.send({
      method: exchange.request.method as 'POST',
      path: pathOf(ctx, exchange),
      body: { [wrapper.key]: { ...wrapper.inner, ...sent } },
      credentials: 'primary',
      purpose: `read_only_fields_unwritten: ${Object.keys(sent).join(', ')} sent`,
    })
    if (!isSuccess(probe.response.status)) return
    await takeBack(ctx, exchange, probe)
    const answered = dataOf(probe) ?? {}
    const written = Object.entries(sent).filter(
      ([field, value]) => JSON.stringify(answered[field]) === JSON.stringify(value),
    )
    for (const [field, value] of written)
      ctx.fail(`Read-only field ${field} was written`, {
        exchange: probe,
        received: `${field}: ${preview(answered[field])} after ${preview(value)} was sent; ${describeResponse(probe)}`,
        documented: `${field} only in answers (not in the request schema): sent, it is refused or left as it was`,
        rootCause: `read-only ${field} written`,
      })
  },
}

/**
 * The read-only fields of an operation: those its answer's data documents and no write of the
 * same resource lets a request set (`enabled`, which an update sets, is not one of a create's),
 * of a create or update (not the key reset, which takes no fields).
 */
function readOnlyFields(document: ContractDocument, operation: DocumentedOperation): string[] {
  if ((operation.method !== 'post' && operation.method !== 'patch') || isKeyReset(operation)) return []
  const pointer = operation.responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
  const own = writableBy(operation)
  if (!pointer || own.length === 0) return []
  const [read] = consistencyFacts(document, operation).map((fact) => fact.read)
  const writable = new Set(
    document.operations
      .filter((other) => read !== undefined && consistencyFacts(document, other).some((fact) => fact.read === read))
      .flatMap(writableBy),
  )
  return propertiesOf(dataItemSchema(document, pointer)).filter((field) => !own.includes(field) && !writable.has(field))
}

/** The fields a write's request body sets, inside its one wrapper key (or at its top level). */
function writableBy(operation: DocumentedOperation): string[] {
  const schema = operation.requestBody?.schema
  if (!schema || (operation.method !== 'post' && operation.method !== 'patch')) return []
  const keys = Object.keys((schema.properties ?? {}) as JsonObject)
  return propertiesOf(keys.length === 1 ? ((schema.properties as JsonObject)[keys[0]!] as JsonObject) : schema)
}

/**
 * A value for each read-only field, other than the resource holds: an update leaves out what never
 * changes (`x-immutable`: a written id would move the resource out of the run's reach), a create sends them too.
 */
function valuesFor(ctx: CheckContext, operation: DocumentedOperation, exchange: Exchange): Record<string, unknown> {
  const pointer = operation.responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
  const properties = ((pointer ? dataItemSchema(ctx.document, pointer) : undefined)?.properties ?? {}) as Record<
    string,
    JsonObject
  >
  const current = dataOf(exchange) ?? {}
  const [read] = consistencyFacts(ctx.document, operation).map((fact) => fact.read)
  const immutable = new Set(read ? timeRules(ctx.document, read).immutable : [])
  const values: Record<string, unknown> = {}
  for (const field of readOnlyFields(ctx.document, operation)) {
    if (operation.method !== 'post' && immutable.has(field)) continue
    const value = otherValue(ctx, properties[field] ?? {}, current[field], field)
    if (value !== undefined) values[field] = value
  }
  return values
}

/** A value of the field's type that differs from what the resource holds. */
function otherValue(ctx: CheckContext, schema: JsonObject, now: unknown, field: string): unknown {
  const types = typesOf(schema)
  if (field === 'id' || (types.has('integer') && field.endsWith('_id'))) return unusedId(schema)
  if (types.has('integer') || types.has('number')) return (typeof now === 'number' ? now : 0) + 7
  if (types.has('boolean')) return now !== true
  if (types.has('string'))
    return schema.format === 'date-time' || /_at$/.test(field)
      ? LONG_AGO
      : schema.format === 'email'
        ? `read-only-${ctx.state.runId}@example.com`
        : `${ctx.state.titlePrefix} read-only ${field}`
  return undefined
}
