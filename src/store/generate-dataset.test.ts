import { expect, it } from 'vitest'
import { Dataset } from '../schemas/dataset.js'
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
