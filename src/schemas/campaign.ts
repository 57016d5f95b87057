import * as z from 'zod/mini'
import { Advert } from './advert.js'
import { Id, IdParam, PaginationQuery, Timestamp } from './common.js'
import { DEFAULT_BROADCASTING_TYPES, DEFAULT_PROFILE, type InputChoices } from '../profile/profile.js'
import { meta } from './meta.js'

/** Broadcasting types the mock accepts by default; the spec names `active_ad`, the rest is the profile's choice. */
export const BROADCASTING_TYPES = DEFAULT_BROADCASTING_TYPES
/** A broadcasting type: one of BROADCASTING_TYPES. */
export const BroadcastingType = meta(z.enum(BROADCASTING_TYPES), { description: 'How the campaign is broadcast.' })
export type BroadcastingType = z.infer<typeof BroadcastingType>

/**
 * Cost per thousand sends in USD under a profile's choice: more than zero, at most `max`, with at
 * most `decimals` decimals (any, when null). As input, a profile that rounds (`beyond: 'round'`)
 * takes more decimals and rounds them off.
 * @example cpmOf({ decimals: 2, max: 100_000, beyond: 'refuse' }).parse(2.5) // 2.5
 */
export function cpmOf({ decimals, max, beyond }: InputChoices['cpm'], use: 'input' | 'output' = 'output') {
  const cents = decimals === 2 ? 'whole cents' : decimals === null ? 'any precision' : `${decimals} decimals`
  if (use === 'input' && beyond === 'round' && decimals !== null) {
    const scale = 10 ** decimals
    return meta(
      z.pipe(
        z.number().check(z.positive(), z.maximum(max)),
        z.transform((value: number) => Math.round(value * scale) / scale),
      ),
      { description: `Cost per thousand sends in USD (decimal; more than ${decimals} decimals are rounded).` },
    )
  }
  const checks =
    decimals === null ? [z.positive(), z.maximum(max)] : [z.positive(), z.multipleOf(10 ** -decimals), z.maximum(max)]
  return meta(z.number().check(...checks), { description: `Cost per thousand sends in USD (decimal, ${cents}).` })
}

/** Cost per thousand sends in USD: more than zero, whole cents (the default profile's bounds). */
export const Cpm = cpmOf(DEFAULT_PROFILE.inputs.cpm)

/** How many sends a campaign may make: up to `max`, or any safe integer (null: a profile whose deployment showed no bound). */
export function sendingLimitOf(max: number | null) {
  return meta(z.int().check(z.positive(), ...(max === null ? [] : [z.maximum(max)])), {
    description: 'Most sends this campaign may make.',
    // No largest value where the profile has none (a safe integer all the same).
    ...(max === null ? { maximum: undefined } : {}),
  })
}

/** How many sends a campaign may make (the default profile's bound). */
export const SendingLimit = sendingLimitOf(DEFAULT_PROFILE.inputs.sendingLimitMax)

/** A campaign broadcasting one advert. */
export const Campaign = meta(
  z.strictObject({
    id: Id,
    advert_id: Id,
    advert_title: meta(z.string(), { description: 'Title of the advert (read-only).' }),
    broadcasting_type: BroadcastingType,
    cpm: Cpm,
    sending_limit: SendingLimit,
    sending_count: meta(z.int().check(z.nonnegative()), { description: 'Sends made so far (read-only).' }),
    enabled: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { id: 'Campaign' },
)
export type Campaign = z.infer<typeof Campaign>

/** A campaign together with the advert it broadcasts (GET /campaigns/{id}). */
export const CampaignDetailed = meta(z.extend(Campaign, { advert: Advert }), { id: 'CampaignDetailed' })
export type CampaignDetailed = z.infer<typeof CampaignDetailed>

const CampaignFields = z.strictObject({
  advert_id: Id,
  broadcasting_type: BroadcastingType,
  cpm: Cpm,
  sending_limit: SendingLimit,
})

/** Body of POST /campaigns (spec 4.3). */
export const CampaignInput = meta(z.strictObject({ campaign: CampaignFields }), { id: 'CampaignInput' })
export type CampaignInput = z.infer<typeof CampaignInput>

/** Body of PATCH /campaigns/{id}: any subset of CampaignInput's fields plus `enabled`, at least one. */
export const CampaignUpdateInput = meta(
  z.strictObject({
    campaign: z
      .partial(z.extend(CampaignFields, { enabled: z.boolean() }))
      .check(z.refine((fields) => Object.keys(fields).length > 0, 'must contain at least one field')),
  }),
  { id: 'CampaignUpdateInput' },
)
export type CampaignUpdateInput = z.infer<typeof CampaignUpdateInput>

/** A boolean in a query string: `true` or `false`. */
export const BooleanParam = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
)

/** Query of GET /campaigns: paging plus optional filters. */
export const CampaignListQuery = z.extend(PaginationQuery, {
  enabled: meta(z.optional(BooleanParam), { description: 'Only campaigns that are on (true) or off (false).' }),
  advert_id: meta(z.optional(IdParam), { description: 'Only campaigns of this advert.' }),
  broadcasting_type: meta(z.optional(BroadcastingType), { description: 'Only campaigns of this broadcasting type.' }),
})
export type CampaignListQuery = z.infer<typeof CampaignListQuery>
