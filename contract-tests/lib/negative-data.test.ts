import { expect, it } from 'vitest'
import { negativeBodies, negativeQueries } from './negative-data.js'

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
  expect(byTitle['campaign.broadcasting_type has an unknown enum value']).toEqual({ campaign: { ...accepted.campaign, broadcasting_type: '__contract_unknown__' } })
  expect(byTitle["campaign.advert_id is an advert the caller does not own (another account's)"]).toEqual({ campaign: { ...accepted.campaign, advert_id: 99 } })
  expect(byTitle['required campaign.cpm is missing']).toEqual({ campaign: { advert_id: 7, broadcasting_type: 'active_ad' } })
  expect(byTitle['unknown field campaign.__contract_unknown__']).toEqual({ campaign: { ...accepted.campaign, __contract_unknown__: 1 } })
})

it('tags the refusals the spec itself implies as spec, the rest as contract', () => {
  const profiles = Object.fromEntries(negativeBodies(campaignInput, accepted).map((c) => [c.title, c.profile]))
  expect(profiles['missing wrapper: the fields of "campaign" at the top level']).toBe('spec')
  expect(profiles['campaign.advert_id has the wrong type']).toBe('spec')
  expect(profiles['campaign.broadcasting_type has an unknown enum value']).toBe('contract')
})

it('gives a bad e-mail for an email field', () => {
  const schema = { type: 'object', properties: { user: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } } }
  const cases = negativeBodies(schema, { user: { email: 'a@example.com' } })
  expect(cases).toContainEqual({ title: 'user.email is not an e-mail address', profile: 'spec', body: { user: { email: 'not-an-email' } } })
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
  expect(cases.map((c) => c.query)).toEqual([{ per_page: 'abc' }, { per_page: '0' }, { per_page: '101' }, { enabled: '__contract_unknown__' }])
})

it('refers to a nonexistent advert by an id within the bounds the schema sets, without a foreign one', () => {
  const bounded = structuredClone(campaignInput)
  Object.assign(bounded.properties.campaign.properties.advert_id, { maximum: 5000 })
  const title = 'campaign.advert_id is an advert the caller does not own (nonexistent)'
  expect(negativeBodies(bounded, accepted).find((c) => c.title === title)?.body).toEqual({ campaign: { ...accepted.campaign, advert_id: 5000 } })
  expect(negativeBodies(campaignInput, accepted).find((c) => c.title === title)?.body).toEqual({ campaign: { ...accepted.campaign, advert_id: 2_147_483_646 } })
})
