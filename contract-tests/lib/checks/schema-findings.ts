import type { Exchange } from '../client/exchange.js'
import type { ContractDocument, JsonObject } from '../document/document.js'
import type { SchemaViolation } from '../document/schema-validator.js'
import { preview, type FailureDetail } from './check.js'

// What a schema violation is reported as, and which violations are the same difference.

/** What makes two answers' unknown error codes the same difference: the status and the code. */
export function errorCodeCause(status: number, received: string): string {
  return `error.code ${status} ${received}`
}

/**
 * A violation as a failure: an undocumented or missing property is a facet of its schema's
 * finding (every such property of one schema is one finding); anything else is one place in the
 * schema and its keyword.
 */
export function violationFailure(
  document: ContractDocument,
  exchange: Exchange,
  violation: SchemaViolation,
  where: string,
): FailureDetail & { title: string } {
  const field =
    violation.instancePath
      .replace(/^\//, '')
      .replace(/\/\d+(?=\/|$)/g, '[]')
      .replace(/\//g, '.') || '(body)'
  const schema = violation.property ? schemaLabel(document, violation.location) : undefined
  const allowed = violation.allowed?.map((value) => JSON.stringify(value))
  const title =
    violation.keyword === 'additionalProperties'
      ? `Undocumented property ${violation.property}`
      : violation.keyword === 'required'
        ? `Required property ${violation.property} is missing`
        : allowed
          ? `${field} must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}`
          : `${field} ${violation.message}`
  const value = valueAt(exchange.response.json, violation.instancePath)
  const received = `${violation.text}${value === undefined ? '' : `; ${field}: ${preview(value, 120)}`}`
  return {
    title,
    received,
    documented: `${violation.location} (${violation.keyword}), in ${where}`,
    profile: 'contract',
    ...(schema && violation.property
      ? {
          rootCause: `${violation.keyword} ${schema.key}`,
          facet: violation.property,
          facetsTitle:
            violation.keyword === 'required'
              ? `Required properties of ${schema.name} are missing:`
              : `Undocumented properties of ${schema.name}:`,
        }
      : { rootCause: `${violation.location} ${violation.keyword}` }),
  }
}

/**
 * Which schema lists the properties: a named one by its name (`Advert`, `User.api_tier_limits`),
 * or the name of the one it extends (see baseOf); an inline one by the properties it documents,
 * so that the envelopes of every operation are one.
 */
function schemaLabel(document: ContractDocument, location: string): { key: string; name: string } {
  const named = /^#\/components\/schemas\/([^/]+)((?:\/properties\/[^/]+)*)$/.exec(location)
  if (named) {
    const name = `${baseOf(document, named[1]!)}${(named[2] ?? '').replace(/\/properties\//g, '.')}`
    return { key: name, name }
  }
  let properties: string[] = []
  try {
    properties = Object.keys(((document.at(location) as JsonObject).properties ?? {}) as JsonObject)
  } catch {
    // An inline schema ajv could not place: its properties are unknown.
  }
  const name = `the object {${properties.join(', ')}}`
  return { key: `{${[...properties].sort().join(',')}}`, name }
}

const bases = new WeakMap<ContractDocument, Map<string, string>>()

/**
 * The named schema another one extends, or itself: the one with the fewest properties whose
 * properties are all its own and that it adds at most half as many again to (`CampaignDetailed`
 * is `Campaign` and its `advert`, `ValidationError` is `Error` and its `fields`; `User` is not
 * `Balance`). A property neither documents is one difference of both.
 */
function baseOf(document: ContractDocument, name: string): string {
  let known = bases.get(document)
  if (!known) bases.set(document, (known = new Map()))
  const cached = known.get(name)
  if (cached) return cached
  const schemas = ((document.raw.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>
  const propertiesOf = (schema: JsonObject | undefined) => Object.keys((schema?.properties ?? {}) as JsonObject)
  const own = propertiesOf(schemas[name])
  const base = Object.entries(schemas)
    .map(([other, schema]) => ({ other, properties: propertiesOf(schema) }))
    .filter(
      ({ other, properties }) =>
        other !== name &&
        properties.length > 0 &&
        properties.length < own.length &&
        own.length - properties.length <= properties.length / 2 &&
        properties.every((property) => own.includes(property)),
    )
    .sort((a, b) => a.properties.length - b.properties.length)[0]?.other
  known.set(name, base ?? name)
  return base ?? name
}

function valueAt(json: unknown, pointer: string): unknown {
  let node = json
  for (const token of pointer.split('/').slice(1))
    node = (node as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')]
  return node
}
