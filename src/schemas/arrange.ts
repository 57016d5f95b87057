import * as z from 'zod/mini'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { Advert, AdvertInput, titleOf } from './advert.js'
import { BroadcastingType, Campaign, CampaignInput, Cpm, cpmOf } from './campaign.js'
import { Id, Timestamp, Usd } from './common.js'
import { meta } from './meta.js'
import { typedAs } from './profiled.js'
import { ApiTier, Email } from './user.js'

// What each arrange helper accepts, checked with the API's own field schemas (so an arranged
// cpm or title is one the API could have written), plus the fields only arrange may set. Under
// another profile (a twin's), its tiers, broadcasting types and bounds replace the default's.

/** The arrange helpers by name: `api.arrange.<helper>` in-process, `POST /__admin/arrange/<helper>` over HTTP. */
export const ARRANGE_HELPERS = [
  'user',
  'advert',
  'campaign',
  'campaigns',
  'advertInUse',
  'rateLimited',
  'resetKey',
] as const

/** A user or an advert as arrange takes it: the object a helper (or the API) returned, or its id. Only the id is read. */
export const RecordRef = z.union([Id, z.object({ id: Id })])
export type RecordRef = z.input<typeof RecordRef>

/** The id a RecordRef names. */
export const idOf = (ref: z.output<typeof RecordRef>): number => (typeof ref === 'number' ? ref : ref.id)

