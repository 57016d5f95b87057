import { expect, it } from 'vitest'
import { DEFAULT_FIXTURES } from './fixtures.js'
import { exactUsdToMicros, microsToExactUsd } from './money.js'
import { Store } from './store.js'

it('loads the fixtures and exports them back unchanged', async () => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  expect(store.export()).toEqual(DEFAULT_FIXTURES)
})

it.each([
  [
    'an advert of a missing user',
    { adverts: [{ ...DEFAULT_FIXTURES.adverts[0]!, user_id: 99 }] },
    /user 99 does not exist/,
  ],
  [
    'a campaign of a missing advert',
    { campaigns: [{ ...DEFAULT_FIXTURES.campaigns[0]!, advert_id: 99 }] },
    /advert 99/,
  ],
  [
    'two users with one API key',
    {
      users: [
        DEFAULT_FIXTURES.users[0]!,
        { ...DEFAULT_FIXTURES.users[1]!, api_key: DEFAULT_FIXTURES.users[0]!.api_key },
      ],
    },
    /Duplicate API key/,
  ],
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
    draft.balance_usd = microsToExactUsd(exactUsdToMicros(draft.balance_usd) - 7 * 1_230)
  })
  const exported = store.export()
  expect(exported.users[0]!.balance_usd).toBe(249.99139)
  const copy = new Store()
  await copy.load(JSON.parse(JSON.stringify(exported)))
  expect(copy.users.get(1)!.balance_usd).toBe(store.users.get(1)!.balance_usd)
  expect(copy.export()).toEqual(exported)
})

it("keeps each account's records in its own collections, made on first use and dropped with the user", async () => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  const demo = store.account(1)
  expect(demo.campaigns.count() + store.account(2).campaigns.count()).toBe(DEFAULT_FIXTURES.campaigns.length)
  expect(store.counts()).toEqual({
    users: 2,
    adverts: DEFAULT_FIXTURES.adverts.length,
    campaigns: DEFAULT_FIXTURES.campaigns.length,
  })
  store.users.delete(store.users.get(1)!)
  expect([...store.accounts()].map((account) => account.userId)).toEqual([2])
  expect(() => store.account(1)).toThrow(/No user 1/)
  expect(store.userByApiKey(DEFAULT_FIXTURES.users[0]!.api_key)).toBeUndefined()
})

it('refuses a user whose API key or e-mail another user holds, on create and on update', async () => {
  const store = new Store()
  await store.load(DEFAULT_FIXTURES)
  const [demo, other] = [store.users.get(1)!, store.users.get(2)!]
  await expect(store.users.create({ ...demo, id: store.nextId('users'), email: 'new@example.com' })).rejects.toThrow(
    /duplicate API key/,
  )
  await expect(store.updateUser(other, (draft) => void (draft.email = demo.email.toUpperCase()))).rejects.toThrow(
    /duplicate e-mail/,
  )
  expect(store.export()).toEqual(DEFAULT_FIXTURES)
})

it("gives an empty store's first advert and campaign the first id it was made with, and a loaded one the id above its highest", async () => {
  const store = new Store(undefined, { firstId: 1000 })
  const fixtures = store.records.Dataset.parse(DEFAULT_FIXTURES)
  await store.load({ ...fixtures, adverts: [], campaigns: [] })
  expect([store.nextId('adverts'), store.nextId('campaigns'), store.nextId('users')]).toEqual([1000, 1000, 3])
  await store.load({
    ...fixtures,
    adverts: fixtures.adverts.map((advert) => ({ ...advert, id: advert.id + 2000 })),
    campaigns: fixtures.campaigns.map((row) => ({ ...row, id: row.id + 3000, advert_id: row.advert_id + 2000 })),
  })
  expect([store.nextId('adverts'), store.nextId('campaigns')]).toEqual([2005, 3005])
  store.clear()
  expect(store.nextId('adverts')).toBe(1000)
  expect(new Store().nextId('adverts')).toBe(1)
})
