import * as z from 'zod/mini'
import { WINDOW_SECONDS } from '../domain/rate-limit.js'
import type { HeaderModel } from '../model/header-model.js'
import type { Operation } from '../operations/define-operation.js'

/**
 * Facts two places of the API report, written into the document as `x-` fields so that a contract
 * suite can compare them within a run (docs/openapi.md lists them), all derived from the
 * operation declarations:
 *
 * - `x-consistency` on an operation: each resource its answer reports (each item of a list) is
 *   the one another operation reads (`read`, an operationId; `params`: its path parameters, from
 *   fields of this answer), and the named fields (`fields`: here -> there) are equal. `at` names an
 *   embedded resource; `state: before` says the answer is the resource as it was before the request
 *   (a delete). A field `<ref>_<name>` beside `<ref>_id` is `<name>` of the resource `<ref>_id` names.
 * - `x-immutable` on a resource schema: fields that never change after creation.
 * - `x-write-stamp` on a resource schema: the field that moves forward on every write that changes
 *   the resource, and never otherwise.
 * - `x-consistency` on the rate-limit header components: which field of the user body the limit
 *   is, per window, and that the IETF pair agrees with the X- family.
 */

type Fact = { at?: string; read: string; params?: Record<string, string>; fields: Record<string, string>; state?: 'before' }

/** The fields of an object schema, without those a profile adds beyond the document (`extra`): they say nothing another place repeats. */
let extra: ReadonlySet<string> = new Set()
const fieldsOf = (schema: z.ZodMiniType | undefined): Record<string, z.ZodMiniType> =>
  schema instanceof z.ZodMiniObject
    ? Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodMiniType>).filter(([name]) => !extra.has(name)))
    : {}

/** A GET of one resource (not a list): the operation that reads it by itself. */
const isReader = (op: Operation) => op.method === 'get' && !op.response.list

/** The reader of what an operation answers: a GET whose data has all its fields, at its path, below it, or one `{id}` further. */
function readerOf(op: Operation, all: readonly Operation[]): Operation | undefined {
  const fields = Object.keys(fieldsOf(op.response.data))
  if (fields.length === 0) return undefined
  const related = (reader: Operation) => reader.path === op.path || reader.path === `${op.path}/{id}` || op.path.startsWith(`${reader.path}/`)
  const has = (reader: Operation) => fields.every((field) => field in fieldsOf(reader.response.data))
  return all.filter((reader) => isReader(reader) && related(reader) && has(reader)).sort((a, b) => a.path.length - b.path.length)[0]
}

/** The reader of one kind of resource, by the collection its path names (`advert` -> GET /adverts/{id}). */
function readerByName(name: string, all: readonly Operation[]): Operation | undefined {
  return all.find((op) => isReader(op) && op.path === `/${name}s/{id}`)
}

/** Path parameters of a reader, each taken from the field of the same name. */
const paramsOf = (reader: Operation, from: (param: string) => string = (param) => param) =>
  Object.fromEntries([...reader.path.matchAll(/\{(\w+)\}/g)].map(([, param = '']) => [param, from(param)]))

const identity = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, name]))

/** The `x-consistency` facts of one operation of the public API; `beyond`: the fields a profile adds beyond the document. */
export function consistencyFacts(op: Operation, all: readonly Operation[], beyond: ReadonlySet<string> = new Set()): Fact[] {
  extra = beyond
  const reader = readerOf(op, all)
  const shape = fieldsOf(op.response.data)
  if (!reader) return []
  const facts: Fact[] = []
  const referenced = new Set<string>()
  for (const [field, schema] of Object.entries(shape)) {
    const other = readerByName(field, all)
    // An embedded resource: the one `<field>_id` names, as its own reader answers it.
    if (other && `${field}_id` in shape && other.response.data === schema) {
      facts.push({ at: field, read: other.operationId, params: paramsOf(other, () => `${field}_id`), fields: identity(Object.keys(fieldsOf(schema))) })
      referenced.add(field)
      continue
    }
    // A field of another resource shown here: `advert_title` is the title of the advert advert_id names.
    const [, ref, name] = /^([a-z]+)_([a-z]+)$/.exec(field) ?? []
    if (ref === undefined || name === undefined || name === 'id') continue
    const target = readerByName(ref, all)
    if (target && `${ref}_id` in shape && name in fieldsOf(target.response.data)) {
      facts.push({ read: target.operationId, params: paramsOf(target, () => `${ref}_id`), fields: { [field]: name } })
      referenced.add(field)
    }
  }
  const own = Object.keys(shape).filter((field) => !referenced.has(field) && field in fieldsOf(reader.response.data))
  facts.unshift({ read: reader.operationId, ...(reader.path.includes('{') ? { params: paramsOf(reader) } : {}), fields: identity(own), ...(op.method === 'delete' ? { state: 'before' as const } : {}) })
  return facts
}

/** `x-immutable` and `x-write-stamp` for a resource schema that has an id and timestamps. */
export function timeExtensions(schema: z.ZodMiniType): Record<`x-${string}`, unknown> {
  const fields = fieldsOf(schema)
  if (!('id' in fields && 'created_at' in fields && 'updated_at' in fields)) return {}
  return { 'x-immutable': ['id', 'created_at'], 'x-write-stamp': { field: 'updated_at', moves: 'on every write that changes the resource, never otherwise' } }
}

/** The user's limit fields, by the window (in seconds) each is counted in. */
const LIMIT_FIELDS = { [WINDOW_SECONDS.minute]: 'api_tier_limits.per_minute', [WINDOW_SECONDS.day]: 'api_tier_limits.per_day' }

/** `x-consistency` of the rate-limit header components, by header name: each fact where the headers it names are sent. */
export function rateLimitHeaderFacts(userReader: string, headers: HeaderModel): Record<string, Record<`x-${string}`, unknown>> {
  const [limit, remaining, reset, policy, rateLimit] = ['limit', 'remaining', 'reset', 'policy', 'ratelimit'].map(headers.nameOf)
  const facts: Record<string, Record<`x-${string}`, unknown>> = {}
  if (limit) facts[limit] = { 'x-consistency': { read: userReader, windows: LIMIT_FIELDS, window: 'the one with the fewest requests remaining' } }
  if (policy) facts[policy] = { 'x-consistency': { read: userReader, windows: LIMIT_FIELDS } }
  if (rateLimit && limit && remaining && reset) facts[rateLimit] = { 'x-consistency': { agrees: [limit, remaining, reset] } }
  return facts
}