/** Options of `arrange.user`. */
export const ArrangeUserOptions = z.strictObject({
  /** The API tier; the profile's default tier (`basic` for the mock's own), as for a user the control plane opens. */
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
/** A twin's own tier names are taken too (`starter`), so the type is open beyond the mock's four. */
export type ArrangeUserOptions = Omit<z.input<typeof ArrangeUserOptions>, 'tier'> & { tier?: ApiTier | (string & {}) }

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
  /** On or off (by default as a new campaign starts under the profile: on for the mock's own); the other state is reached by the API's toggle. */
  enabled: z.optional(z.boolean()),
  /** When it was made (and last changed); the clock's now by default. Lists still go by id, newest first. */
  created_at: z.optional(Timestamp),
}

/** Options of `arrange.campaign`. */
export const ArrangeCampaignOptions = z.strictObject(campaignFields)
/** A twin's own broadcasting types are taken too, so the type is open beyond the mock's two. */
type OpenBroadcastingType<T> = Omit<T, 'broadcasting_type'> & { broadcasting_type?: BroadcastingType | (string & {}) }
export type ArrangeCampaignOptions = OpenBroadcastingType<z.input<typeof ArrangeCampaignOptions>>

/** Options of `arrange.campaigns`: fields fixed for every campaign (the rest vary, seeded), and the seed. */
export const ArrangeCampaignsOptions = z.strictObject({
  ...campaignFields,
  seed: z.optional(z.int().check(z.nonnegative())),
})
export type ArrangeCampaignsOptions = OpenBroadcastingType<z.input<typeof ArrangeCampaignsOptions>>

/** How many campaigns `arrange.campaigns` makes: 0 up to the per-account cap. */
export const CampaignCount = z.int().check(z.nonnegative())

/** A campaign's fields once every default is filled in. */
export interface CampaignFields {
  broadcasting_type: BroadcastingType
  cpm: number
  sending_limit: number
  sending_count: number
  enabled: boolean
  created_at?: string
}

/** What `arrange.campaign` uses for a field left out, under the mock's own profile. */
export const CAMPAIGN_DEFAULTS: Readonly<CampaignFields> = {
  broadcasting_type: 'active_ad',
  cpm: 2.5,
  sending_limit: 1000,
  sending_count: 0,
  enabled: true,
} as const

// The same options over HTTP (POST /__admin/arrange/{helper}): one JSON object, the user (and for
// `campaigns` the count) beside the helper's options.

const user = meta(RecordRef, {
  description: 'The user: its id, or the object a helper returned (only its `id` is read).',
})

/** Body of POST /__admin/arrange/user: the options of `arrange.user` (all optional). */
export const ArrangeUserInput = meta(
  z.strictObject({
    tier: meta(ArrangeUserOptions.shape.tier, { description: 'The API tier; basic by default.' }),
    email: meta(ArrangeUserOptions.shape.email, { description: 'Defaults to user<id>@example.com.' }),
    topups: meta(ArrangeUserOptions.shape.topups, {
      description: 'Top-ups made in order, in USD, each through the top-up rule (max_topups holds).',
    }),
    balance_usd: meta(ArrangeUserOptions.shape.balance_usd, {
      description:
        'The balance to end with: alone, one top-up of that amount; with topups, at most their sum (the rest counts as spent).',
    }),
  }),
  { id: 'ArrangeUserInput' },
)

/** Body of POST /__admin/arrange/advert and /advertInUse: the user and the advert's fields. */
export const ArrangeAdvertInput = meta(z.strictObject({ user, ...ArrangeAdvertOptions.shape }), {
  id: 'ArrangeAdvertInput',
})

const campaignInputFields = {
  user,
  advert: meta(campaignFields.advert, {
    description: "One of the user's adverts (its id or object); a new advert by default.",
  }),
  sending_count: meta(campaignFields.sending_count, {
    description: 'Sends made so far (0 by default); never more than sending_limit.',
  }),
  enabled: meta(campaignFields.enabled, { description: 'On (the default) or off.' }),
  created_at: meta(campaignFields.created_at, {
    description: "When it was made (and last changed); the clock's now by default.",
  }),
}

/** Body of POST /__admin/arrange/campaign. */
export const ArrangeCampaignInput = meta(z.strictObject({ ...campaignFields, ...campaignInputFields }), {
  id: 'ArrangeCampaignInput',
})

/** Body of POST /__admin/arrange/campaigns. */
export const ArrangeCampaignsInput = meta(
  z.strictObject({
    ...campaignFields,
    ...campaignInputFields,
    count: meta(CampaignCount, { description: 'How many campaigns, oldest first, on one advert.' }),
    seed: meta(ArrangeCampaignsOptions.shape.seed, {
      description: 'Draws the fields not given (1 by default): the same seed, the same campaigns.',
    }),
  }),
  { id: 'ArrangeCampaignsInput' },
)

/** Body of POST /__admin/arrange/rateLimited and /resetKey: the user alone. */
export const ArrangeUserRef = meta(z.strictObject({ user }), { id: 'ArrangeUserRef' })

/** Answer of POST /__admin/arrange/advertInUse: the advert and the campaign that holds on to it. */
export const AdvertInUse = meta(z.strictObject({ advert: Advert, campaign: Campaign }), { id: 'AdvertInUse' })

/** The option schemas arrange checks with under one profile, and the fields a campaign left out gets. */
export interface ArrangeSchemas {
  user: typeof ArrangeUserOptions
  advert: typeof ArrangeAdvertOptions
  campaign: typeof ArrangeCampaignOptions
  campaigns: typeof ArrangeCampaignsOptions
  campaignDefaults: Readonly<CampaignFields>
  /** The same options over HTTP, the user (and count) beside them: the bodies of POST /__admin/arrange/{helper}. */
  inputs: {
    ArrangeUserInput: typeof ArrangeUserInput
    ArrangeAdvertInput: typeof ArrangeAdvertInput
    ArrangeCampaignInput: typeof ArrangeCampaignInput
    ArrangeCampaignsInput: typeof ArrangeCampaignsInput
  }
}

const DEFAULT_SCHEMAS: ArrangeSchemas = {
  user: ArrangeUserOptions,
  advert: ArrangeAdvertOptions,
  campaign: ArrangeCampaignOptions,
  campaigns: ArrangeCampaignsOptions,
  campaignDefaults: CAMPAIGN_DEFAULTS,
  inputs: { ArrangeUserInput, ArrangeAdvertInput, ArrangeCampaignInput, ArrangeCampaignsInput },
}
const derived = new WeakMap<Profile, ArrangeSchemas>()

/**
 * The option schemas under a profile: the mock's own for the default, else the same with the
 * profile's tier names, broadcasting types, cpm and title bounds, and a campaign left `enabled`
 * unsaid starting as the profile's new campaigns do (a twin's may start off); and the bodies over
 * HTTP with those same fields.
 * @example arrangeSchemasOf(twin.profile).user.parse({ tier: 'starter' })
 */
export function arrangeSchemasOf(profile: Profile): ArrangeSchemas {
  if (profile === DEFAULT_PROFILE) return DEFAULT_SCHEMAS
  const known = derived.get(profile)
  if (known) return known
  const { rateLimits, resources, inputs } = profile
  const enumOf = (names: readonly string[]) => z.enum(names as [string, ...string[]])
  const types = enumOf(resources.broadcastingTypes)
  const cpm = cpmOf(inputs.cpm)
  const campaign = { broadcasting_type: z.optional(types), cpm: z.optional(cpm) }
  const options = {
    user: typedAs(
      ArrangeUserOptions,
      z.extend(ArrangeUserOptions, { tier: z.optional(enumOf(Object.keys(rateLimits.tiers))) }),
    ),
    advert: z.extend(ArrangeAdvertOptions, { title: z._default(titleOf(inputs.titleMaxLength), 'Arranged advert') }),
    campaign: typedAs(ArrangeCampaignOptions, z.extend(ArrangeCampaignOptions, campaign)),
    campaigns: typedAs(ArrangeCampaignsOptions, z.extend(ArrangeCampaignsOptions, campaign)),
  }
  const schemas: ArrangeSchemas = {
    ...options,
    inputs: inputsOf(options),
    campaignDefaults: {
      ...CAMPAIGN_DEFAULTS,
      broadcasting_type: (resources.broadcastingTypes.includes('active_ad')
        ? 'active_ad'
        : resources.broadcastingTypes[0]) as BroadcastingType,
      cpm: [2.5, 3, inputs.cpm.max].find((value) => cpm.safeParse(value).success) ?? CAMPAIGN_DEFAULTS.cpm,
      enabled: resources.newCampaignEnabled,
    },
  }
  derived.set(profile, schemas)
  return schemas
}

/** The bodies over HTTP under a profile: each field the profile bounds, as its option schema has it. */
function inputsOf({ user, advert, campaign }: Omit<ArrangeSchemas, 'campaignDefaults' | 'inputs'>) {
  const { broadcasting_type, cpm } = campaign.shape
  return {
    ArrangeUserInput: typedAs(ArrangeUserInput, z.extend(ArrangeUserInput, { tier: user.shape.tier })),
    ArrangeAdvertInput: typedAs(ArrangeAdvertInput, z.extend(ArrangeAdvertInput, { title: advert.shape.title })),
    ArrangeCampaignInput: typedAs(ArrangeCampaignInput, z.extend(ArrangeCampaignInput, { broadcasting_type, cpm })),
    ArrangeCampaignsInput: typedAs(ArrangeCampaignsInput, z.extend(ArrangeCampaignsInput, { broadcasting_type, cpm })),
  }
}
