import type { DatasetInput } from '../../src/schemas/dataset.js'

// A small dataset for learning a twin from the mock: two users on the tier new users get (basic),
// the first with an advert and a campaign whose ids are the first ones (1), the second with an
// advert of its own; so every choice the learner can see equals the default profile's.

/** The first user's key: the one the learner is given. */
export const TWIN_KEY_1 = 'acs_twin_one_5d0c9e2b7a4f4e1c8b6a3d2f1e0c9b8a'
/** The second user's key: --key2. */
export const TWIN_KEY_2 = 'acs_twin_two_9a8b7c6d5e4f4a3b2c1d0e9f8a7b6c5d'

const stamp = '2026-02-01T09:00:00.000Z'
const user = (id: number, key: string) => ({
  id,
  email: `twin-${id}@example.com`,
  api_key: key,
  balance_usd: 10,
  total_topups_usd: 10,
  topups_count: 1,
  api_tier: 'basic' as const,
  created_at: stamp,
  updated_at: stamp,
})
const advert = (id: number, userId: number) => ({
  id,
  user_id: userId,
  title: `Fixture advert ${id}`,
  description: '',
  target_url: null,
  created_at: stamp,
  updated_at: stamp,
})

/** The dataset: users 1 and 2, adverts 1 (user 1) and 2 (user 2), campaign 1 on advert 1. */
export const TWIN_DATASET: DatasetInput = {
  users: [user(1, TWIN_KEY_1), user(2, TWIN_KEY_2)],
  adverts: [advert(1, 1), advert(2, 2)],
  campaigns: [
    {
      id: 1,
      advert_id: 1,
      broadcasting_type: 'active_ad',
      cpm: 2.5,
      sending_limit: 1000,
      sending_count: 0,
      enabled: true,
      created_at: stamp,
      updated_at: stamp,
    },
  ],
}
