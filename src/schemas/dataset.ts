import { z } from 'zod'
import { Advert } from './advert.js'
import { Campaign } from './campaign.js'
import { ExactUsd, Id } from './common.js'
import { User } from './user.js'

/**
 * A whole state of the mock as data: the fixtures file, generated datasets and state
 * export/import all use it. Derived fields (tier limits, advert_title, owners of
 * campaigns) are left out because the store derives them.
 */
export const Dataset = z
  .strictObject({
    users: z.array(
      User.omit({ api_tier_limits: true }).extend({
        // To the micro-dollar, not the cent: an export then import must not lose what deliveries charged.
        balance_usd: ExactUsd,
        total_topups_usd: ExactUsd,
        topups_count: z.int().nonnegative().default(0),
      }),
    ),
    adverts: z.array(Advert.extend({ user_id: Id })),
    campaigns: z.array(Campaign.omit({ advert_title: true })),
  })
  .meta({ id: 'Dataset' })
export type Dataset = z.infer<typeof Dataset>
export type DatasetInput = z.input<typeof Dataset>
