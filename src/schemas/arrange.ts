import * as z from 'zod/mini'
import { AdvertInput } from './advert.js'
import { BroadcastingType, CampaignInput, Cpm } from './campaign.js'
import { Id, Timestamp, Usd } from './common.js'
import { ApiTier, Email } from './user.js'

// What each arrange helper accepts, checked with the API's own field schemas (so an arranged
// cpm or title is one the API could have written), plus the fields only arrange may set.

/** A user or an advert as arrange takes it: the object a helper (or the API) returned, or its id. Only the id is read. */
export const RecordRef = z.union([Id, z.object({ id: Id })])
export type RecordRef = z.input<typeof RecordRef>

/** The id a RecordRef names. */
export const idOf = (ref: z.output<typeof RecordRef>): number => (typeof ref === 'number' ? ref : ref.id)

/** Options of `arrange.user`. */
export const ArrangeUserOptions = z.strictObject({
  /** The API tier; `basic` by default, as for a user the control plane opens. */
  tier: z.optional(ApiTier),
  /** Defaults to `user<id>@example.com`. */
  email: z.optional(Email),
  /** Top-ups made in order, in USD, each through the top-up rule (so `max_topups` holds). */
  topups: z.optional(z.array(Usd.check(z.positive()))),
  /**
   * The balance to end with. Without `topups`, a balance above 0 is one top-up of that amount;
   * with them, it may not exceed their sum, and the rest counts as spent.
   */
  balance_usd: z.optional(Usd),
})
export type ArrangeUserOptions = z.input<typeof ArrangeUserOptions>

const AdvertFields = AdvertInput.shape.advert.shape

/** Options of `arrange.advert`: the fields of POST /adverts, the title optional. */
export const ArrangeAdvertOptions = z.strictObject({
  title: z._default(AdvertFields.title, 'Arranged advert'),
  description: AdvertFields.description,
  target_url: AdvertFields.target_url,
})
export type ArrangeAdvertOptions = z.input<typeof ArrangeAdvertOptions>

const campaignFields = {
  /** The user's advert to broadcast; by default a new advert is made for it. */
  advert: z.optional(RecordRef),
  broadcasting_type: z.optional(BroadcastingType),
  cpm: z.optional(Cpm),
  sending_limit: z.optional(CampaignInput.shape.campaign.shape.sending_limit),
  /** Sends made so far (0 by default); never more than sending_limit. */
  sending_count: z.optional(z.int().check(z.nonnegative())),
  /** On (true, the default) or off: an off campaign is toggled off through the API's rule. */
  enabled: z.optional(z.boolean()),
  /** When it was made (and last changed); the clock's now by default. Lists still go by id, newest first. */
  created_at: z.optional(Timestamp),
}

/** Options of `arrange.campaign`. */
export const ArrangeCampaignOptions = z.strictObject(campaignFields)
export type ArrangeCampaignOptions = z.input<typeof ArrangeCampaignOptions>

/** Options of `arrange.campaigns`: fields fixed for every campaign (the rest vary, seeded), and the seed. */
export const ArrangeCampaignsOptions = z.strictObject({
  ...campaignFields,
  seed: z.optional(z.int().check(z.nonnegative())),
})
export type ArrangeCampaignsOptions = z.input<typeof ArrangeCampaignsOptions>

/** How many campaigns `arrange.campaigns` makes: 0 up to the per-account cap. */
export const CampaignCount = z.int().check(z.nonnegative())

/** What `arrange.campaign` uses for a field left out. */
export const CAMPAIGN_DEFAULTS = {
  broadcasting_type: 'active_ad',
  cpm: 2.5,
  sending_limit: 1000,
  sending_count: 0,
  enabled: true,
} as const
