import * as z from 'zod/mini'
import { Advert } from './advert.js'
import { Campaign } from './campaign.js'
import { ExactUsd, Id } from './common.js'
import { meta } from './meta.js'
import { User } from './user.js'

const TopupsCount = z.int().check(z.nonnegative())

/** A user as the store keeps it: balance and total top-ups in USD to the micro-dollar, and the count of top-ups. */
export const UserRecord = z.extend(z.omit(User, { api_tier_limits: true }), {
  // To the micro-dollar, not the cent: an export then import must not lose what deliveries charged.
  balance_usd: ExactUsd,
  total_topups_usd: ExactUsd,
  topups_count: TopupsCount,
})
export type UserRecord = z.infer<typeof UserRecord>

/** An advert as the store keeps it: with its owner. */
export const AdvertRecord = z.extend(Advert, { user_id: Id })
export type AdvertRecord = z.infer<typeof AdvertRecord>

/** A campaign as the store keeps it: cpm in USD; its owner is the account whose collection holds it; advert_title joined on read. */
export const CampaignRecord = z.omit(Campaign, { advert_title: true })
export type CampaignRecord = z.infer<typeof CampaignRecord>

/**
 * A whole state of the mock as data: the fixtures file, generated datasets and state
 * export/import all use it. Its records are the store's (derived fields, such as tier limits,
 * advert_title and owners of campaigns, are left out because the store derives them); a
 * dataset may leave out a user's count of top-ups.
 */
export const Dataset = meta(
  z.strictObject({
    users: z.array(z.extend(UserRecord, { topups_count: z._default(TopupsCount, 0) })),
    adverts: z.array(AdvertRecord),
    campaigns: z.array(CampaignRecord),
  }),
  { id: 'Dataset' },
)
export type Dataset = z.infer<typeof Dataset>
export type DatasetInput = z.input<typeof Dataset>
