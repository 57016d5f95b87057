import { expect, it } from 'vitest'
import { loadContractDocument } from './load-document.js'
import { negativeBodies, negativeQueries, onePerFieldAndKind, type NegativeCase } from './negative-data.js'

const campaignInput = {
  type: 'object',
  required: ['campaign'],
  additionalProperties: false,
  properties: {
    campaign: {
      type: 'object',
      required: ['advert_id', 'broadcasting_type', 'cpm'],
      additionalProperties: false,
      properties: {
        advert_id: { type: 'integer', exclusiveMinimum: 0 },
        broadcasting_type: { type: 'string', enum: ['active_ad', 'passive_ad'] },
        cpm: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
      },
    },
  },
}
const accepted = { campaign: { advert_id: 7, broadcasting_type: 'active_ad', cpm: 1.5 } }

it('derives a missing wrapper, wrong types, out-of-range numbers, an unknown enum, a foreign id and an unknown field', () => {
  const cases = negativeBodies(campaignInput, accepted, { foreignAdvertId: 99 })
  const byTitle = Object.fromEntries(cases.map((c) => [c.title, c.body]))
  expect(byTitle['missing wrapper: the fields of "campaign" at the top level']).toEqual(accepted.campaign)
  expect(byTitle['campaign.cpm has the wrong type']).toEqual({ campaign: { ...accepted.campaign, cpm: 'wrong-type' } })
  expect(byTitle['campaign.cpm=0 is out of range']).toEqual({ campaign: { ...accepted.campaign, cpm: 0 } })
  expect(byTitle['campaign.cpm=101 is out of range']).toEqual({ campaign: { ...accepted.campaign, cpm: 101 } })
  expect(byTitle['campaign.broadcasting_type has an unknown enum value']).toEqual({
    campaign: { ...accepted.campaign, broadcasting_type: '__contract_unknown__' },
  })
  expect(byTitle["campaign.advert_id is an advert the caller does not own (another account's)"]).toEqual({
    campaign: { ...accepted.campaign, advert_id: 99 },
  })
  expect(byTitle['required campaign.cpm is missing']).toEqual({
    campaign: { advert_id: 7, broadcasting_type: 'active_ad' },
  })
  expect(byTitle['unknown field campaign.__contract_unknown__']).toEqual({
    campaign: { ...accepted.campaign, __contract_unknown__: 1 },
  })
})

it('tags the refusals the spec itself implies as spec, the rest as contract', () => {
  const profiles = Object.fromEntries(negativeBodies(campaignInput, accepted).map((c) => [c.title, c.profile]))
  expect(profiles['missing wrapper: the fields of "campaign" at the top level']).toBe('spec')
  expect(profiles['campaign.advert_id has the wrong type']).toBe('spec')
  expect(profiles['campaign.broadcasting_type has an unknown enum value']).toBe('contract')
})

it('gives a bad e-mail for an email field', () => {
  const schema = {
    type: 'object',
    properties: { user: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } },
  }
  const cases = negativeBodies(schema, { user: { email: 'a@example.com' } })
  expect(cases).toContainEqual({
    title: 'user.email is not an e-mail address',
    profile: 'spec',
    field: 'user.email',
    kind: 'bad_format',
    body: { user: { email: 'not-an-email' } },
  })
})

it('varies only the fields the accepted body had, and nothing without a schema or a body', () => {
  const cases = negativeBodies(campaignInput, { campaign: { cpm: 2 } })
  expect(cases.some((c) => c.title.includes('advert_id'))).toBe(false)
  expect(negativeBodies(undefined, accepted)).toEqual([])
  expect(negativeBodies(campaignInput, undefined)).toEqual([])
})

