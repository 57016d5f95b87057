import type { MediaTypeObject, OperationObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31'
import { expect, it } from 'vitest'
import { ContractDocument, SchemaValidator } from '../../contract-tests/lib/index.js'
import pkg from '../../package.json' with { type: 'json' }
import { DEFAULT_TIER_LIMITS } from '../domain/tiers.js'
import { adminOperations } from '../operations/control-plane.js'
import { hasIdParam } from '../operations/define-operation.js'
import { operations } from '../operations/api.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'

const PAGE_SIZE = { max: DEFAULT_PROFILE.lists.maxPerPage, default: DEFAULT_PROFILE.lists.defaultPerPage }
import { buildAdminOpenApi } from './build-admin-openapi.js'
import { buildOpenApi } from './build-openapi.js'

const doc = buildOpenApi()
const operationOf = (op: (typeof operations)[number]) => doc.paths![op.path]![op.method] as OperationObject
const deref = <T>(value: T | ReferenceObject): T =>
  '$ref' in (value as object) ? (doc.components!.responses![(value as ReferenceObject).$ref.split('/').pop()!] as T) : (value as T)

it(`documents each of the ${operations.length} operations once, as declared`, () => {
  for (const op of operations) {
    expect(operationOf(op)).toMatchObject({ operationId: op.operationId, summary: op.summary, tags: [op.tag], security: [{ ApiKeyAuth: [] }] })
  }
  const documented = Object.values(doc.paths!).flatMap((item) => Object.values(item))
  expect(documented).toHaveLength(15)
})

it('derives each operation\'s statuses from its declaration', () => {
  for (const op of operations) {
    const statuses = Object.keys(operationOf(op).responses!).map(Number)
    const expected = [op.response.status, 401, 429]
    if (hasIdParam(op)) expected.push(404)
    // A body sent where none is taken is a 422 too, on every method that can carry one.
    if (op.body || op.query || op.errors?.length || op.method !== 'get') expected.push(422)
    // The listener's body reader answers these before any operation, for any method that carries a body.
    if (op.method !== 'get') expected.push(400, 413, 415)
    expect(statuses.sort(), op.operationId).toEqual(expected.sort())
  }
  // Deleting takes no body, so its 422 is either a body sent anyway or the advert still in use.
  const deleteAdvert422 = doc.paths!['/adverts/{id}']!.delete!.responses!['422'] as ResponseObject
  expect(deleteAdvert422.description).toMatch(/`validation_failed`.*`advert_in_use`/)
  expect((deleteAdvert422.content!['application/json']!.schema as SchemaObject).anyOf).toHaveLength(2)
  // Creating is a 422 for input that breaks the schema, or for one record past the account's cap.
  for (const path of ['/campaigns', '/adverts']) {
    const create422 = doc.paths![path]!.post!.responses!['422'] as ResponseObject
    expect(create422.description).toMatch(/`validation_failed`.*`resource_limit_reached`/)
    expect((create422.content!['application/json']!.schema as SchemaObject).anyOf).toHaveLength(2)
  }
})

it('names the components as the spec does', () => {
  expect(Object.keys(doc.components!.schemas!)).toEqual(
    expect.arrayContaining(['User', 'Advert', 'AdvertInput', 'Campaign', 'CampaignInput', 'CampaignDetailed', 'Pagination', 'Error', 'ValidationError']),
  )
  expect(Object.keys(doc.components!.responses!)).toEqual(expect.arrayContaining(['Unauthorized', 'NotFound', 'ValidationError', 'RateLimitExceeded']))
})

it('lists the rate-limit headers on authenticated responses, Retry-After on 429, none on 401', () => {
  const headers = (response: ResponseObject | ReferenceObject) => Object.keys(deref<ResponseObject>(response).headers ?? {})
  const get = doc.paths!['/campaigns/{id}']!.get!.responses!
  expect(headers(get['200'])).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'])
  expect(headers(get['404'])).toHaveLength(5)
  expect(headers(get['429'])).toContain('Retry-After')
  expect(headers(get['401'])).toEqual([])
  expect(doc.components!.headers!['X-RateLimit-Reset']).toMatchObject({ required: true, schema: { type: 'integer' } })
})

it('takes query parameters and their bounds from the zod query schema', () => {
  const params = doc.paths!['/campaigns']!.get!.parameters as ParameterObject[]
  expect(params.map((p) => p.name)).toEqual(['page', 'per_page', 'enabled', 'advert_id', 'broadcasting_type'])
  expect(params.find((p) => p.name === 'per_page')).toMatchObject({
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE.max, default: PAGE_SIZE.default },
  })
  expect(params.find((p) => p.name === 'advert_id')!.schema).toMatchObject({ type: 'integer', exclusiveMinimum: 0 })
})

