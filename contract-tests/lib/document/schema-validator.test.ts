import { beforeAll, expect, it } from 'vitest'
import type { ContractDocument } from './document.js'
import { loadContractDocument } from './load-document.js'
import { SchemaValidator } from './schema-validator.js'

let document: ContractDocument
let validator: SchemaValidator

beforeAll(async () => {
  document = await loadContractDocument('openapi/openapi.json')
  validator = new SchemaValidator(document)
})

const cents = { type: 'number', multipleOf: 0.01 }

it.each([19.99, 1.13, 0.07, 0.29, 0.57, 4.18, 99_999.99])(
  'takes %s as a whole number of cents (multipleOf 0.01), though dividing it by 0.01 in floats gives no integer',
  (value) => {
    expect(validator.validateWith(cents, value)).toEqual([])
  },
)

it.each([19.995, 0.001, 1.005, 12.3456])('still refuses %s, which is not a whole number of cents', (value) => {
  expect(validator.validateWith(cents, value)).toEqual(['(root) must be multiple of 0.01'])
})

it('accepts cents across the whole documented range: a cpm of 19.99 and a balance of 999,999,999.99', () => {
  const created = document.response(document.get('POST /campaigns')!, 201)!.schemaPointer!
  const campaign = {
    id: 1,
    advert_id: 1,
    advert_title: 'A',
    broadcasting_type: 'active_ad',
    cpm: 19.99,
    sending_limit: 10,
    sending_count: 0,
    enabled: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }
  expect(validator.validate(created, { success: true, data: campaign })).toEqual([])
  const balance = document.response(document.get('GET /user/balance')!, 200)!.schemaPointer!
  expect(
    validator.validate(balance, {
      success: true,
      data: { balance_usd: 999_999_999.99, total_topups_usd: 999_980_000.06 },
    }),
  ).toEqual([])
})

it('reports a failed anyOf through its closest branch, not "must match a schema in anyOf" and every branch', () => {
  const alternatives = {
    anyOf: [
      {
        type: 'object',
        properties: { code: { const: 'validation_failed' }, fields: { type: 'array' } },
        required: ['code', 'fields'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: { code: { const: 'limit_reached' } },
        required: ['code'],
        additionalProperties: false,
      },
    ],
  }
  const wrapped = { type: 'object', properties: { error: alternatives } }
  const own = new SchemaValidator({
    raw: { components: { schemas: { Wrapped: wrapped } } },
  } as unknown as ContractDocument)
  expect(own.validate('#/components/schemas/Wrapped', { error: { code: 'invalid_request', fields: [] } })).toEqual([
    '/error/code must be equal to constant ("validation_failed")',
  ])
  expect(own.validate('#/components/schemas/Wrapped', { error: { code: 'limit_reached' } })).toEqual([])
  expect(own.validate('#/components/schemas/Wrapped', { error: { code: 'limit_reached', extra: 1 } })).toEqual([
    '/error must NOT have additional properties (extra)',
  ])
})
