import type { OpenAPIObject } from 'openapi3-ts/oas31'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'

// The document of a profile: the default document, built from the schemas and declarations, with
// each silent choice the profile makes otherwise written in (codes and statuses, the problem list,
// extra fields, header family, list keys and order, deletes, embedding, enums and bounds). The
// default profile's document is the default document, byte for byte.

type Json = Record<string, any>

/**
 * The document that describes a mock (or a deployment) with this profile.
 * @example profileDocument(buildOpenApi(), twin.profile).paths?.['/campaigns/{id}']?.delete?.responses // { 204: … }
 */
export function profileDocument(document: OpenAPIObject, profile: Profile): OpenAPIObject {
  if (profile === DEFAULT_PROFILE) return document
  const doc = structuredClone(document) as Json
  const schemas = doc.components.schemas as Json
  describeResources(schemas, profile)
  describeInputs(doc, schemas, profile)
  describeErrors(doc, schemas, profile)
  describeHeaders(doc, profile)
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const [method, operation] of Object.entries(item as Json))
      describeOperation(doc, path, method, operation, profile)
  renameCodesInExamples(doc, profile)
  return doc as OpenAPIObject
}

/** Extra fields, enums and bounds of the resources. */
function describeResources(schemas: Json, { resources, rateLimits, inputs }: Profile): void {
  const extra = (schema: Json, fields: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(fields)) schema.properties[name] = typeOfValue(value)
  }
  extra(schemas.User, resources.extraFields.user)
  extra(schemas.Balance, resources.extraFields.balance)
  extra(schemas.Advert, resources.extraFields.advert)
  extra(schemas.Campaign, resources.extraFields.campaign)
  schemas.User.properties.api_tier.enum = Object.keys(rateLimits.tiers)
  for (const name of ['Campaign', 'CampaignInput', 'CampaignUpdateInput']) {
    const fields = name === 'Campaign' ? schemas[name].properties : schemas[name].properties.campaign.properties
    fields.broadcasting_type.enum = [...resources.broadcastingTypes]
    fields.cpm.maximum = inputs.cpm.max
    if (inputs.cpm.decimals === null) delete fields.cpm.multipleOf
    else fields.cpm.multipleOf = 10 ** -inputs.cpm.decimals
  }
  schemas.Advert.properties.title.maxLength = inputs.titleMaxLength
  for (const name of ['AdvertInput', 'AdvertUpdateInput'])
    schemas[name].properties.advert.properties.title.maxLength = inputs.titleMaxLength
}

/** Unknown fields ignored: the inputs no longer refuse them; the list parameters' page sizes. */
function describeInputs(doc: Json, schemas: Json, { inputs, lists }: Profile): void {
  if (inputs.unknownFields === 'ignore')
    for (const name of ['UserUpdateInput', 'CampaignInput', 'CampaignUpdateInput', 'AdvertInput', 'AdvertUpdateInput'])
      walk(schemas[name], (node) => void delete node.additionalProperties)
  for (const item of Object.values(doc.paths as Json))
    for (const operation of Object.values(item as Json))
      for (const parameter of (operation as Json).parameters ?? []) {
        if (parameter.name !== 'per_page') continue
        parameter.schema.default = lists.defaultPerPage
        if (lists.abovePerPageMax === 'refuse') parameter.schema.maximum = lists.maxPerPage
        else delete parameter.schema.maximum
        parameter.description = `Records per page (default ${lists.defaultPerPage}, at most ${lists.maxPerPage}${lists.abovePerPageMax === 'clamp' ? '; more counts as the most' : ''}).`
      }
  schemas.Pagination.properties.per_page.maximum = lists.maxPerPage
}

