import * as z from 'zod/mini'
import { Advert } from '../schemas/advert.js'
import { Campaign } from '../schemas/campaign.js'
import { Id } from '../schemas/common.js'
import { User } from '../schemas/user.js'

/** How the store keeps a user: money in micros, tier limits looked up, not stored. */
const Micros = z.int().check(z.nonnegative())
export const UserRecord = z.extend(z.omit(User, { api_tier_limits: true, balance_usd: true, total_topups_usd: true }), {
  balance_micros: Micros,
  total_topups_micros: Micros,
  topups_count: z.int().check(z.nonnegative()),
})
export type UserRecord = z.infer<typeof UserRecord>

/** How the store keeps an advert: with its owner. */
export const AdvertRecord = z.extend(Advert, { user_id: Id })
export type AdvertRecord = z.infer<typeof AdvertRecord>

/** How the store keeps a campaign: with its owner, cpm in micros, advert_title joined on read. */
export const CampaignRecord = z.extend(z.omit(Campaign, { advert_title: true, cpm: true }), {
  user_id: Id,
  cpm_micros: z.int().check(z.positive()),
})
export type CampaignRecord = z.infer<typeof CampaignRecord>
