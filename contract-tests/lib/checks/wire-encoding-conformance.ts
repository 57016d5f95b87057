import type { Exchange } from '../client/exchange.js'
import type { ApiRequest } from '../client/http-client.js'
import type { DocumentedOperation, JsonObject } from '../document/document.js'
import { isRecord, singleWrapper } from '../document/schema-reading.js'
import { dataOf, describeResponse, isSuccess, type Check, type CheckContext } from './check.js'
import { operationToProbe, pathOf } from './probe.js'

/** Text no ASCII-only path carries whole: Latin, a dash, a symbol and CJK (2, 3 and 3 bytes a character in UTF-8). */
const NON_ASCII = 'café – ✓ 日本'

/**
 * The bytes on the wire are JSON's (RFC 8259): UTF-8 without a byte order mark, a charset (if one
 * is named) that is UTF-8, and a Content-Length that counts the body's bytes, not its characters.
 * Judged on the bytes as they came, not on what fetch makes of them (its text() drops a byte order
 * mark; it frames a body by Content-Length, cutting or waiting): every answer a flow gets, and once
 * a resource of the run's own with non-ASCII text in it, created, read and deleted over a socket of
 * its own (against the mock in-process, through its fetch), whose text must come back as sent.
 */
export const wireEncodingConformance: Check = {
  kind: 'probe',
  finds: 'defect',
  description:
    'Bodies are UTF-8 without a byte order mark, in the charset they name, Content-Length counting their bytes; non-ASCII text comes back as sent.',
  claims: {
    contract: (operation) =>
      operation.method === 'post' && operation.requestBody?.schema !== undefined && !operation.path.includes('{'),
  },
  async run(ctx, exchange) {
    const judged = judgeBytes(ctx, exchange)
    const operation = operationToProbe(
      ctx,
      exchange,
      (o) => o.method === 'post' && isSuccess(exchange.response.status) && textField(o, exchange) !== undefined,
      () => 'wire_encoding_conformance round trip',
    )
    if (!operation) return judged
    await roundTrip(ctx, exchange, textField(operation, exchange)!)
  },
}

/** Judges one answer's bytes; whether it had a body to judge. */
function judgeBytes(ctx: CheckContext, exchange: Exchange, declared?: number): boolean {
  const { bytes, headers } = exchange.response
  if (!bytes || bytes.length === 0) return false
  const fail = (title: string, received: string, documented: string, cause: string) =>
    ctx.fail(title, { exchange, received, documented, rootCause: `wire ${cause}` })
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    fail(
      'Body starts with a byte order mark',
      'EF BB BF before the JSON text',
      'JSON text without a byte order mark (RFC 8259, section 8.1)',
      'bom',
    )
  const charset = /;\s*charset="?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1]
  if (charset && !/^utf-?8$/i.test(charset))
    fail(
      `Body declared in charset ${charset}`,
      `Content-Type: ${headers['content-type']}`,
      'UTF-8, as JSON is (RFC 8259, section 8.1)',
      `charset ${charset.toLowerCase()}`,
    )
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    fail('Body is not valid UTF-8', describeResponse(exchange), 'UTF-8 (RFC 8259, section 8.1)', 'utf-8')
  }
  const length = declared ?? (headers['content-length'] === undefined ? undefined : Number(headers['content-length']))
  if (length !== undefined && length !== bytes.length)
    fail(
      "Content-Length does not count the body's bytes",
      `Content-Length: ${length}; the body: ${bytes.length} bytes (${exchange.response.text.length} characters)`,
      `Content-Length: ${bytes.length}, the body's length in bytes (RFC 9110, section 8.6)`,
      'content-length',
    )
  return true
}

/** Where a create's accepted body carries free text (the advert's title): a plain string field, no enum, format or pattern. */
interface TextField {
  key: string
  inner: Record<string, unknown>
  field: string
}

function textField(operation: DocumentedOperation, exchange: Exchange): TextField | undefined {
  const body = exchange.request.body ? (JSON.parse(exchange.request.body) as unknown) : undefined
  const schema = operation.requestBody?.schema
  const wrapper = schema && isRecord(body) ? singleWrapper(schema, body) : undefined
  if (!wrapper) return undefined
  const properties = (wrapper.innerSchema.properties ?? {}) as Record<string, JsonObject>
  const field = Object.keys(wrapper.inner).find((name) => {
    const property = properties[name]
    const room = typeof property?.maxLength === 'number' ? property.maxLength : Infinity
    return (
      typeof wrapper.inner[name] === 'string' &&
      property?.type === 'string' &&
      property.enum === undefined &&
      property.format === undefined &&
      property.pattern === undefined &&
      room >= 60
    )
  })
  return field ? { key: wrapper.key, inner: wrapper.inner, field } : undefined
}

/**
 * Creates a resource of the run's own with non-ASCII text in the field the accepted create
 * carried text in, reads it and deletes it: over sockets of its own on the wire (what the
 * server sent, byte for byte), through the run's fetch otherwise. Its text must come back as sent.
 */
async function roundTrip(ctx: CheckContext, accepted: Exchange, { key, inner, field }: TextField): Promise<void> {
  const text = `${ctx.state.titlePrefix} ${NON_ASCII}`
  const send = async (request: Omit<ApiRequest, 'credentials' | 'purpose'>, what: string) => {
    const full = { ...request, credentials: 'primary' as const, purpose: `wire_encoding_conformance: ${what}` }
    if (!ctx.client.onTheWire) {
      const exchange = await ctx.send(full)
      judgeBytes(ctx, exchange)
      return exchange
    }
    const { exchange, raw } = await ctx.client.sendRaw(full)
    judgeBytes(ctx, exchange, raw.declaredLength)
    return exchange
  }
  const path = pathOf(ctx, accepted)
  const created = await send({ method: 'POST', path, body: { [key]: { ...inner, [field]: text } } }, 'non-ASCII text')
  const id = dataOf(created)?.id
  if (!isSuccess(created.response.status) || id === undefined) {
    if (created.response.status >= 400 && created.response.status < 500 && created.response.status !== 429)
      ctx.fail('Non-ASCII text refused', {
        exchange: created,
        received: describeResponse(created),
        documented: `accepted: ${key}.${field} is a string, and "${NON_ASCII}" is one`,
        kind: 'difference',
        rootCause: 'wire non-ascii refused',
      })
    return
  }
  const read = await send({ method: 'GET', path: `${path}/${String(id)}` }, 'read it back')
  for (const answer of [created, read]) {
    const got = dataOf(answer)?.[field]
    if (isSuccess(answer.response.status) && got !== text)
      ctx.fail('Non-ASCII text does not come back as sent', {
        exchange: answer,
        received: `${field}: ${JSON.stringify(got)}`,
        documented: `${field}: ${JSON.stringify(text)}, as sent`,
        rootCause: 'wire round trip',
      })
  }
  const deleted = await send({ method: 'DELETE', path: `${path}/${String(id)}` }, 'delete it')
  // Sent on a socket of its own, the delete is in no history: list judgements must still leave the resource aside.
  if (ctx.client.onTheWire && isSuccess(deleted.response.status))
    ctx.state.deleted.set(`primary ${path}/${String(id)}`, ctx.state.history.length - 1)
}
