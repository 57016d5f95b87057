import { expect, it } from 'vitest'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { Dataset } from '../schemas/dataset.js'
import { profiledSchemas } from '../schemas/profiled.js'
import { Store } from './store.js'
import { generateDataset } from './generate-dataset.js'

it('makes the same dataset from the same seed, and another from another seed', () => {
  const a = generateDataset({ seed: 42, users: 5 })
  expect(generateDataset({ seed: 42, users: 5 })).toEqual(a)
  expect(generateDataset({ seed: 43, users: 5 })).not.toEqual(a)
})

it('makes a dataset that validates and loads, in the sizes asked for', async () => {
  const dataset = generateDataset({ seed: 7, users: 20, advertsPerUser: 2, campaignsPerAdvert: 3 })
  expect(() => Dataset.parse(dataset)).not.toThrow()
  const store = new Store()
  await store.load(dataset)
  expect(store.counts()).toEqual({ users: 20, adverts: 40, campaigns: 120 })
  expect(store.export()).toEqual(Dataset.parse(dataset))
})

it('makes a dataset that fits another profile: its tiers, broadcasting types, bounds and extra fields', () => {
  const profile: Profile = structuredClone(DEFAULT_PROFILE)
  profile.rateLimits.tiers = { starter: { per_minute: 1, per_day: 1, max_topups: 1 } }
  profile.resources.broadcastingTypes = ['banner']
  profile.resources.extraFields = { user: { locale: 'en-US' }, advert: { status: 'active' }, campaign: {}, balance: {} }
  profile.inputs = { ...profile.inputs, cpm: { decimals: 0, max: 5, beyond: 'refuse' }, titleMaxLength: 8 }
  const dataset = generateDataset({ seed: 7, users: 4 }, profile)
  expect(() => profiledSchemas(profile).records.Dataset.parse(dataset)).not.toThrow()
  expect(dataset.users.every((user) => (user.api_tier as string) === 'starter' && 'locale' in user)).toBe(true)
  expect(dataset.campaigns.every(({ cpm }) => Number.isInteger(cpm) && cpm >= 1 && cpm <= 5)).toBe(true)
  // The mock's own profile draws as it always did.
  expect(generateDataset({ seed: 7, users: 4 }, DEFAULT_PROFILE)).toEqual(generateDataset({ seed: 7, users: 4 }))
})
