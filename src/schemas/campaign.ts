import { z } from 'zod'
import { Advert } from './advert.js'
import { Id, IdParam, PaginationQuery, Timestamp } from './common.js'

/** Broadcasting types the mock accepts; the spec names `active_ad`, the rest is the mock's choice. */
export const BROADCASTING_TYPES = ['active_ad', 'passive_ad'] as const
/** A broadcasting type: one of BROADCASTING_TYPES. */
export const BroadcastingType = z.enum(BROADCASTING_TYPES).meta({ description: 'How the campaign is broadcast.' })
export type BroadcastingType = z.infer<typeof BroadcastingType>

/** Cost per thousand sends in USD: more than zero, whole cents. */
export const Cpm = z.number().positive().multipleOf(0.01).max(100_000).meta({ description: 'Cost per thousand sends in USD (decimal, whole cents).' })
const SendingLimit = z.int().positive().max(1_000_000_000).meta({ description: 'Most sends this campaign may make.' })

/** A campaign broadcasting one advert. */
export const Campaign = z
  .strictObject({
    id: Id,
    advert_id: Id,
    advert_title: z.string().meta({ description: 'Title of the advert (read-only).' }),
    broadcasting_type: BroadcastingType,
    cpm: Cpm,
    sending_limit: SendingLimit,
    sending_count: z.int().nonnegative().meta({ description: 'Sends made so far (read-only).' }),
    enabled: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Campaign' })
export type Campaign = z.infer<typeof Campaign>

/** A campaign together with the advert it broadcasts (GET /campaigns/{id}). */
export const CampaignDetailed = Campaign.extend({ advert: Advert }).meta({ id: 'CampaignDetailed' })
export type CampaignDetailed = z.infer<typeof CampaignDetailed>

const CampaignFields = z.strictObject({
  advert_id: Id,
  broadcasting_type: BroadcastingType,
  cpm: Cpm,
  sending_limit: SendingLimit,
})

/** Body of POST /campaigns (spec 4.3). */
export const CampaignInput = z.strictObject({ campaign: CampaignFields }).meta({ id: 'CampaignInput' })
export type CampaignInput = z.infer<typeof CampaignInput>

/** Body of PATCH /campaigns/{id}: any subset of CampaignInput's fields plus `enabled`, at least one. */
export const CampaignUpdateInput = z
  .strictObject({
    campaign: CampaignFields.extend({ enabled: z.boolean() })
      .partial()
      .refine((fields) => Object.keys(fields).length > 0, 'must contain at least one field'),
  })
  .meta({ id: 'CampaignUpdateInput' })
export type CampaignUpdateInput = z.infer<typeof CampaignUpdateInput>

const BooleanParam = z.enum(['true', 'false']).transform((value) => value === 'true')

/** Query of GET /campaigns: paging plus optional filters. */
export const CampaignListQuery = PaginationQuery.extend({
  enabled: BooleanParam.optional().meta({ description: 'Only campaigns that are on (true) or off (false).' }),
  advert_id: IdParam.optional().meta({ description: 'Only campaigns of this advert.' }),
  broadcasting_type: BroadcastingType.optional().meta({ description: 'Only campaigns of this broadcasting type.' }),
})
export type CampaignListQuery = z.infer<typeof CampaignListQuery>
