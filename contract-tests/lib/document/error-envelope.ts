import type { ContractDocument, DocumentedOperation, DocumentedResponse, JsonObject } from './document.js'
import { typesOf } from './schema-reading.js'

// The error body a document gives an answer, read from its schema rather than assumed: ours is
// `{success: false, error: {code, message}}`, a twin's may be RFC 9457 problem details, a JSON:API
// `errors` list, Django REST framework's `{detail, code}` or Laravel's `{message, errors}`. The
// code and the message are found as a deployment's answer is read (src/twin/derive-error.ts,
// findCode): the shallowest member under a code-like (message-like) key, in the order of those keys.

/** A member's place in an error body: its keys, `0` for the first item of a list (`['errors', '0', 'code']`). */
export type MemberPath = readonly string[]

/** One member the document gives an error body (its code or its message): where it sits, and whether the schema requires it there. */
export interface EnvelopeMember {
  path: MemberPath
  required: boolean
  /** The JSON types it may have (`string`, `number`, …). */
  types: Set<string>
}

/** The error body the document gives an answer of one status. */
export interface ErrorEnvelope {
  /** JSON pointer of its schema. */
  pointer: string
  /** The media types the document gives it. */
  mediaTypes: string[]
  /** Whether the operation documents this status (else it is the body the document gives the status elsewhere, or its errors at large). */
  exact: boolean
  /** Its top-level members, in the schema's order, and the ones it requires. */
  members: string[]
  required: string[]
  /** `success` where the schema has it, with the value it pins (`false`); undefined where it has none. */
  success?: { value?: unknown }
  code?: EnvelopeMember
  message?: EnvelopeMember
  /** Where the document's Error schema describes the body: `[]` for the body itself, `['error']`, `['errors', '0']`. */
  errorAt?: MemberPath
}

/** The data schema spec section 7 names Error. */
export const ERROR_SCHEMA = '#/components/schemas/Error'

/** The keys a code sits under, in findCode's order (src/twin/derive-error.ts: the library reads the same way, without importing it). */
const CODE_KEYS = ['code', 'error_code', 'errorcode', 'error', 'type', 'reason', 'kind', 'error_type', 'name', 'slug']

/** The keys a message sits under, the likeliest first (an error body's, a problem's of its list). */
export const MESSAGE_NAMES = ['message', 'detail', 'reason', 'issue', 'msg', 'title', 'description']

const cache = new WeakMap<ContractDocument, Map<string, ErrorEnvelope | undefined>>()

/**
 * The error body the document gives an answer of this status: the operation's documented response
 * for it, else the response the document gives that status on another operation, else the error
 * response it documents on the most operations (the shape of its errors at large). Undefined when
 * it documents no error body at all.
 * @example errorEnvelope(document, document.get('GET /user'), 401)?.code?.path // ['error', 'code']
 */
export function errorEnvelope(
  document: ContractDocument,
  operation: DocumentedOperation | undefined,
  status: number,
): ErrorEnvelope | undefined {
  let known = cache.get(document)
  if (!known) cache.set(document, (known = new Map()))
  const key = `${operation?.label ?? ''} ${status}`
  if (!known.has(key)) known.set(key, readEnvelope(document, operation, status))
  return known.get(key)
}

function readEnvelope(
  document: ContractDocument,
  operation: DocumentedOperation | undefined,
  status: number,
): ErrorEnvelope | undefined {
  const own = operation ? document.response(operation, status) : undefined
  const response = own?.schemaPointer ? own : elsewhere(document, status)
  if (!response?.schemaPointer) return undefined
  const pointer = response.schemaPointer
  const root = objectView(document, document.at(pointer), pointer)
  const code = locate(document, root, CODE_KEYS, (types) => types.has('string') || types.has('number'))
  const message = locate(document, root, MESSAGE_NAMES, (types) => types.has('string'), code?.path)
  const success = root.properties.success
  const errorAt = errorSchemaAt(document, root)
  return {
    pointer,
    mediaTypes: response.contentTypes,
    exact: response === own,
    members: Object.keys(root.properties),
    required: root.required,
    ...(success === undefined ? {} : { success: pinned(document, success) }),
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(errorAt ? { errorAt } : {}),
  }
}

