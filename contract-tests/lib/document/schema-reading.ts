import type { JsonObject } from './document.js'

// Reading a JSON Schema for what the generated inputs vary: types, numbers, formats, enums, wrappers.

/** `{ campaign: {...} }`: an object schema whose one required property holds the fields. */
export function singleWrapper(schema: JsonObject, accepted: Record<string, unknown>) {
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

/** The integer or number schema among a schema and its anyOf/oneOf members. */
export function numericMember(schema: JsonObject): JsonObject | undefined {
  return [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])].find(
    (s) => s.type === 'integer' || s.type === 'number',
  )
}

/** The format of a schema or of its anyOf/oneOf members. */
export function formatOf(schema: JsonObject): string | undefined {
  if (typeof schema.format === 'string') return schema.format
  for (const member of (schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])
    if (typeof member.format === 'string') return member.format
  return undefined
}

/** The string values an enum (or an anyOf/oneOf member's) allows. */
export function enumOf(schema: JsonObject): unknown[] | undefined {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return schema.enum
  for (const member of (schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])
    if (Array.isArray(member.enum)) return member.enum
  return undefined
}

/** A numeric keyword of a schema (`maximum`, `maxLength`), if it is a number. */
export function numberKeyword(schema: JsonObject, key: string): number | undefined {
  const value = schema[key]
  return typeof value === 'number' ? value : undefined
}

/** Whether a value is a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
