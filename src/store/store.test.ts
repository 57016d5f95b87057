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

it('keeps fractions of a cent through an export and a load, so a state round trip is exact', async () => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  // A delivery charges cpm / 1000 per send: 1.23 USD cpm leaves 0.00123 USD per send.
  await store.updateUser(store.users.get(1)!, (draft) => {
    draft.balance_micros -= 7 * 1_230
  })
  const exported = store.export()
  expect(exported.users[0]!.balance_usd).toBe(249.99139)
  const copy = new Store()
  await copy.load(JSON.parse(JSON.stringify(exported)))
  expect(copy.users.get(1)!.balance_micros).toBe(store.users.get(1)!.balance_micros)
  expect(copy.export()).toEqual(exported)
})