/** The response another operation documents for the status, else the error response most operations document. */
function elsewhere(document: ContractDocument, status: number): DocumentedResponse | undefined {
  const responses = document.operations.flatMap((operation) => operation.responses)
  const same = responses.find((response) => response.key === String(status) && response.schemaPointer)
  if (same) return same
  const tally = new Map<string, { count: number; response: DocumentedResponse }>()
  for (const response of responses) {
    if (!/^[45]\d\d$/.test(response.key) || !response.schemaPointer) continue
    const entry = tally.get(response.key) ?? { count: 0, response }
    tally.set(response.key, { ...entry, count: entry.count + 1 })
  }
  return [...tally.entries()].sort(([a, x], [b, y]) => y.count - x.count || Number(a) - Number(b))[0]?.[1].response
}

/** An object schema's members, through `$ref` and `allOf` (every branch's), `anyOf`/`oneOf` (their members, required by all). */
interface ObjectView {
  pointer: string
  properties: Record<string, { raw: unknown; pointer: string }>
  required: string[]
}

function objectView(document: ContractDocument, raw: unknown, pointer: string, depth = 0): ObjectView {
  const view: ObjectView = { pointer, properties: {}, required: [] }
  if (depth > 8 || !raw || typeof raw !== 'object') return view
  const { node, pointer: at } = document.follow(raw, pointer)
  view.pointer = at
  for (const [name, child] of Object.entries((node.properties ?? {}) as JsonObject))
    view.properties[name] = { raw: child, pointer: `${at}/properties/${name}` }
  if (Array.isArray(node.required)) view.required.push(...node.required.map(String))
  const branches = (key: string) =>
    (Array.isArray(node[key]) ? (node[key] as unknown[]) : []).map((member, index) =>
      objectView(document, member, `${at}/${key}/${index}`, depth + 1),
    )
  for (const member of branches('allOf')) merge(view, member, member.required)
  for (const key of ['anyOf', 'oneOf']) {
    const alternatives = branches(key)
    const everywhere = alternatives[0]?.required.filter((name) => alternatives.every((a) => a.required.includes(name)))
    for (const member of alternatives) merge(view, member, everywhere ?? [])
  }
  return view
}

function merge(view: ObjectView, member: ObjectView, required: readonly string[]): void {
  for (const [name, child] of Object.entries(member.properties)) view.properties[name] ??= child
  for (const name of required) if (!view.required.includes(name)) view.required.push(name)
}

/** The schema of a list's first item (`prefixItems[0]`, else `items`), and whether a list must hold one. */
function itemOf(document: ContractDocument, raw: unknown, pointer: string) {
  const { node, pointer: at } = document.follow(raw, pointer)
  const first = Array.isArray(node.prefixItems) ? node.prefixItems[0] : undefined
  const item = first ?? (node.items && typeof node.items === 'object' ? node.items : undefined)
  if (!item) return undefined
  const minItems = typeof node.minItems === 'number' ? node.minItems : 0
  return { raw: item, pointer: first ? `${at}/prefixItems/0` : `${at}/items`, required: minItems > 0 }
}

/** The objects of an error body, shallowest first, each with its path, its depth (as findCode counts it) and whether it must be there. */
function holders(document: ContractDocument, root: ObjectView) {
  const found: { view: ObjectView; path: string[]; depth: number; required: boolean }[] = []
  const visit = (view: ObjectView, path: string[], depth: number, required: boolean) => {
    found.push({ view, path, depth, required })
    if (depth > 6) return
    for (const [name, child] of Object.entries(view.properties)) {
      const types = typesOf(document.dereference(child.raw))
      const here = required && view.required.includes(name)
      if (types.has('object')) visit(objectView(document, child.raw, child.pointer), [...path, name], depth + 1, here)
      const item = types.has('array') ? itemOf(document, child.raw, child.pointer) : undefined
      if (item && typesOf(document.dereference(item.raw)).has('object'))
        visit(objectView(document, item.raw, item.pointer), [...path, name, '0'], depth + 2, here && item.required)
    }
  }
  visit(root, [], 0, true)
  return found.sort((a, b) => a.depth - b.depth)
}

