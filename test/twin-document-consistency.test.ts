import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from 'openapi3-ts/oas31'
import { expect, it } from 'vitest'
import { ContractDocument, SchemaValidator } from '../contract-tests/lib/index.js'
import { buildOpenApi } from '../src/openapi/build-openapi.js'
import type { Profile } from '../src/profile/profile.js'
import { OTHER_PROFILE } from './support/other-profile.js'
import { fixtureTwin } from './support/fixture-twin.js'

// A twin's document never contradicts itself (issue 30): each description, default and example it
// holds is read against the profile it was built from. The committed twin (learned from the
// independent server), and documents built from other profiles, one of them a Django-like style
// (400s, problems by field, a page past the end a 404, no bound on a description).

const twin = fixtureTwin()
const DJANGO_LIKE: Profile = {
  ...OTHER_PROFILE,
  errors: { ...OTHER_PROFILE.errors, statuses: { ...OTHER_PROFILE.errors.statuses, validation_failed: 400 } },
  lists: { ...OTHER_PROFILE.lists, params: { page: 'page', perPage: 'page_size' }, abovePerPageMax: 'refuse' },
  inputs: { ...OTHER_PROFILE.inputs, descriptionMaxLength: null, sendingLimitMax: 2_147_483_647 },
}
const CASES = [
  ['the committed twin', twin.document, twin.profile],
  ['another profile', buildOpenApi({ profile: OTHER_PROFILE }), OTHER_PROFILE],
  ['a Django-like profile', buildOpenApi({ profile: DJANGO_LIKE }), DJANGO_LIKE],
] as const

type Doc = {
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas: Record<string, SchemaObject> }
}

it.each(CASES)('%s: every example is one its schema accepts', (_name, built) => {
  const doc = built as unknown as Doc
  const document = new ContractDocument(built as unknown as Record<string, unknown>)
  const validator = new SchemaValidator(document)
  for (const [name, schema] of Object.entries(doc.components.schemas))
    for (const example of schema.examples ?? [])
      expect(validator.validate(`#/components/schemas/${name}`, example), name).toEqual([])
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
  let judged = 0
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const base = `#/paths/${escape(path)}/${method}`
      const places = Object.entries(operation.responses ?? {}).map(([status, response]) =>
        '$ref' in (response as object) ? (response as ReferenceObject).$ref : `${base}/responses/${status}`,
      )
      for (const place of places) {
        const content = (document.at(place) as { content?: Record<string, MediaTypeObject> }).content ?? {}
        for (const [media, body] of Object.entries(content))
          for (const example of Object.values(body.examples ?? {})) {
            judged++
            const value = (example as { value: unknown }).value
            expect(validator.validate(`${place}/content/${escape(media)}/schema`, value), `${place} ${media}`).toEqual(
              [],
            )
          }
      }
    }
  expect(judged).toBeGreaterThan(40)
})

it.each(CASES)("%s: the list parameters' names, defaults and bounds are the profile's", (_name, built, profile) => {
  const doc = built as unknown as Doc
  const { lists } = profile
  for (const path of ['/adverts', '/campaigns']) {
    const parameters = (doc.paths[path]!.get!.parameters ?? []) as ParameterObject[]
    const size = parameters.find((parameter) => parameter.name === lists.params.perPage)
    expect(size?.schema, path).toMatchObject({ default: lists.defaultPerPage })
    const maximum = (size?.schema as SchemaObject).maximum
    expect(maximum, path).toBe(lists.abovePerPageMax === 'refuse' ? lists.maxPerPage : undefined)
    const page = parameters.find((parameter) => parameter.name === lists.params.page)
    if (lists.params.page === null) expect(page).toBeUndefined()
    else expect((page?.schema as SchemaObject).maximum, path).toBe(lists.maxPage ?? undefined)
    const names = parameters.map((parameter) => parameter.name)
    expect(names, path).not.toContain(lists.params.perPage === 'per_page' ? 'page_size' : 'per_page')
  }
})

it.each(CASES)("%s: the input bounds are the profile's", (_name, built, profile) => {
  const { schemas } = (built as unknown as Doc).components
  const fields = (name: string, wrapper: string) =>
    (schemas[name]!.properties![wrapper] as SchemaObject).properties as Record<string, SchemaObject>
  const { inputs } = profile
  expect(fields('AdvertInput', 'advert').title!.maxLength).toBe(inputs.titleMaxLength)
  expect(fields('AdvertInput', 'advert').description!.maxLength).toBe(inputs.descriptionMaxLength ?? undefined)
  expect(fields('CampaignInput', 'campaign').cpm!.maximum).toBe(inputs.cpm.max)
  expect(fields('CampaignInput', 'campaign').sending_limit!.maximum).toBe(inputs.sendingLimitMax ?? undefined)
  const strict = schemas.AdvertInput!.additionalProperties === false
  expect(strict).toBe(inputs.unknownFields === 'refuse')
})

it.each(CASES)(
  '%s: every error status the operations document is the status its profile gives the code',
  (_name, built, profile) => {
    const doc = built as unknown as Doc
    const statuses = new Set(Object.values(profile.errors.statuses).map(String))
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const status of Object.keys(operation.responses ?? {}).filter((status) => Number(status) >= 400))
          expect(statuses.has(status), `${method.toUpperCase()} ${path} ${status}`).toBe(true)
    const validation = String(profile.errors.statuses.validation_failed)
    expect(Object.keys(doc.paths['/adverts']!.post!.responses ?? {})).toContain(validation)
  },
)
