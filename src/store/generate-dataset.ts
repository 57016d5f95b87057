import { initialValues } from '../profile/template.js'
import { Faker, en } from '@faker-js/faker'
import { DEFAULT_PROFILE, type InputChoices, type Profile } from '../profile/profile.js'
import type { Dataset } from '../schemas/dataset.js'
import { GENERATED_EMAIL_DOMAIN, type ApiTier } from '../schemas/user.js'
import type { BroadcastingType } from '../schemas/campaign.js'
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
 * API keys included (so never use one outside the mock). Its records fit `profile` (a twin's):
 * its tier names, broadcasting types, title and cpm bounds, and the extra fields a new record gets.
 * @example generateDataset({ seed: 7, users: 100 })
 */
export function generateDataset(
  {
    seed = 1,
    users = 10,
    advertsPerUser = 3,
    campaignsPerAdvert = 2,
    referenceDate = '2026-01-01T00:00:00.000Z',
  }: GenerateDatasetOptions = {},
  profile: Profile = DEFAULT_PROFILE,
): Dataset {
  const faker = new Faker({ locale: [en], seed })
  const to = new Date(referenceDate)
  const from = new Date(to.getTime() - 365 * 24 * 3600 * 1000)
  // One increasing sequence of instants keeps created_at in id order, as the API's lists expect.
  const instants = faker.date.betweens({ from, to, count: users * (1 + advertsPerUser * (1 + campaignsPerAdvert)) })
  let next = 0
  const instant = () => must(instants[next++], 'a drawn instant').toISOString()
  const make = recordMakers(faker, profile)

  const dataset: Dataset = { users: [], adverts: [], campaigns: [] }
  for (let u = 1; u <= users; u++) {
    dataset.users.push(make.user(u, instant()))
    for (let a = 0; a < advertsPerUser; a++) {
      const advert = make.advert(dataset.adverts.length + 1, u, instant())
      dataset.adverts.push(advert)
      for (let c = 0; c < campaignsPerAdvert; c++)
        dataset.campaigns.push(make.campaign(dataset.campaigns.length + 1, advert.id, instant()))
    }
  }
  return dataset
}

/** How each record is drawn, within the profile's choices. */
function recordMakers(faker: Faker, { rateLimits, resources, inputs }: Profile) {
  const tiers = Object.keys(rateLimits.tiers) as ApiTier[]
  const types = resources.broadcastingTypes as BroadcastingType[]
  const { extraFields } = resources
  return {
    user(id: number, created: string): Dataset['users'][number] {
      const topups = faker.number.int({ min: 0, max: 5 })
      const total = topups * faker.number.int({ min: 10, max: 500 })
      return {
        id,
        email: `${faker.internet
          .username()
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}.${id}@${GENERATED_EMAIL_DOMAIN}`,
        api_key: `acs_${faker.string.hexadecimal({ length: 48, casing: 'lower', prefix: '' })}`,
        balance_usd: faker.number.int({ min: 0, max: total * 100 }) / 100,
        total_topups_usd: total,
        topups_count: topups,
        api_tier: faker.helpers.arrayElement(tiers),
        created_at: created,
        updated_at: created,
        ...initialValues(extraFields.user),
      }
    },
    advert(id: number, userId: number, created: string): Dataset['adverts'][number] {
      return {
        id,
        user_id: userId,
        title: faker.commerce.productName().slice(0, inputs.titleMaxLength),
        description: faker.commerce.productDescription().slice(0, 2000),
        target_url: faker.datatype.boolean() ? faker.internet.url() : null,
        created_at: created,
        updated_at: created,
        ...initialValues(extraFields.advert),
      }
    },
    campaign(id: number, advertId: number, created: string): Dataset['campaigns'][number] {
      const limit = faker.number.int({ min: 100, max: 100_000 })
      return {
        id,
        advert_id: advertId,
        broadcasting_type: faker.helpers.arrayElement(types),
        cpm: fitCpm(faker.number.int({ min: 10, max: 2_000 }) / 100, inputs.cpm),
        sending_limit: limit,
        sending_count: faker.number.int({ min: 0, max: limit }),
        enabled: faker.datatype.boolean(),
        created_at: created,
        updated_at: created,
        ...initialValues(extraFields.campaign),
      }
    },
  }
}

/** A drawn cpm (whole cents) as the profile takes it: to its decimals (never down to 0), at most its largest. */
function fitCpm(cpm: number, { decimals, max }: InputChoices['cpm']): number {
  const fitted = decimals === null || decimals >= 2 ? cpm : Math.max(10 ** -decimals, Number(cpm.toFixed(decimals)))
  return Math.min(fitted, max)
}
