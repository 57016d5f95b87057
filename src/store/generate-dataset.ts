import { Faker, en } from '@faker-js/faker'
import { BROADCASTING_TYPES } from '../schemas/campaign.js'
import type { Dataset } from '../schemas/dataset.js'
import { API_TIERS, GENERATED_EMAIL_DOMAIN } from '../schemas/user.js'
import { must } from './must.js'

export interface GenerateDatasetOptions {
  /** Same seed, same dataset. */
  seed?: number
  users?: number
  advertsPerUser?: number
  campaignsPerAdvert?: number
  /** Timestamps fall in the year before this instant (fixed by default, so output is stable). */
  referenceDate?: string
}

/**
 * Generates a larger dataset with faker from a fixed seed: same options, same data,
 * API keys included (so never use one outside the mock).
 * @example generateDataset({ seed: 7, users: 100 })
 */
export function generateDataset({
  seed = 1,
  users = 10,
  advertsPerUser = 3,
  campaignsPerAdvert = 2,
  referenceDate = '2026-01-01T00:00:00.000Z',
}: GenerateDatasetOptions = {}): Dataset {
  const faker = new Faker({ locale: [en], seed })
  const to = new Date(referenceDate)
  const from = new Date(to.getTime() - 365 * 24 * 3600 * 1000)
  // One increasing sequence of instants keeps created_at in id order, as the API's lists expect.
  const instants = faker.date.betweens({ from, to, count: users * (1 + advertsPerUser * (1 + campaignsPerAdvert)) })
  let next = 0
  const instant = () => must(instants[next++], 'a drawn instant').toISOString()

  const dataset: Dataset = { users: [], adverts: [], campaigns: [] }
  for (let u = 1; u <= users; u++) {
    const created = instant()
    const topups = faker.number.int({ min: 0, max: 5 })
    const total = topups * faker.number.int({ min: 10, max: 500 })
    dataset.users.push({
      id: u,
      email: `${faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}.${u}@${GENERATED_EMAIL_DOMAIN}`,
      api_key: `acs_${faker.string.hexadecimal({ length: 48, casing: 'lower', prefix: '' })}`,
      balance_usd: faker.number.int({ min: 0, max: total * 100 }) / 100,
      total_topups_usd: total,
      topups_count: topups,
      api_tier: faker.helpers.arrayElement(API_TIERS),
      created_at: created,
      updated_at: created,
    })
    for (let a = 0; a < advertsPerUser; a++) {
      const advertId = dataset.adverts.length + 1
      const advertCreated = instant()
      dataset.adverts.push({
        id: advertId,
        user_id: u,
        title: faker.commerce.productName(),
        description: faker.commerce.productDescription().slice(0, 2000),
        target_url: faker.datatype.boolean() ? faker.internet.url() : null,
        created_at: advertCreated,
        updated_at: advertCreated,
      })
      for (let c = 0; c < campaignsPerAdvert; c++) {
        const campaignCreated = instant()
        const limit = faker.number.int({ min: 100, max: 100_000 })
        dataset.campaigns.push({
          id: dataset.campaigns.length + 1,
          advert_id: advertId,
          broadcasting_type: faker.helpers.arrayElement(BROADCASTING_TYPES),
          cpm: faker.number.int({ min: 10, max: 2_000 }) / 100,
          sending_limit: limit,
          sending_count: faker.number.int({ min: 0, max: limit }),
          enabled: faker.datatype.boolean(),
          created_at: campaignCreated,
          updated_at: campaignCreated,
        })
      }
    }
  }
  return dataset
}
