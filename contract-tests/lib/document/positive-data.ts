import type { DocumentedParameter, JsonObject } from './document.js'
import { enumOf, formatOf, isRecord, numberKeyword, numericMember, singleWrapper } from './schema-reading.js'

/** What a positive case puts at its field: the largest number, the longest string, or another enum value. */
export type PositiveKind = 'maximum' | 'max_length' | 'enum_value'

/** One valid input at an edge of what the document allows, which a conforming deployment accepts. */
export interface PositiveCase {
  /** `campaign.cpm=100000 (the largest the document allows)` */
  title: string
  /** What it varies: a field (`campaign.cpm`) or a query parameter. */
  field: string
  kind: PositiveKind
  value: unknown
  body?: unknown
  query?: Record<string, string>
}

/** Above this a bound is an id's or a count's (2^53 - 1), not one a deployment chose: not probed. */
const LARGEST_CHOSEN_BOUND = 2_147_483_647

/** The longest string probed; longer ones are a body size, not a field bound. */
const LONGEST_PROBED = 10_000

/**
 * Valid bodies at the edges of the documented request schema, made from a body the server
 * accepted: each field at its largest number and its longest string (every documented field of
 * the wrapper, sent or not), and each enum field at each value the accepted body did not use.
 * Strings start with `mark` (the run's title prefix), so that what they create is the run's.
 * @example positiveBodies(schema, { campaign: { cpm: 1.5, broadcasting_type: 'active_ad' } }, '[contract x]') // campaign.cpm=100000, campaign.broadcasting_type=passive_ad, …
 */
export function positiveBodies(schema: JsonObject | undefined, accepted: unknown, mark: string): PositiveCase[] {
  if (!schema || !isRecord(accepted)) return []
  const wrapper = singleWrapper(schema, accepted)
  if (!wrapper) return []
  const { key, inner, innerSchema } = wrapper
  const cases: PositiveCase[] = []
  for (const [name, property] of Object.entries((innerSchema.properties ?? {}) as Record<string, JsonObject>)) {
    const path = `${key}.${name}`
    const add = (kind: PositiveKind, value: unknown, shown: string) =>
      cases.push({ title: `${path}${shown}`, field: path, kind, value, body: { [key]: { ...inner, [name]: value } } })
    const largest = largestNumber(property)
    if (largest !== undefined) add('maximum', largest, `=${largest} (the largest the document allows)`)
    const longest = longestString(property, mark)
    if (longest !== undefined)
      add('max_length', longest, ` of ${longest.length} characters (the longest the document allows)`)
    for (const value of enumOf(property) ?? [])
      if (name in inner && value !== inner[name]) add('enum_value', value, `=${String(value)}`)
  }
  return cases
}

/** Each numeric query parameter at its largest documented value (`per_page=100`). */
export function positiveQueries(parameters: readonly DocumentedParameter[]): PositiveCase[] {
  return parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const largest = largestNumber(parameter.schema)
      if (largest === undefined) return []
      return [
        {
          title: `query ${parameter.name}=${largest} (the largest the document allows)`,
          field: parameter.name,
          kind: 'maximum' as const,
          value: largest,
          query: { [parameter.name]: String(largest) },
        },
      ]
    })
}

function largestNumber(schema: JsonObject): number | undefined {
  const numeric = numericMember(schema)
  if (!numeric) return undefined
  const max = numberKeyword(numeric, 'maximum')
  const exclusive = numberKeyword(numeric, 'exclusiveMaximum')
  const step = numberKeyword(numeric, 'multipleOf') ?? (numeric.type === 'integer' ? 1 : 0.01)
  const largest = max ?? (exclusive === undefined ? undefined : Number((exclusive - step).toFixed(6)))
  return largest !== undefined && largest <= LARGEST_CHOSEN_BOUND ? largest : undefined
}

/** The longest string a field allows, when it is plain text or a URL (an e-mail's longest is left alone). */
function longestString(schema: JsonObject, mark: string): string | undefined {
  const member = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])].find(
    (s) => s.type === 'string' || typeof s.maxLength === 'number',
  )
  const max = member && numberKeyword(member, 'maxLength')
  if (!member || max === undefined || max > LONGEST_PROBED) return undefined
  const format = formatOf(member)
  if (format === 'uri' || format === 'url') {
    const start = 'https://example.com/'
    return max > start.length ? start.padEnd(max, 'a') : undefined
  }
  if (format !== undefined || member.pattern !== undefined) return undefined
  return max >= mark.length ? `${mark} `.padEnd(max, 'x').slice(0, max) : 'x'.repeat(max)
}
