import * as z from 'zod/mini'
import { Advert } from './advert.js'
import { Campaign } from './campaign.js'
import { ExactUsd, Id } from './common.js'
import { meta } from './meta.js'
import { User } from './user.js'

/**
 * A whole state of the mock as data: the fixtures file, generated datasets and state
 * export/import all use it. Derived fields (tier limits, advert_title, owners of
 * campaigns) are left out because the store derives them.
 */
export const Dataset = meta(
  z.strictObject({
    users: z.array(
      z.extend(z.omit(User, { api_tier_limits: true }), {
        // To the micro-dollar, not the cent: an export then import must not lose what deliveries charged.
        balance_usd: ExactUsd,
        total_topups_usd: ExactUsd,
        topups_count: z._default(z.int().check(z.nonnegative()), 0),
      }),
    ),
    adverts: z.array(z.extend(Advert, { user_id: Id })),
    campaigns: z.array(z.omit(Campaign, { advert_title: true })),
  }),
  { id: 'Dataset' },
)
export type Dataset = z.infer<typeof Dataset>
export type DatasetInput = z.input<typeof Dataset>
