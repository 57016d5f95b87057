import { z } from 'zod'
import { Advert } from '../schemas/advert.js'
import { Campaign } from '../schemas/campaign.js'
import { Id } from '../schemas/common.js'
import { User } from '../schemas/user.js'

/** How the store keeps a user: money in micros, tier limits looked up, not stored. */
export const UserRecord = User.omit({ api_tier_limits: true, balance_usd: true, total_topups_usd: true }).extend({
  balance_micros: z.int().nonnegative(),
  total_topups_micros: z.int().nonnegative(),
  topups_count: z.int().nonnegative(),
})
export type UserRecord = z.infer<typeof UserRecord>

/** How the store keeps an advert: with its owner. */
export const AdvertRecord = Advert.extend({ user_id: Id })
export type AdvertRecord = z.infer<typeof AdvertRecord>

/** How the store keeps a campaign: with its owner, cpm in micros, advert_title joined on read. */
export const CampaignRecord = Campaign.omit({ advert_title: true, cpm: true }).extend({
  user_id: Id,
  cpm_micros: z.int().positive(),
})
export type CampaignRecord = z.infer<typeof CampaignRecord>