/** The error body: code names, the problem list's shape, extra fields. */
function describeErrors(doc: Json, schemas: Json, { errors }: Profile): void {
  const code = schemas.Error.properties.code
  // The codes only a profile answers with (403 forbidden, 405 method_not_allowed) join those it renames.
  const answered = [
    ...code.enum,
    ...(errors.foreignStatus === 403 ? ['forbidden'] : []),
    ...(errors.unsupportedMethodStatus === 405 ? ['method_not_allowed'] : []),
  ]
  code.enum = answered.map((name: string) => errors.codes[name] ?? name)
  for (const name of ['Error', 'ValidationError'])
    for (const [field, value] of Object.entries(errors.extraFields)) schemas[name].properties[field] = typeOfValue(value)
  const { key, field, message } = errors.problems
  const problems = schemas.ValidationError.properties.fields
  delete schemas.ValidationError.properties.fields
  schemas.ValidationError.properties[key] = problems
  schemas.ValidationError.required = schemas.ValidationError.required.map((name: string) => (name === 'fields' ? key : name))
  const item = schemas.FieldError
  item.properties = { [field]: item.properties.field, [message]: item.properties.message }
  item.required = [field, message]
  // Every `code` a schema pins to one value (an error response's), by its wire name.
  walk(doc, (node) => {
    if (node.properties?.code && typeof node.properties.code.const === 'string')
      node.properties.code.const = errors.codes[node.properties.code.const] ?? node.properties.code.const
  })
}

/** The rate-limit headers the profile does not send are gone from every answer. */
function describeHeaders(doc: Json, { rateLimits }: Profile): void {
  const dropped =
    rateLimits.headers === 'ietf'
      ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
      : rateLimits.headers === 'x-ratelimit'
        ? ['RateLimit-Policy', 'RateLimit']
        : []
  for (const name of dropped) delete doc.components.headers?.[name]
  walk(doc, (node) => {
    if (node.headers && typeof node.headers === 'object') for (const name of dropped) delete node.headers[name]
  })
  // RateLimit agrees with the X- family only where both are sent.
  if (dropped.length > 0) delete doc.components.headers?.RateLimit?.['x-consistency']
}

/** One operation: statuses of its errors, a 403 for another account's resource, deletes, embedding, lists. */
function describeOperation(doc: Json, path: string, method: string, operation: Json, profile: Profile): void {
  const { errors, resources, lists } = profile
  const named = (code: string) => (found: string) => found === code || found === errors.codes[code]
  moveStatus(doc, operation, 422, errors.validationStatus, named('validation_failed'))
  moveStatus(doc, operation, 422, errors.advertInUseStatus, named('advert_in_use'))
  if (errors.foreignStatus === 403 && path.includes('{id}') && operation.responses['404'])
    operation.responses['403'] = forbiddenResponse(operation.responses['404'], errors.codes.forbidden ?? 'forbidden')
  if (method === 'delete') {
    const kind = path.startsWith('/campaigns') ? 'campaign' : 'advert'
    if (resources.deletes[kind].status === 204) {
      const { headers } = operation.responses['200']
      delete operation.responses['200']
      operation.responses['204'] = { description: 'No Content: deleted.', ...(headers ? { headers } : {}) }
      // No body reports the deleted resource: nothing to compare with its last read.
      delete operation['x-consistency']
    }
  }
  if (method === 'get' && path === '/campaigns/{id}' && !resources.campaignDetailEmbedsAdvert) {
    const schema = operation.responses['200'].content['application/json'].schema
    schema.properties.data = { $ref: '#/components/schemas/Campaign' }
    operation['x-consistency'] = (operation['x-consistency'] ?? []).filter((fact: Json) => fact.at !== 'advert')
  }
  if (operation['x-list']) {
    const envelope = operation.responses['200'].content['application/json'].schema
    envelope.properties[lists.paginationKey] = envelope.properties.pagination
    if (lists.paginationKey !== 'pagination') delete envelope.properties.pagination
    for (const [name, value] of Object.entries(lists.extraKeys)) envelope.properties[name] = typeOfValue(value)
    envelope.required = envelope.required.map((name: string) => (name === 'pagination' ? lists.paginationKey : name))
    operation['x-list'].paging.pagination = lists.paginationKey
    operation['x-list'].order = [{ field: 'id', direction: lists.order === 'newest_first' ? 'desc' : 'asc' }]
  }
  if (operation['x-initial-values']) operation['x-initial-values'].enabled = resources.newCampaignEnabled
}

