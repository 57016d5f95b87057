import type { DocumentedParameter, JsonObject } from './document.js'
import type { Profile } from './types.js'
import { unusedId } from './valid-data.js'

/** One invalid input derived from the document's schema, and the profile whose claim rejects it. */
export interface NegativeCase {
  title: string
  profile: Profile
  body?: unknown
  query?: Record<string, string>
}

/** Facts the document cannot give: a real id of an advert that belongs to someone else. */
export interface NegativeHints {
  foreignAdvertId?: number
}

const UNKNOWN = '__contract_unknown__'
const MAX_CASES = 14

/**
 * Invalid bodies made from a body the server accepted and the documented request schema:
 * the wrapper missing or of the wrong type, each field of the wrong type, numbers out of range,
 * strings too short or too long, a bad format, an unknown enum value, a missing required field,
 * an unknown field (when the schema closes the object), a foreign advert_id.
 * @example negativeBodies(schema, { campaign: { cpm: 1.5 } }) // [{ title: 'missing wrapper', body: { cpm: 1.5 } }, …]
 */
export function negativeBodies(schema: JsonObject | undefined, accepted: unknown, hints: NegativeHints = {}): NegativeCase[] {
  if (!schema || !isRecord(accepted)) return []
  const cases: NegativeCase[] = []
  const wrapper = singleWrapper(schema, accepted)
  if (!wrapper) return fieldCases(schema, accepted, (inner) => inner, hints)
  const { key, inner, innerSchema } = wrapper
  cases.push({ title: `missing wrapper: the fields of "${key}" at the top level`, profile: 'spec', body: inner })
  cases.push({ title: `"${key}" is a string, not an object`, profile: 'spec', body: { [key]: 'not-an-object' } })
  cases.push(...fieldCases(innerSchema, inner, (value) => ({ [key]: value }), hints, `${key}.`))
  return cases.slice(0, MAX_CASES)
}

/** Invalid query strings for each documented query parameter: wrong type, out of range, unknown enum. */
export function negativeQueries(parameters: readonly DocumentedParameter[]): NegativeCase[] {
  const cases: NegativeCase[] = []
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const schema = parameter.schema
    const types = typesOf(schema)
    const name = parameter.name
    if (types.has('integer') || types.has('number')) {
      cases.push({ title: `query ${name} is not a number`, profile: 'contract', query: { [name]: 'abc' } })
      for (const value of outOfRange(schema)) cases.push({ title: `query ${name}=${value} is out of range`, profile: 'contract', query: { [name]: String(value) } })
    }
    const values = enumOf(schema)
    if (values) cases.push({ title: `query ${name} has an unknown enum value`, profile: 'contract', query: { [name]: UNKNOWN } })
    if (types.has('boolean')) cases.push({ title: `query ${name} is not a boolean`, profile: 'contract', query: { [name]: 'maybe' } })
  }
  return cases.slice(0, MAX_CASES)
}

function fieldCases(
  schema: JsonObject,
  accepted: Record<string, unknown>,
  wrap: (fields: Record<string, unknown>) => unknown,
  hints: NegativeHints,
  prefix = '',
): NegativeCase[] {
  const cases: NegativeCase[] = []
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>
  const required = new Set((schema.required ?? []) as string[])
  const withField = (name: string, value: unknown) => wrap({ ...accepted, [name]: value })
  for (const [name, property] of Object.entries(properties)) {
    if (!(name in accepted)) continue
    const path = prefix + name
    const types = typesOf(property)
    cases.push({ title: `${path} has the wrong type`, profile: 'spec', body: withField(name, wrongTypeValue(types)) })
    for (const value of outOfRange(property)) cases.push({ title: `${path}=${value} is out of range`, profile: 'contract', body: withField(name, value) })
    const format = formatOf(property)
    if (format === 'email') cases.push({ title: `${path} is not an e-mail address`, profile: 'spec', body: withField(name, 'not-an-email') })
    else if (format === 'uri' || format === 'url') cases.push({ title: `${path} is not a URL`, profile: 'contract', body: withField(name, 'not a url') })
    if (enumOf(property)) cases.push({ title: `${path} has an unknown enum value`, profile: 'contract', body: withField(name, UNKNOWN) })
    const maxLength = numberKeyword(property, 'maxLength')
    if (maxLength !== undefined && maxLength <= 10_000) cases.push({ title: `${path} is longer than ${maxLength}`, profile: 'contract', body: withField(name, 'x'.repeat(maxLength + 1)) })
    if (name === 'advert_id') {
      const foreign = hints.foreignAdvertId ?? unusedId(numericMember(property))
      cases.push({ title: `${path} is an advert the caller does not own (${hints.foreignAdvertId ? "another account's" : 'nonexistent'})`, profile: 'contract', body: withField(name, foreign) })
    }
    if (required.has(name)) {
      const { [name]: _removed, ...rest } = accepted
      cases.push({ title: `required ${path} is missing`, profile: 'contract', body: wrap(rest) })
    }
  }
  if (schema.additionalProperties === false) cases.push({ title: `unknown field ${prefix}${UNKNOWN}`, profile: 'contract', body: withField(UNKNOWN, 1) })
  return cases
}