/** The shallowest member under one of the keys whose types fit, the keys' order breaking ties. */
function locate(
  document: ContractDocument,
  root: ObjectView,
  keys: readonly string[],
  fits: (types: Set<string>) => boolean,
  not?: MemberPath,
): EnvelopeMember | undefined {
  const found: (EnvelopeMember & { depth: number; rank: number })[] = []
  for (const { view, path, depth, required } of holders(document, root))
    for (const [name, child] of Object.entries(view.properties)) {
      const rank = keys.indexOf(name.toLowerCase())
      const types = typesOf(document.dereference(child.raw))
      const at = [...path, name]
      if (rank < 0 || !fits(types) || (not && at.join('/') === not.join('/'))) continue
      found.push({ path: at, required: required && view.required.includes(name), types, depth, rank })
    }
  found.sort((a, b) => a.depth - b.depth || a.rank - b.rank)
  const [first] = found
  return first ? { path: first.path, required: first.required, types: first.types } : undefined
}

/** Where the Error schema describes the body: the shallowest object of it that has every member Error requires. */
function errorSchemaAt(document: ContractDocument, root: ObjectView): MemberPath | undefined {
  let error: ObjectView
  try {
    error = objectView(document, document.at(ERROR_SCHEMA), ERROR_SCHEMA)
  } catch {
    return undefined
  }
  const needs = error.required.length > 0 ? error.required : Object.keys(error.properties)
  if (needs.length === 0) return undefined
  return holders(document, root).find(({ view }) => needs.every((name) => name in view.properties))?.path
}

/** The value a member's schema pins (`const`, or an enum of one), if any. */
function pinned(document: ContractDocument, member: { raw: unknown }): { value?: unknown } {
  const schema = document.dereference(member.raw)
  if ('const' in schema) return { value: schema.const }
  return Array.isArray(schema.enum) && schema.enum.length === 1 ? { value: schema.enum[0] } : {}
}

/** The value at a member's path in a body. */
export function memberValue(body: unknown, path: MemberPath): unknown {
  let node = body
  for (const key of path) {
    if (Array.isArray(node)) node = node[Number(key)]
    else node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
  }
  return node
}

/** A member's path as people write it: `error.code`, `errors[0].detail`, `type`. */
export function memberText(path: MemberPath): string {
  return path.map((key, index) => (/^\d+$/.test(key) ? `[${key}]` : index === 0 ? key : `.${key}`)).join('')
}

/**
 * The error body in one line, as a failure's "Documented" says it: its required members, the code
 * and message inside the member that holds them, and its media type where that is not plain JSON.
 * @example describeEnvelope(document, errorEnvelope(document, operation, 401)!) // '{"success": false, "error": {"code": string, "message": string}}'
 */
export function describeEnvelope(document: ContractDocument, envelope: ErrorEnvelope): string {
  const root = objectView(document, document.at(envelope.pointer), envelope.pointer)
  const shown = envelope.required.length > 0 ? envelope.required : envelope.members
  const inner = [envelope.code, envelope.message].filter((m): m is EnvelopeMember => m !== undefined)
  const typeOf = (types: Set<string>) => [...types].join(' | ') || 'any'
  const render = (name: string): string => {
    if (name === 'success' && envelope.success && 'value' in envelope.success)
      return `"success": ${JSON.stringify(envelope.success.value)}`
    const below = inner.filter((member) => member.path.length > 1 && member.path[0] === name)
    if (below.length === 0) {
      const child = root.properties[name]
      return `"${name}": ${child ? typeOf(typesOf(document.dereference(child.raw))) : 'any'}`
    }
    const list = below[0]!.path[1] === '0'
    const fields = below.map((member) => `"${member.path.at(-1)}": ${typeOf(member.types)}`).join(', ')
    return `"${name}": ${list ? `[{${fields}}]` : `{${fields}}`}`
  }
  const top = inner.filter((member) => member.path.length === 1).map((member) => member.path[0]!)
  const names = [...shown, ...top.filter((name) => !shown.includes(name))]
  const body = `{${names.map(render).join(', ')}}`
  const plain = envelope.mediaTypes.length === 0 || envelope.mediaTypes.includes('application/json')
  return plain ? body : `${envelope.mediaTypes.join(' or ')} ${body}`
}