it('describes bodies as input and responses as output (a defaulted field is optional only in input)', () => {
  const schemas = doc.components!.schemas! as Record<string, { required?: string[]; properties?: Record<string, { required?: string[] }> }>
  expect(schemas.AdvertInput!.properties!.advert!.required).toEqual(['title'])
  expect(schemas.Advert!.required).toContain('description')
})

it.each([
  ['public', doc, operations],
  ['control-plane', buildAdminOpenApi(), adminOperations],
] as const)('gives every schema and every operation of the %s document an example that its schema accepts', (_name, doc, list) => {
  // Judged by the contract library's reader and validator, as a deployment's answers are.
  const document = new ContractDocument(doc as unknown as Record<string, unknown>)
  const validator = new SchemaValidator(document)
  for (const [name, schema] of Object.entries(doc.components!.schemas!)) {
    const { examples } = schema as SchemaObject
    expect(examples, name).toHaveLength(1)
    expect(validator.validate(`#/components/schemas/${name}`, examples![0]), name).toEqual([])
  }
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
  const at = (pointer: string) => `${pointer}/content/application~1json`
  for (const op of list) {
    const operation = doc.paths![op.path]![op.method] as OperationObject
    const base = `#/paths/${escape(op.path)}/${op.method}`
    const places = Object.entries(operation.responses!).map(([status, response]) =>
      '$ref' in response ? at((response as ReferenceObject).$ref) : at(`${base}/responses/${status}`),
    )
    if (operation.requestBody) places.push(at(`${base}/requestBody`))
    for (const place of places) {
      const { examples } = document.at(place) as MediaTypeObject
      const values = Object.values(examples ?? {}).map((e) => (e as { value: unknown }).value)
      expect(values.length, place).toBeGreaterThan(0)
      for (const value of values) expect(validator.validate(`${place}/schema`, value), place).toEqual([])
    }
  }
})

