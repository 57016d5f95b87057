import * as z from 'zod/mini'
import { Advert } from '../schemas/advert.js'
import { Campaign } from '../schemas/campaign.js'
import { ExactUsd, Id } from '../schemas/common.js'
import { User } from '../schemas/user.js'

// The records are in the shape of a dataset (fixtures/default.json, src/schemas/dataset.ts), so a
// tester reads `db` as they write fixtures: money in USD, tier limits looked up, not stored.

/** A user as the store keeps it: balance and total top-ups in USD to the micro-dollar, and the count of top-ups. */
export const UserRecord = z.extend(z.omit(User, { api_tier_limits: true }), {
  balance_usd: ExactUsd,
  total_topups_usd: ExactUsd,
  topups_count: z.int().check(z.nonnegative()),
})
export type UserRecord = z.infer<typeof UserRecord>

/** An advert as the store keeps it: with its owner. */
export const AdvertRecord = z.extend(Advert, { user_id: Id })
export type AdvertRecord = z.infer<typeof AdvertRecord>

/** A campaign as the store keeps it: cpm in USD; its owner is the account whose collection holds it; advert_title joined on read. */
export const CampaignRecord = z.omit(Campaign, { advert_title: true })
export type CampaignRecord = z.infer<typeof CampaignRecord>