/**
 * Moves the branches of a status whose code `matches` to another status (422 validation to 400,
 * say). Where the operation documents that status already (400 `invalid_json`), the two are one
 * response: each branch, the headers both have, both descriptions.
 */
function moveStatus(doc: Json, operation: Json, from: number, to: number, matches: (codeName: string) => boolean): void {
  const response = operation.responses[from]
  if (from === to || !response) return
  const schema = response.content?.['application/json']?.schema
  const branches: Json[] = schema?.anyOf ?? [schema ?? response]
  const moving = branches.filter((branch) => matches(codeOf(branch)))
  if (moving.length === 0) return
  const staying = branches.filter((branch) => !moving.includes(branch))
  const already = operation.responses[to]
  operation.responses[to] = already
    ? joinResponses(resolved(doc, already), resolved(doc, response), moving.map(codeOf), from, to)
    : response.$ref
      ? { $ref: response.$ref }
      : { ...response, content: { 'application/json': { schema: oneOrAny(moving) } } }
  if (staying.length === 0) delete operation.responses[from]
  else response.content['application/json'].schema = oneOrAny(staying)
}

/** One response of two: the first's branches and those of the second whose codes are `codes`, the headers both have. */
function joinResponses(first: Json, second: Json, codes: string[], from: number, to: number): Json {
  const branchesOf = (response: Json): Json[] => {
    const schema = response.content?.['application/json']?.schema
    return schema ? (schema.anyOf ?? [schema]) : []
  }
  const added = branchesOf(second).filter((branch) => codes.includes(codeOf(branch)))
  const headers = Object.fromEntries(
    Object.entries(first.headers ?? {}).filter(([name]) => name in (second.headers ?? {})),
  )
  const examples = { ...first.content?.['application/json']?.examples, ...second.content?.['application/json']?.examples }
  const described = codes.reduce(
    (text: string, code) => text.replaceAll(`${from} \`${code}\``, `${to} \`${code}\``),
    String(second.description ?? ''),
  )
  return {
    description: `${first.description} Or ${described}`,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: { 'application/json': { schema: oneOrAny([...branchesOf(first), ...added]), examples } },
  }
}

/** A response, or the component response its `$ref` names (a copy). */
function resolved(doc: Json, response: Json): Json {
  const name = typeof response.$ref === 'string' ? response.$ref.split('/').pop() : undefined
  return structuredClone(name ? doc.components.responses[name] : response)
}

/** The 403 of another account's resource, with the headers of the operation's 404. */
function forbiddenResponse(like: Json, wireName: string): Json {
  return {
    description: `403 \`${wireName}\`: the resource belongs to another account.`,
    ...(like.headers ? { headers: like.headers } : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            success: { type: 'boolean', const: false },
            error: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', const: wireName } }, required: ['code'] }] },
          },
          required: ['success', 'error'],
        },
      },
    },
  }
}

/** The code a branch of an error response pins, if any. */
function codeOf(branch: Json): string {
  let found = ''
  walk(branch, (node) => {
    if (!found && typeof node.properties?.code?.const === 'string') found = node.properties.code.const
    if (!found && typeof node.$ref === 'string' && node.$ref.endsWith('/ValidationError')) found = 'validation_failed'
  })
  return found
}

const oneOrAny = ([first, ...rest]: Json[]): Json => (first && rest.length === 0 ? first : { anyOf: [first, ...rest] })

/** Error codes in the examples, by their wire names. */
function renameCodesInExamples(doc: Json, { errors }: Profile): void {
  walk(doc, (node) => {
    if (node.success === false && typeof node.error?.code === 'string')
      node.error.code = errors.codes[node.error.code] ?? node.error.code
  })
}

/** A JSON Schema for a value an extra field holds. */
function typeOfValue(value: unknown): Json {
  if (typeof value === 'string') return { type: 'string' }
  if (typeof value === 'number') return { type: 'number' }
  if (typeof value === 'boolean') return { type: 'boolean' }
  return {}
}

/** Calls `visit` on every object in a JSON value, depth first. */
function walk(value: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(value)) for (const item of value) walk(item, visit)
  else if (value && typeof value === 'object') {
    visit(value as Json)
    for (const child of Object.values(value)) walk(child, visit)
  }
}
