import type { Exchange } from '../client/exchange.js'
import type { ContractDocument, JsonObject } from '../document/document.js'
import type { SchemaViolation } from '../document/schema-validator.js'
import { shapeOfSchema, shapeOfValue } from '../report/member-causes.js'
import { causeKey, leafOf } from './causes.js'
import { preview, type FailureDetail } from './check.js'
import type { MemberDifference } from './contract-failure.js'

// What a schema violation is reported as, and which violations are the same difference.

/** What makes two answers' unknown error codes the same difference: the status and the code (see causes.ts). */
export function errorCodeCause(status: number, received: string): string {
  return causeKey.error(status, received)
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
  const member = schema && violation.property ? memberOf(document, exchange, violation, schema.name) : undefined
  // The members of an error body itself (problem details, an `errors` array): the deployment's one shape for every error.
  const errorShape = schema && violation.instancePath === '' && exchange.response.status >= 400
  return {
    title,
    received,
    documented: `${violation.location} (${violation.keyword}), in ${where}`,
    profile: 'contract',
    ...(errorShape
      ? { rootCause: causeKey.errorShape, ...(member ? { member } : {}) }
      : schema && violation.property
        ? {
            // A schema's undocumented members are one cause, its missing ones another (one answered under another name, its own: member-causes.ts);
            // what a DELETE's answer lacks (a receipt for the record) is a third, whatever the others lack.
            rootCause:
              violation.keyword === 'required'
                ? causeKey.members(schema.key, 'missing', exchange.request.method === 'DELETE' ? 'delete' : undefined)
                : causeKey.members(schema.key, 'extra'),
            facet: violation.property,
            facetsTitle:
              violation.keyword === 'required'
                ? `Required properties of ${schema.name} are missing:`
                : `Undocumented properties of ${schema.name}:`,
            ...(member ? { member } : {}),
          }
        : violation.keyword === 'enum'
          ? { rootCause: causeKey.enum(leafOf(field)) }
          : BOUNDS[violation.keyword]
            ? { rootCause: causeKey.bound(leafOf(field), BOUNDS[violation.keyword]!, 'wider') }
            : isStamp(document, violation)
              ? { rootCause: causeKey.stamps }
              : { rootCause: `${violation.location} ${violation.keyword}` }),
  }
}

/**
 * The bound a keyword sets: a value the deployment answered past it shows its bound lies further
 * out, the cause negative_data_rejection reports its acceptance of such a value under.
 */
const BOUNDS: Readonly<Record<string, string>> = {
  maximum: 'maximum',
  exclusiveMaximum: 'maximum',
  minimum: 'minimum',
  exclusiveMinimum: 'minimum',
  multipleOf: 'multipleOf',
  maxLength: 'maxLength',
  minLength: 'minLength',
}

/** Whether a violation is of a timestamp's form (its pattern or format): one cause, in whatever field and schema. */
function isStamp(document: ContractDocument, violation: SchemaViolation): boolean {
  if (violation.keyword !== 'pattern' && violation.keyword !== 'format') return false
  try {
    return (document.at(violation.location) as JsonObject).format === 'date-time'
  } catch {
    return false
  }
}

/** The member an `additionalProperties` or `required` violation is about, with the shape of its value (answered, or documented). */
function memberOf(
  document: ContractDocument,
  exchange: Exchange,
  violation: SchemaViolation,
  schema: string,
): MemberDifference {
  const name = violation.property!
  if (violation.keyword === 'additionalProperties') {
    const holder = valueAt(exchange.response.json, violation.instancePath) as Record<string, unknown> | undefined
    return { schema, name, side: 'extra', shape: shapeOfValue(holder?.[name]) }
  }
  let documented: unknown
  try {
    const properties = (document.dereference(document.at(violation.location)).properties ?? {}) as JsonObject
    documented = properties[name]
  } catch {
    // An inline schema ajv could not place: the shape stays unknown.
  }
  return { schema, name, side: 'missing', shape: shapeOfSchema(documented) }
}

/**
 * The members cause of the schema a documented body has (its first branch, where it has
 * alternatives): what an answer whose members differ from it is reported under, whichever check sees it.
 * @example membersCauseAt(document, '#/components/responses/NotFound/content/application~1json/schema') // 'members {error,success}'
 */
export function membersCauseAt(
  document: ContractDocument,
  pointer: string,
  member?: string,
  side: 'extra' | 'missing' = 'missing',
): string {
  const resolve = (raw: unknown, where: string) => {
    let found = document.follow(raw, where)
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(found.node[key]) && !found.node.properties)
        found = document.follow((found.node[key] as unknown[])[0], `${found.pointer}/${key}/0`)
    return found
  }
  let { node, pointer: at } = resolve(document.at(pointer), pointer)
  const inner = member === undefined ? undefined : (node.properties as JsonObject | undefined)?.[member]
  if (inner !== undefined) ({ node, pointer: at } = resolve(inner, `${at}/properties/${member}`))
  return causeKey.members(schemaLabel(document, at).key, side)
}

/**
 * The cause of a documented member answered under another name, at the schema a documented body
 * has (member-causes.ts pairs them): what a judgement that reads that member elsewhere reports a
 * difference of its reading under.
 * @example renamedCauseAt(document, '#/paths/~1adverts/get/responses/200/content/application~1json/schema', 'pagination') // 'member the object {success, data, pagination} pagination'
 */
export function renamedCauseAt(document: ContractDocument, pointer: string, member: string): string {
  const { pointer: at } = document.follow(document.at(pointer), pointer)
  return causeKey.renamed(schemaLabel(document, at).name, member)
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
