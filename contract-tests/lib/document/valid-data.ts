import type { JsonObject } from './document.js'

/** Values to use for fields by name (`title`, `advert_id`, …) wherever they sit in the body. */
export type Hints = Record<string, unknown>

/**
 * A value that the (dereferenced) schema accepts: required fields only, plus any field a hint
 * names; hints win. The suite validates the result with ajv before sending it.
 * @example validInstance(advertInputSchema, { title: '[contract x] advert' }) // { advert: { title: '[contract x] advert' } }
 */
export function validInstance(schema: JsonObject, hints: Hints = {}, depth = 0): unknown {
  if (depth > 8) return null
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  const members = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined
  if (members)
    return validInstance(members.find((member) => member.type !== 'null') ?? members[0] ?? {}, hints, depth + 1)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, JsonObject>
    const required = new Set((schema.required ?? []) as string[])
    const value: Record<string, unknown> = {}
    for (const [name, property] of Object.entries(properties)) {
      if (name in hints) value[name] = hints[name]
      else if (required.has(name)) value[name] = validInstance(property, hints, depth + 1)
    }
    return value
  }
  if (type === 'array') return []
  if (type === 'boolean') return true
  if (type === 'integer' || type === 'number') return lowestNumber(schema, type)
  if (type === 'null') return null
  return validString(schema)
}

function lowestNumber(schema: JsonObject, type: 'integer' | 'number'): number {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : type === 'integer' ? 1 : 0.01
  if (typeof schema.minimum === 'number') return schema.minimum
  if (typeof schema.exclusiveMinimum === 'number') return Number((schema.exclusiveMinimum + step).toFixed(6))
  return 1
}

function validString(schema: JsonObject): string {
  if (schema.format === 'email') return 'contract@example.com'
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/contract'
  if (schema.format === 'date-time') return new Date().toISOString()
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64
  return 'contract'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 8)))
}

/** Far above any id a service has handed out, and within a signed 32-bit column. */
const FAR_ID = 2_147_483_646

/**
 * An id no account should have, that the id's schema still allows: far above the ids in use,
 * capped by the schema's maximum. Probes use it so that nothing real is touched.
 * @example unusedId({ type: 'integer', maximum: 1000 }) // 1000
 */
export function unusedId(schema: JsonObject | undefined): number {
  const max =
    typeof schema?.maximum === 'number'
      ? schema.maximum
      : typeof schema?.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : FAR_ID
  return Math.floor(Math.min(FAR_ID, max))
}
