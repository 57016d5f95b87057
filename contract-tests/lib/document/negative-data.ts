import type { DocumentedParameter, JsonObject } from './document.js'
import type { Profile } from './profiles.js'
import { enumOf, formatOf, isRecord, numberKeyword, numericMember, singleWrapper, typesOf } from './schema-reading.js'
import { unusedId } from './valid-data.js'

/** The kinds of invalid input that concern a body as a whole: at most one case of each a body. */
export const BODY_KINDS = ['missing_wrapper', 'wrapper_not_object', 'unknown_field'] as const

/**
 * The kinds of invalid input that break one field (or query parameter), which a 422 can name:
 * at most one case of each that applies to the field.
 */
export const FIELD_KINDS = [
  'wrong_type',
  'below_range',
  'above_range',
  'bad_format',
  'not_a_multiple',
  'unknown_enum',
  'foreign_reference',
  'missing_required',
] as const

/**
 * The kinds of invalid input: the body-level ones, then the field-level ones. A body of F fields
 * gives at most 3 + 8F cases, a query of P parameters at most 4P.
 */
export const NEGATIVE_KINDS = [...BODY_KINDS, ...FIELD_KINDS] as const
/** One of NEGATIVE_KINDS. */
export type NegativeKind = (typeof NEGATIVE_KINDS)[number]

/** Whether a kind breaks one field (one of FIELD_KINDS) rather than the body as a whole. */
export function isFieldKind(kind: NegativeKind): boolean {
  return (FIELD_KINDS as readonly NegativeKind[]).includes(kind)
}

/** One invalid input derived from the document's schema, and the profile whose claim rejects it. */
export interface NegativeCase {
  title: string
  profile: Profile
  /** What it varies: a field (`campaign.cpm`), a query parameter, or the body's wrapper key. */
  field: string
  kind: NegativeKind
  body?: unknown
  query?: Record<string, string>
}

/**
 * The bound a case steps past, for the cause of its acceptance (`bound cpm maximum wider`): the
 * length bounds for a string too long or short, the numeric ones otherwise; undefined for other kinds.
 */
export function boundOf(negative: NegativeCase): string | undefined {
  const length = / is (longer|shorter) than \d+$/.test(negative.title)
  if (negative.kind === 'above_range') return length ? 'maxLength' : 'maximum'
  if (negative.kind === 'below_range') return length ? 'minLength' : 'minimum'
  return negative.kind === 'not_a_multiple' ? 'multipleOf' : undefined
}

/** Facts the document cannot give: a real id of an advert that belongs to someone else. */
export interface NegativeHints {
  foreignAdvertId?: number
}

const UNKNOWN = '__contract_unknown__'

/**
 * Invalid bodies made from a body the server accepted and the documented request schema:
 * the wrapper missing or of the wrong type, each field of the wrong type, numbers out of range,
 * strings too short or too long, a bad format, a number off its multipleOf, an unknown enum value,
 * a missing required field, an unknown field (when the schema closes the object), a foreign
 * advert_id; one per field and kind (see NEGATIVE_KINDS for the bound).
 * @example negativeBodies(schema, { campaign: { cpm: 1.5 } }) // [{ title: 'missing wrapper: …', kind: 'missing_wrapper', body: { cpm: 1.5 } }, …]
 */
export function negativeBodies(
  schema: JsonObject | undefined,
  accepted: unknown,
  hints: NegativeHints = {},
): NegativeCase[] {
  if (!schema || !isRecord(accepted)) return []
  const wrapper = singleWrapper(schema, accepted)
  if (!wrapper) return onePerFieldAndKind(fieldCases(schema, accepted, (inner) => inner, hints))
  const { key, inner, innerSchema } = wrapper
  return onePerFieldAndKind([
    {
      title: `missing wrapper: the fields of "${key}" at the top level`,
      profile: 'spec',
      field: key,
      kind: 'missing_wrapper',
      body: inner,
    },
    {
      title: `"${key}" is a string, not an object`,
      profile: 'spec',
      field: key,
      kind: 'wrapper_not_object',
      body: { [key]: 'not-an-object' },
    },
    ...fieldCases(innerSchema, inner, (value) => ({ [key]: value }), hints, `${key}.`),
  ])
}

/** Invalid query strings for each documented query parameter: wrong type, out of range, unknown enum; one per parameter and kind. */
export function negativeQueries(parameters: readonly DocumentedParameter[]): NegativeCase[] {
  const cases: NegativeCase[] = []
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const schema = parameter.schema
    const types = typesOf(schema)
    const name = parameter.name
    const add = (kind: NegativeKind, title: string, value: string) =>
      cases.push({ title: `query ${title}`, profile: 'contract', field: name, kind, query: { [name]: value } })
    if (types.has('integer') || types.has('number')) {
      add('wrong_type', `${name} is not a number`, 'abc')
      for (const [kind, value] of outOfRange(schema)) add(kind, `${name}=${value} is out of range`, String(value))
    }
    if (enumOf(schema)) add('unknown_enum', `${name} has an unknown enum value`, UNKNOWN)
    if (types.has('boolean')) add('wrong_type', `${name} is not a boolean`, 'maybe')
  }
  return onePerFieldAndKind(cases)
}

/**
 * The selection that bounds the requests without losing coverage: the first case of each
 * field and kind, so every field keeps one case of every kind that applies to it.
 * @example onePerFieldAndKind([a, sameFieldAndKindAsA, b]) // [a, b]
 */