/** `{ campaign: {...} }`: an object schema whose one required property holds the fields. */
function singleWrapper(schema: JsonObject, accepted: Record<string, unknown>) {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>
  const keys = Object.keys(properties)
  const key = keys[0]
  if (keys.length !== 1 || key === undefined || !isRecord(accepted[key])) return undefined
  const innerSchema = properties[key] as JsonObject
  if (!typesOf(innerSchema).has('object')) return undefined
  return { key, inner: accepted[key] as Record<string, unknown>, innerSchema }
}

/** The JSON types a schema admits, looking through anyOf/oneOf/allOf. */
export function typesOf(schema: JsonObject): Set<string> {
  const types = new Set<string>()
  const type = schema.type
  if (typeof type === 'string') types.add(type)
  if (Array.isArray(type)) for (const t of type) types.add(String(t))
  if (schema.properties) types.add('object')
  if (Array.isArray(schema.enum)) for (const value of schema.enum) types.add(value === null ? 'null' : typeof value)
  if (schema.const !== undefined) types.add(schema.const === null ? 'null' : typeof schema.const)
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const member of (schema[key] ?? []) as JsonObject[]) for (const t of typesOf(member)) types.add(t)
  }
  return types
}

function wrongTypeValue(types: Set<string>): unknown {
  if (!types.has('string')) return 'wrong-type'
  if (!types.has('number') && !types.has('integer')) return 12345
  if (!types.has('boolean')) return true
  return [UNKNOWN]
}

/** Numbers just outside the bounds, from the schema itself or its anyOf/oneOf members. */
function outOfRange(schema: JsonObject): number[] {
  const numeric = numericMember(schema)
  if (!numeric) return []
  const values: number[] = []
  const step = numeric.type === 'integer' ? 1 : 0.01
  const min = numberKeyword(numeric, 'minimum')
  const exclusiveMin = numberKeyword(numeric, 'exclusiveMinimum')
  const max = numberKeyword(numeric, 'maximum')
  const exclusiveMax = numberKeyword(numeric, 'exclusiveMaximum')
  if (exclusiveMin !== undefined) values.push(exclusiveMin)
  else if (min !== undefined) values.push(min - step)
  if (exclusiveMax !== undefined) values.push(exclusiveMax)
  else if (max !== undefined && max < Number.MAX_SAFE_INTEGER) values.push(max + (numeric.type === 'integer' ? 1 : Math.max(step, max * 0.01)))
  return values.map((value) => Number(value.toFixed(2)))
}

/** The integer or number schema among a schema and its anyOf/oneOf members. */
function numericMember(schema: JsonObject): JsonObject | undefined {
  return [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])].find((s) => s.type === 'integer' || s.type === 'number')
}

function formatOf(schema: JsonObject): string | undefined {
  if (typeof schema.format === 'string') return schema.format
  for (const member of (schema.anyOf ?? schema.oneOf ?? []) as JsonObject[]) if (typeof member.format === 'string') return member.format
  return undefined
}

function enumOf(schema: JsonObject): unknown[] | undefined {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return schema.enum
  for (const member of (schema.anyOf ?? schema.oneOf ?? []) as JsonObject[]) if (Array.isArray(member.enum)) return member.enum
  return undefined
}

function numberKeyword(schema: JsonObject, key: string): number | undefined {
  const value = schema[key]
  return typeof value === 'number' ? value : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