it('derives invalid query values: not a number, out of range, unknown enum', () => {
  const cases = negativeQueries([
    { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
    { name: 'enabled', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
    { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
  ])
  expect(cases.map((c) => c.query)).toEqual([
    { per_page: 'abc' },
    { per_page: '0' },
    { per_page: '101' },
    { enabled: '__contract_unknown__' },
  ])
})

it('refers to a nonexistent advert by an id within the bounds the schema sets, without a foreign one', () => {
  const bounded = structuredClone(campaignInput)
  Object.assign(bounded.properties.campaign.properties.advert_id, { maximum: 5000 })
  const title = 'campaign.advert_id is an advert the caller does not own (nonexistent)'
  expect(negativeBodies(bounded, accepted).find((c) => c.title === title)?.body).toEqual({
    campaign: { ...accepted.campaign, advert_id: 5000 },
  })
  expect(negativeBodies(campaignInput, accepted).find((c) => c.title === title)?.body).toEqual({
    campaign: { ...accepted.campaign, advert_id: 2_147_483_646 },
  })
})

it('keeps, for POST /campaigns in the real document, sending_limit=0, the missing sending_limit and the unknown field', async () => {
  const document = await loadContractDocument('openapi/openapi.json')
  const accepted = { campaign: { advert_id: 3, broadcasting_type: 'passive_ad', cpm: 7.04, sending_limit: 62405 } }
  const cases = negativeBodies(document.get('POST /campaigns')?.requestBody?.schema, accepted, { foreignAdvertId: 99 })
  const byTitle = Object.fromEntries(cases.map((c) => [c.title, c.body]))
  expect(byTitle['campaign.sending_limit=0 is out of range']).toEqual({
    campaign: { ...accepted.campaign, sending_limit: 0 },
  })
  expect(byTitle['required campaign.sending_limit is missing']).toEqual({
    campaign: { advert_id: 3, broadcasting_type: 'passive_ad', cpm: 7.04 },
  })
  expect(byTitle['unknown field campaign.__contract_unknown__']).toEqual({
    campaign: { ...accepted.campaign, __contract_unknown__: 1 },
  })
  // Every field keeps one case of every kind that applies to it, and the count stays within 3 + 8 per field.
  const kindsOf = (field: string) => cases.filter((c) => c.field === field).map((c) => c.kind)
  expect(kindsOf('campaign')).toEqual(['missing_wrapper', 'wrapper_not_object', 'unknown_field'])
  expect(kindsOf('campaign.advert_id')).toEqual(['wrong_type', 'below_range', 'foreign_reference', 'missing_required'])
  expect(kindsOf('campaign.broadcasting_type')).toEqual(['wrong_type', 'unknown_enum', 'missing_required'])
  expect(kindsOf('campaign.cpm')).toEqual([
    'wrong_type',
    'below_range',
    'above_range',
    'not_a_multiple',
    'missing_required',
  ])
  expect(kindsOf('campaign.sending_limit')).toEqual(['wrong_type', 'below_range', 'above_range', 'missing_required'])
  expect(cases.length).toBeLessThanOrEqual(3 + 8 * 4)
})

it('drops no field of a wide body: each of twenty fields keeps its wrong type and its missing case', () => {
  const names = Array.from({ length: 20 }, (_, i) => `f${i}`)
  const schema = {
    type: 'object',
    required: names,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'integer', minimum: 1 }])),
  }
  const cases = negativeBodies(schema, Object.fromEntries(names.map((n) => [n, 5])))
  for (const name of names) {
    expect(cases.filter((c) => c.field === name).map((c) => c.kind)).toEqual([
      'wrong_type',
      'below_range',
      'missing_required',
    ])
  }
  expect(cases.filter((c) => c.kind === 'unknown_field')).toHaveLength(1)
  expect(cases).toHaveLength(20 * 3 + 1)
})

it('selects the first case of each field and kind, and nothing else', () => {
  const make = (field: string, kind: NegativeCase['kind'], title: string): NegativeCase => ({
    title,
    profile: 'contract',
    field,
    kind,
    body: {},
  })
  const cases = [
    make('a', 'wrong_type', '1'),
    make('a', 'wrong_type', '2'),
    make('a', 'below_range', '3'),
    make('b', 'wrong_type', '4'),
  ]
  expect(onePerFieldAndKind(cases).map((c) => c.title)).toEqual(['1', '3', '4'])
})

it('gives a number half a step off a fractional multipleOf, within the bounds', () => {
  const schema = {
    type: 'object',
    properties: { cpm: { type: 'number', exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01 } },
  }
  expect(negativeBodies(schema, { cpm: 7.04 }).find((c) => c.kind === 'not_a_multiple')?.body).toEqual({ cpm: 7.045 })
  expect(negativeBodies(schema, { cpm: 100 }).find((c) => c.kind === 'not_a_multiple')?.body).toEqual({ cpm: 99.995 })
})

it('gives a string one shorter than its minLength', () => {
  const schema = {
    type: 'object',
    properties: { advert: { type: 'object', properties: { title: { type: 'string', minLength: 1, maxLength: 3 } } } },
  }
  const cases = negativeBodies(schema, { advert: { title: 'abc' } })
  expect(cases.find((c) => c.title === 'advert.title is shorter than 1')?.body).toEqual({ advert: { title: '' } })
  expect(cases.find((c) => c.title === 'advert.title is longer than 3')?.body).toEqual({ advert: { title: 'xxxx' } })
})
