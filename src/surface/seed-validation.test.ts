import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockApi } from './create-mock-api.js'
import { ApiError } from '../errors/api-error.js'
import type { DatasetInput } from '../schemas/dataset.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'

// Seeding validates each campaign once, in its collection's create; a refusal still names the field.
const withFirstCampaign = (change: Record<string, unknown>): DatasetInput => {
  const fixtures = structuredClone(DEFAULT_FIXTURES) as DatasetInput
  Object.assign(fixtures.campaigns[0]!, change)
  return fixtures
}

describe('createMockApi refuses fixtures whose campaigns are wrong, naming the field', () => {
  afterEach(() => vi.restoreAllMocks())
  const cases: [string, Record<string, unknown>, { field: string; message?: string }][] = [
    ['a negative cpm (caught by the collection)', { cpm: -1 }, { field: 'campaigns.0.cpm' }],
    ['an unknown field', { colour: 'red' }, { field: 'campaigns.0.colour', message: 'is not a known field' }],
    [
      'an advert id of the wrong type (the schema speaks before the references)',
      { advert_id: '1' },
      { field: 'campaigns.0.advert_id' },
    ],
    [
      'an advert that does not exist',
      { advert_id: 99 },
      { field: 'fixtures', message: 'Campaign 1: advert 99 does not exist' },
    ],
  ]
  it.each(cases)('%s', async (_, change, expected) => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // @msw/data prints the issues it refuses
    const refusal = await createMockApi({ fixtures: withFirstCampaign(change) }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect((refusal as ApiError).status).toBe(422)
    expect((refusal as ApiError).fields).toEqual([expect.objectContaining(expected)])
  })

  it('loads valid fixtures whole', async () => {
    const api = await createMockApi({ fixtures: DEFAULT_FIXTURES })
    expect(api.context.store.counts()).toEqual({
      users: DEFAULT_FIXTURES.users.length,
      adverts: DEFAULT_FIXTURES.adverts.length,
      campaigns: DEFAULT_FIXTURES.campaigns.length,
    })
  })
})
