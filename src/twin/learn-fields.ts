import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { ContractDocument } from '../../contract-tests/lib/document/document.js'
import type { Template } from '../profile/template.js'
import { isJson, type Json, type LearnContext } from './learn-context.js'

// A record's fields beside the document's: those beyond its schema (each as the value a new record
// gets, or as written from the record's id), and the order the fields come in.

/** The keys of a record beyond its schema in the document, with the values it has. */
export function learnExtraFields(
  ctx: LearnContext,
  resource: string,
  schema: string,
  record: Json,
  exchange: Exchange,
  following: Record<string, Template> = {},
): void {
  const documented = Object.keys((documentedSchema(ctx.document, schema)?.properties as Json | undefined) ?? {})
  if (documented.length === 0) {
    ctx.observations.cannot(`resources.extraFields.${resource}`, `the document has no ${schema} schema to compare with`)
    return
  }
  const extra = Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !documented.includes(key))
      .map(([key, value]) => [key, following[key] ?? fromId(value, record.id, ctx.baseUrl) ?? value]),
  )
  const seen =
    Object.keys(extra).length === 0 ? 'no field beyond the document' : `beyond the document: ${JSON.stringify(extra)}`
  ctx.observations.learn(`resources.extraFields.${resource}`, extra, ctx.evidence(exchange, seen))
}

/**
 * The order a record's fields came in: nothing to learn where the document's fields come in the
 * document's order (`[]`), else every field as it came.
 */
export function learnFieldOrder(
  ctx: LearnContext,
  resource: string,
  schema: string,
  record: Json,
  exchange: Exchange | undefined,
): void {
  if (!exchange) return
  const documented = Object.keys((documentedSchema(ctx.document, schema)?.properties as Json | undefined) ?? {})
  const keys = Object.keys(record)
  const known = keys.filter((key) => documented.includes(key))
  const inOrder = known.every(
    (key, index) => index === 0 || documented.indexOf(key) > documented.indexOf(known[index - 1]!),
  )
  const seen = inOrder ? "the document's order" : `fields in the order ${keys.join(', ')}`
  ctx.observations.learn(`resources.fieldOrder.${resource}`, inOrder ? [] : keys, ctx.evidence(exchange, seen))
}

/** A schema of the document's components, by name. */
export function documentedSchema(document: ContractDocument, name: string): Json | undefined {
  try {
    const schema = document.dereference(document.at(`#/components/schemas/${name}`))
    return isJson(schema) ? schema : undefined
  } catch {
    return undefined
  }
}

/**
 * A field written from the record's id (and the API's base URL): `{base}/adverts/{id}` (a DRF
 * `url`), or base64 of a text with the id in it (a GitHub `node_id`); undefined where it is not.
 */
export function fromId(value: unknown, id: unknown, baseUrl: string): Template | undefined {
  if (typeof value !== 'string' || typeof id !== 'number') return undefined
  const holds = (text: string) => new RegExp(`(^|\\D)${id}(\\D|$)`).test(text)
  const slotted = (text: string) =>
    text.replaceAll(baseUrl, '{base}').replace(new RegExp(`(^|\\D)${id}(?=\\D|$)`), '$1{id}')
  // Base64 first: an encoded text may hold the id's digits by chance (`MDQ6Q2FtcGFpZ24y` has a 2).
  const decoded = base64Text(value)
  if (decoded !== undefined && holds(decoded)) return { $text: slotted(decoded), encode: 'base64' }
  return holds(value) ? { $text: slotted(value) } : undefined
}

/** The printable text a value is the base64 of, where it is one (it encodes back to the value). */
function base64Text(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value)) return undefined
  try {
    const decoded = atob(value)
    return /^[\x20-\x7e]+$/.test(decoded) && btoa(decoded) === value ? decoded : undefined
  } catch {
    return undefined
  }
}
