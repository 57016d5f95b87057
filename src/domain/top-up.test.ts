import { expect, it } from 'vitest'
import { createMockApi } from '../surface/create-mock-api.js'
import { MESSAGES } from '../errors/messages.js'

it('raises balance and total top-ups and counts each top-up', async () => {
  const api = await createMockApi()
  const user = await api.createUser({ tier: 'free' })
  const after = await api.topUp(user.id, { amount_usd: 12.34 })
  expect(after).toMatchObject({ balance_usd: 12.34, total_topups_usd: 12.34 })
  expect(api.context.store.users.get(user.id)!.topups_count).toBe(1)
})

it('refuses the top-up past max_topups with 422 topup_limit_reached and changes nothing', async () => {
  const api = await createMockApi({ tiers: { free: { per_minute: 5, per_day: 50, max_topups: 2 } } })
  const user = await api.createUser({ tier: 'free' })
  await api.topUp(user.id, { amount_usd: 10 })
  await api.topUp(user.id, { amount_usd: 5 })
  const before = api.context.store.users.get(user.id)
  await expect(api.topUp(user.id, { amount_usd: 1 })).rejects.toMatchObject({
    code: 'topup_limit_reached',
    status: 422,
  })
  expect(api.context.store.users.get(user.id)).toEqual(before)
  expect(api.getUser(user.id)).toMatchObject({ balance_usd: 15, total_topups_usd: 15 })
})

it('admits exactly max_topups of a burst of concurrent top-ups', async () => {
  const api = await createMockApi({ tiers: { free: { per_minute: 5, per_day: 50, max_topups: 3 } } })
  const user = await api.createUser({ tier: 'free' })
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => api.topUp(user.id, { amount_usd: 1 })))
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
  expect(api.getUser(user.id).balance_usd).toBe(3)
})

it('refuses a zero, negative or sub-cent amount, or an unknown user', async () => {
  const api = await createMockApi()
  for (const amount_usd of [0, -5, 0.001]) {
    await expect(api.topUp(1, { amount_usd })).rejects.toMatchObject({ code: 'validation_failed' })
  }
  await expect(api.topUp(999, { amount_usd: 1 })).rejects.toMatchObject({ code: 'not_found' })
})

it('words a limit of one in the singular', () => {
  expect(MESSAGES.topup_limit_reached.tier(1, 'free', 1, 1)).toBe(
    'Failed to top up user 1: the free tier allows 1 top-up and 1 was made',
  )
  expect(MESSAGES.resource_limit_reached.perUser('advert', 1, 1)).toContain('already has 1 advert,')
})