it('states the version, the servers and the choices the mock makes', () => {
  expect(doc.openapi).toBe('3.1.0')
  expect(doc.info.version).toBe(pkg.version)
  expect(doc.servers!.map((s) => s.url)).toEqual(['http://127.0.0.1:4010/api/v1', '{base_url}'])
  expect(buildOpenApi({ serverUrl: 'http://127.0.0.1:9999/api/v1' }).servers![0]!.url).toBe('http://127.0.0.1:9999/api/v1')
  expect(doc.info.description).toContain(`| \`free\` | ${DEFAULT_TIER_LIMITS.free.per_minute} | ${DEFAULT_TIER_LIMITS.free.per_day} |`)
  expect(doc.components!.securitySchemes!.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' })
})

it('documents the control plane apart, behind an optional admin token', () => {
  const admin = buildAdminOpenApi()
  expect(Object.keys(admin.paths!)).not.toContain('/campaigns')
  expect(Object.keys(doc.paths!).some((path) => path.startsWith('/__admin') || path === '/reset')).toBe(false)
  expect(admin.components!.securitySchemes!.AdminToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Admin-Token' })
  expect(admin.paths!['/reset']!.post!.security).toEqual([{ AdminToken: [] }, {}])
  expect(admin.paths!['/reset']!.post!.responses!['403']).toEqual({ $ref: '#/components/responses/AdminForbidden' })
})

it('states list order, filters, initial values, the toggle and invariants as x- fields a contract suite can read', () => {
  const listCampaigns = doc.paths!['/campaigns']!.get as OperationObject
  expect(listCampaigns['x-list']).toEqual({
    order: [{ field: 'id', direction: 'desc' }],
    filters: ['enabled', 'advert_id', 'broadcasting_type'].map((name) => ({ param: name, field: name, match: 'equals' })),
    paging: { page: 'page', per_page: 'per_page', pagination: 'pagination' },
  })
  expect((doc.paths!['/adverts']!.get as OperationObject)['x-list']).toMatchObject({ filters: [] })
  expect((doc.paths!['/campaigns']!.post as OperationObject)['x-initial-values']).toEqual({ enabled: true, sending_count: 0 })
  expect((doc.paths!['/campaigns/{id}/toggle']!.post as OperationObject)['x-toggles']).toEqual({ field: 'enabled', touches: ['updated_at', 'sending_count'] })
  const schemas = doc.components!.schemas as Record<string, SchemaObject>
  expect(schemas.Campaign!['x-invariants']).toContainEqual({ field: 'sending_count', lte: 'sending_limit' })
  // Every filter names a field the listed items have.
  for (const path of ['/campaigns', '/adverts']) {
    const list = (doc.paths![path]!.get as OperationObject)['x-list'] as { filters: { field: string }[] }
    const item = path === '/campaigns' ? 'Campaign' : 'Advert'
    for (const filter of list.filters) expect(Object.keys(schemas[item]!.properties!)).toContain(filter.field)
  }
})

it('states the facts two places report as x-consistency, derived from the declarations: lists, writes and views against the read of the same resource', () => {
  const op = (path: string, method: 'get' | 'post' | 'patch' | 'delete') => doc.paths![path]![method] as OperationObject
  const facts = (path: string, method: 'get' | 'post' | 'patch' | 'delete') => op(path, method)['x-consistency'] as Array<Record<string, unknown>>
  const campaignFields = ['id', 'advert_id', 'broadcasting_type', 'cpm', 'sending_limit', 'sending_count', 'enabled', 'created_at', 'updated_at']
  // A list's items are the items read one by one; advert_title is the title of the advert advert_id names.
  expect(facts('/campaigns', 'get')).toEqual([
    { read: 'getCampaign', params: { id: 'id' }, fields: Object.fromEntries(campaignFields.map((field) => [field, field])) },
    { read: 'getAdvert', params: { id: 'advert_id' }, fields: { advert_title: 'title' } },
  ])
  // The embedded advert is the one advert_id names, as GET /adverts/{id} answers it.
  expect(facts('/campaigns/{id}', 'get')).toContainEqual(expect.objectContaining({ at: 'advert', read: 'getAdvert', params: { id: 'advert_id' } }))
  expect(facts('/user/balance', 'get')).toEqual([{ read: 'getUser', fields: { balance_usd: 'balance_usd', total_topups_usd: 'total_topups_usd' } }])
  expect(facts('/user', 'patch')[0]).toMatchObject({ read: 'getUser' })
  expect(facts('/user/reset_api_key', 'post')[0]).toMatchObject({ read: 'getUser' })
  // A delete answers the resource as it was.
  expect(facts('/adverts/{id}', 'delete')[0]).toMatchObject({ read: 'getAdvert', state: 'before' })
  const schemas = doc.components!.schemas as Record<string, SchemaObject>
  for (const name of ['Campaign', 'CampaignDetailed', 'Advert', 'User']) {
    expect(schemas[name]!['x-immutable']).toEqual(['id', 'created_at'])
    expect(schemas[name]!['x-write-stamp']).toMatchObject({ field: 'updated_at' })
  }
  const headers = doc.components!.headers as Record<string, Record<string, unknown>>
  expect(headers['X-RateLimit-Limit']!['x-consistency']).toMatchObject({ read: 'getUser', windows: { 60: 'api_tier_limits.per_minute', 86400: 'api_tier_limits.per_day' } })
  expect(headers.RateLimit!['x-consistency']).toEqual({ agrees: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] })
})