export function onePerFieldAndKind(cases: readonly NegativeCase[]): NegativeCase[] {
  const seen = new Set<string>()
  return cases.filter((negative) => {
    const key = `${negative.field}\u0000${negative.kind}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
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
    // An update that did not send the reference can still be sent another account's (moved onto its advert).
    if (!(name in accepted)) {
      if (name === 'advert_id' && hints.foreignAdvertId !== undefined)
        cases.push({
          title: `${prefix}${name} is an advert the caller does not own (another account's)`,
          profile: 'contract',
          field: prefix + name,
          kind: 'foreign_reference',
          body: withField(name, hints.foreignAdvertId),
        })
      continue
    }
    const path = prefix + name
    const add = (kind: NegativeKind, title: string, body: unknown, profile: Profile = 'contract') =>
      cases.push({ title: `${path}${title}`, profile, field: path, kind, body })
    add('wrong_type', ' has the wrong type', withField(name, wrongTypeValue(typesOf(property))), 'spec')
    for (const [kind, value] of outOfRange(property)) add(kind, `=${value} is out of range`, withField(name, value))
    const minLength = numberKeyword(property, 'minLength')
    if (minLength !== undefined && minLength > 0)
      add('below_range', ` is shorter than ${minLength}`, withField(name, 'x'.repeat(minLength - 1)))
    const maxLength = numberKeyword(property, 'maxLength')
    if (maxLength !== undefined && maxLength <= 10_000)
      add('above_range', ` is longer than ${maxLength}`, withField(name, 'x'.repeat(maxLength + 1)))
    const format = formatOf(property)
    if (format === 'email') add('bad_format', ' is not an e-mail address', withField(name, 'not-an-email'), 'spec')
    else if (format === 'uri' || format === 'url') add('bad_format', ' is not a URL', withField(name, 'not a url'))
    const offStep = offStepValue(property, accepted[name])
    if (offStep !== undefined)
      add(
        'not_a_multiple',
        `=${offStep} is not a multiple of ${numberKeyword(numericMember(property) ?? {}, 'multipleOf')}`,
        withField(name, offStep),
      )
    if (enumOf(property)) add('unknown_enum', ' has an unknown enum value', withField(name, UNKNOWN))
    if (name === 'advert_id') {
      const foreign = hints.foreignAdvertId ?? unusedId(numericMember(property))
      add(
        'foreign_reference',
        ` is an advert the caller does not own (${hints.foreignAdvertId ? "another account's" : 'nonexistent'})`,
        withField(name, foreign),
      )
    }
    if (required.has(name)) {
      const { [name]: _removed, ...rest } = accepted
      cases.push({
        title: `required ${path} is missing`,
        profile: 'contract',
        field: path,
        kind: 'missing_required',
        body: wrap(rest),
      })
    }
  }
  if (schema.additionalProperties === false) {
    cases.push({
      title: `unknown field ${prefix}${UNKNOWN}`,
      profile: 'contract',
      field: prefix.replace(/\.$/, '') || '(body)',
      kind: 'unknown_field',
      body: withField(UNKNOWN, 1),
    })
  }
  return cases
}

function wrongTypeValue(types: Set<string>): unknown {
  if (!types.has('string')) return 'wrong-type'
  if (!types.has('number') && !types.has('integer')) return 12345
  if (!types.has('boolean')) return true
  return [UNKNOWN]
}

/** Numbers just outside the bounds (below, above), from the schema itself or its anyOf/oneOf members. */
function outOfRange(schema: JsonObject): Array<['below_range' | 'above_range', number]> {
  const numeric = numericMember(schema)
  if (!numeric) return []
  const values: Array<['below_range' | 'above_range', number]> = []
  const step = numeric.type === 'integer' ? 1 : 0.01
  const min = numberKeyword(numeric, 'minimum')
  const exclusiveMin = numberKeyword(numeric, 'exclusiveMinimum')
  const max = numberKeyword(numeric, 'maximum')
  const exclusiveMax = numberKeyword(numeric, 'exclusiveMaximum')
  if (exclusiveMin !== undefined) values.push(['below_range', exclusiveMin])
  else if (min !== undefined) values.push(['below_range', min - step])
  if (exclusiveMax !== undefined) values.push(['above_range', exclusiveMax])
  else if (max !== undefined && max < Number.MAX_SAFE_INTEGER)
    values.push(['above_range', max + (numeric.type === 'integer' ? 1 : Math.max(step, max * 0.01))])
  return values.map(([kind, value]) => [kind, Number(value.toFixed(2))])
}

/** A number between two steps of a fractional multipleOf (half a step from the accepted value, within the bounds). */
function offStepValue(schema: JsonObject, current: unknown): number | undefined {
  const numeric = numericMember(schema)
  const step = numeric && numberKeyword(numeric, 'multipleOf')
  if (!numeric || numeric.type !== 'number' || !step || Number.isInteger(step) || typeof current !== 'number')
    return undefined
  const digits = (String(step).split('.')[1]?.length ?? 0) + 1
  const max = numberKeyword(numeric, 'maximum') ?? numberKeyword(numeric, 'exclusiveMaximum')
  const up = Number((current + step / 2).toFixed(digits))
  return max !== undefined && up >= max ? Number((current - step / 2).toFixed(digits)) : up
}
