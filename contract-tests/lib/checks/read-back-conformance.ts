import type { Exchange } from '../client/exchange.js'
import { dataItemSchema, initialValues, propertiesOf } from '../document/document-behaviour.js'
import type { DocumentedOperation } from '../document/document.js'
import type { Profile } from '../document/profiles.js'
import { isKeyReset, isSpecOperation } from '../document/spec-facts.js'
import { dataOf, isSuccess, operationOf, preview, specOperations, type Check, type CheckContext } from './check.js'
import { pathOf } from './probe.js'

/** Whether an operation writes fields it is sent: a create or an update with a JSON body (not the key reset). */
function isWrite(operation: DocumentedOperation): boolean {
  return (
    (operation.method === 'post' || operation.method === 'patch') &&
    operation.requestBody?.schema !== undefined &&
    !isKeyReset(operation)
  )
}

/** The fields a body writes: those inside its one wrapper key (`{campaign: {...}}`), or the body's own. */
function writtenFields(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {}
  const values = Object.values(body)
  const inner = values.length === 1 ? values[0] : undefined
  return (inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body) as Record<string, unknown>
}

/**
 * What a create or update wrote is what comes back, field by field: in its own answer (for the
 * spec's two operations, a claim of the spec: the User and the Campaign of sections 4.2 and 4.3
 * are the ones sent) and in a read of the resource afterwards. A create also starts with the
 * values the document states (`x-initial-values`).
 */
export const readBackConformance: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    'Created and updated fields are answered and read back as sent; creates start with the x-initial-values.',
  claims: { spec: (operation) => isWrite(operation) && specOperations(operation), contract: isWrite },
  async run(ctx, exchange) {
    const operation = operationOf(ctx, exchange)
    // A write with no resource in its answer gives nothing to compare (envelope_conformance judges that answer).
    if (
      !operation ||
      !isWrite(operation) ||
      !isSuccess(exchange.response.status) ||
      exchange.credentials !== 'primary' ||
      exchange.negative ||
      !exchange.request.body ||
      !dataOf(exchange)
    )
      return false
    const answerProfile: Profile = isSpecOperation(operation.label) ? 'spec' : 'contract'
    if (!ctx.asserts(answerProfile)) return false
    const pointer = ctx.document.response(operation, exchange.response.status)?.schemaPointer
    const documented = new Set(pointer ? propertiesOf(dataItemSchema(ctx.document, pointer)) : [])
    const written = Object.entries(writtenFields(JSON.parse(exchange.request.body))).filter(([field]) =>
      documented.has(field),
    )
    differences(ctx, exchange, written, answerProfile, 'The answer to a write')
    const initial = operation.method === 'post' ? initialValues(operation) : undefined
    for (const [field, value] of Object.entries(initial ?? {})) {
      const got = dataOf(exchange)?.[field]
      if (ctx.asserts('contract') && got !== value) {
        ctx.fail(`A new resource starts with ${field} ${preview(got)}`, {
          received: `${field}: ${preview(got)}`,
          documented: `${field}: ${preview(value)} (x-initial-values)`,
          profile: 'contract',
          // Where a new resource starts is a choice the spec leaves open (section 3).
          kind: 'difference',
        })
      }
    }
    const read = ctx.asserts('contract') ? await readAgain(ctx, exchange, operation) : undefined
    if (read) differences(ctx, read, written, 'contract', 'A read after the write')
  },
}

/** GET of the resource a write answered: the same path for an update, the path plus the new id for a create. */
async function readAgain(
  ctx: CheckContext,
  exchange: Exchange,
  operation: DocumentedOperation,
): Promise<Exchange | undefined> {
  const id = dataOf(exchange)?.id
  const path = operation.method === 'post' ? `${pathOf(ctx, exchange)}/${String(id)}` : pathOf(ctx, exchange)
  if ((operation.method === 'post' && id === undefined) || !ctx.document.find('GET', path)) return undefined
  return ctx.send({
    method: 'GET',
    path,
    credentials: 'primary',
    purpose: 'read_back_conformance: read what was written',
  })
}

/** Reports each written field the exchange's data gives another value for (none when it holds no resource: other checks judge that). */
function differences(
  ctx: CheckContext,
  exchange: Exchange,
  written: Array<[string, unknown]>,
  profile: Profile,
  what: string,
): void {
  const data = dataOf(exchange)
  if (!data || !isSuccess(exchange.response.status)) return
  for (const [field, value] of written.filter(([name, sent]) => JSON.stringify(data[name]) !== JSON.stringify(sent))) {
    ctx.fail(`${what} gives another ${field} than was sent`, {
      exchange,
      received: `${field}: ${preview(data[field])}`,
      documented: `${field}: ${preview(value)}, as sent`,
      profile,
    })
  }
}
