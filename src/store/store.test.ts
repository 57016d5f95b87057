import { expect, it } from 'vitest'
import { DEFAULT_FIXTURES } from './fixtures.js'
import { Store } from './store.js'

it('loads the fixtures and exports them back unchanged', async () => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  expect(store.export()).toEqual(DEFAULT_FIXTURES)
})

it.each([
  ['an advert of a missing user', { adverts: [{ ...DEFAULT_FIXTURES.adverts[0]!, user_id: 99 }] }, /user 99 does not exist/],
  ['a campaign of a missing advert', { campaigns: [{ ...DEFAULT_FIXTURES.campaigns[0]!, advert_id: 99 }] }, /advert 99/],
  ['two users with one API key', { users: [DEFAULT_FIXTURES.users[0]!, { ...DEFAULT_FIXTURES.users[1]!, api_key: DEFAULT_FIXTURES.users[0]!.api_key }] }, /Duplicate API key/],
  ['a malformed e-mail', { users: [{ ...DEFAULT_FIXTURES.users[0]!, email: 'nope' }] }, /email/],
])('refuses a dataset with %s and keeps the state it had', async (_name, patch, message) => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  await expect(store.load({ ...DEFAULT_FIXTURES, ...patch })).rejects.toThrow(message)
  expect(store.export()).toEqual(DEFAULT_FIXTURES)
})
