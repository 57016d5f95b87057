import { expect, it } from 'vitest'
import { createMockApi } from '../surface/create-mock-api.js'
import type { DatasetInput } from '../schemas/dataset.js'

const at = '2026-01-01T00:00:00.000Z'
const user = (id: number, balance_usd: number) => ({
  id,
  email: `u${id}@example.com`,
  api_key: `acs_test_key_for_user_${id}_0000000000`,
  balance_usd,
  total_topups_usd: balance_usd,
  api_tier: 'basic' as const,
  created_at: at,
  updated_at: at,
})
const advert = (id: number, user_id: number) => ({
  id,
  user_id,
  title: `Advert ${id}`,
  description: '',
  target_url: null,
  created_at: at,
  updated_at: at,
})
const campaign = (
  id: number,
  advert_id: number,
  cpm: number,
  sending_limit: number,
  sending_count = 0,
  enabled = true,
) => ({
  id,
  advert_id,
  broadcasting_type: 'active_ad' as const,
  cpm,
  sending_limit,
  sending_count,
  enabled,
  created_at: at,
  updated_at: at,
})

// User 1 has $1.00: campaign 1 costs $0.01 a send with 5 sends of room, campaign 2 costs $0.10 a send.
// User 2 has $5.00 and one campaign at $0.001 a send; campaign 4 is disabled.
const dataset: DatasetInput = {
  users: [user(1, 1), user(2, 5)],
  adverts: [advert(1, 1), advert(2, 2)],
  campaigns: [
    campaign(1, 1, 10, 50, 45),
    campaign(2, 1, 100, 1000),
    campaign(3, 2, 1, 100),
    campaign(4, 2, 1, 100, 0, false),
  ],
}

it('stops at sending_limit, sends only what the balance pays for, and disables the unpaid campaign', async () => {
  const api = await createMockApi({ fixtures: dataset })
  const report = await api.deliver({ sends: 10 })
  expect(report.campaigns).toEqual([
    {
      campaign_id: 1,
      user_id: 1,
      sent: 5,
      charged_micros: 50_000,
      sending_count: 50,
      sending_limit: 50,
      enabled: true,
      outcome: 'limit_reached',
    },
    {
      campaign_id: 2,
      user_id: 1,
      sent: 9,
      charged_micros: 900_000,
      sending_count: 9,
      sending_limit: 1000,
      enabled: false,
      outcome: 'disabled_unpaid',
    },
    {
      campaign_id: 3,
      user_id: 2,
      sent: 10,
      charged_micros: 10_000,
      sending_count: 10,
      sending_limit: 100,
      enabled: true,
      outcome: 'sent',
    },
  ])
  expect(report).toMatchObject({ sent: 24, charged_micros: 960_000 })
  expect(api.db.users.get(1)!.balance_usd).toBe(0.05)
  expect(api.db.users.get(2)!.balance_usd).toBe(4.99)
  expect(api.db.account(1).campaigns.get(2)!.enabled).toBe(false)
  expect(api.db.account(2).campaigns.get(4)!.sending_count).toBe(0)
})

it('never takes a balance below zero or a count past the limit, however often it runs', async () => {
  const api = await createMockApi({ fixtures: dataset })
  for (let run = 0; run < 20; run++) await api.deliver({ sends: 7 })
  for (const id of [1, 2])
    for (const row of api.db.account(id).campaigns.findMany())
      expect(row.sending_count).toBeLessThanOrEqual(row.sending_limit)
  for (const row of api.db.users.findMany()) expect(row.balance_usd).toBeGreaterThanOrEqual(0)
  // Campaign 3 ran out of room at 100 sends ($0.10) and stays enabled; user 2 keeps the rest.
  expect(api.db.account(2).campaigns.get(3)).toMatchObject({ sending_count: 100, enabled: true })
  expect(api.db.users.get(2)!.balance_usd).toBe(4.9)
})

it('charges cpm / 1000 exactly, in micros, for each send', async () => {
  const api = await createMockApi({ fixtures: { ...dataset, campaigns: [campaign(1, 1, 0.03, 1000)] } })
  const report = await api.deliver({ sends: 7 })
  expect(report.charged_micros).toBe(7 * 30)
  expect(api.db.users.get(1)!.balance_usd).toBe(0.99979)
})

it('disables a campaign that cannot pay for its first send', async () => {
  const api = await createMockApi({ fixtures: { ...dataset, users: [user(1, 0), user(2, 5)] } })
  const report = await api.deliver({ sends: 1, campaign_ids: [2] })
  expect(report.campaigns).toMatchObject([
    { campaign_id: 2, sent: 0, charged_micros: 0, enabled: false, outcome: 'disabled_unpaid' },
  ])
})

it('reports listed disabled campaigns as skipped and refuses an unknown id without changing anything', async () => {
  const api = await createMockApi({ fixtures: dataset })
  expect((await api.deliver({ sends: 1, campaign_ids: [4] })).campaigns).toMatchObject([
    { campaign_id: 4, sent: 0, outcome: 'skipped_disabled' },
  ])
  const before = api.exportState().dataset
  await expect(api.deliver({ sends: 1, campaign_ids: [3, 99] })).rejects.toMatchObject({ code: 'not_found' })
  await expect(api.deliver({ sends: 0 })).rejects.toMatchObject({ code: 'validation_failed' })
  expect(api.exportState().dataset).toEqual(before)
})
