import * as z from 'zod/mini'
import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { Advert, AdvertInput, AdvertUpdateInput, Description, TargetUrl, titleOf } from './advert.js'
import {
  BooleanParam,
  Campaign,
  CampaignDetailed,
  CampaignInput,
  CampaignListQuery,
  CampaignUpdateInput,
  cpmOf,
  SendingLimit,
} from './campaign.js'
import { Id, IdParam, PaginationQuery, paginationQueryOf, timestampOf } from './common.js'
import {
  MockState,
  NewUserInput,
  TierOverrides,
  TierTable,
  tierOverridesOf,
  tierTableOf,
  UserTierInput,
} from './control-plane.js'
import { AdvertRecord, CampaignRecord, Dataset, UserRecord } from './dataset.js'
import { Balance, Email, User, UserUpdateInput } from './user.js'
import { GLOBAL_NAMER, localNamer, type Namer } from './namer.js'

// The schemas a profile validates and describes with. The default profile's are the modules' own
// (their bounds are read from DEFAULT_PROFILE); another profile's are derived here from the same
// pieces with its bounds, enums, strictness and extra fields. TypeScript's types stay the default
// profile's: a profile widens what is accepted at run time (another tier name, an extra field),
// never the shape code reads.

/** The schemas a profile validates, stores and describes with. */
export interface ProfiledSchemas {
  inputs: {
    UserUpdateInput: z.ZodMiniType
    CampaignInput: z.ZodMiniType
    CampaignUpdateInput: z.ZodMiniType
    AdvertInput: z.ZodMiniType
    AdvertUpdateInput: z.ZodMiniType
  }
  queries: { PaginationQuery: z.ZodMiniObject; CampaignListQuery: z.ZodMiniObject }
  resources: {
    User: z.ZodMiniType
    Balance: z.ZodMiniType
    Advert: z.ZodMiniType
    Campaign: z.ZodMiniType
    CampaignDetailed: z.ZodMiniType
  }
  /** The store's records: what a dataset, a state file and a twin's captured account hold. */
  records: {
    UserRecord: typeof UserRecord
    AdvertRecord: typeof AdvertRecord
    CampaignRecord: typeof CampaignRecord
    Dataset: typeof Dataset
    /** The whole state as exported and saved (a state file, web storage): the dataset and the profile's tier table. */
    MockState: typeof MockState
  }
  /** Names the schemas derived for the profile (the schema modules' own names for the default profile). */
  namer: Namer
  /** The control plane's bodies that name tiers: the profile's tier names, and no other. */
  controls: {
    NewUserInput: typeof NewUserInput
    UserTierInput: typeof UserTierInput
    TierTable: typeof TierTable
    TierOverrides: typeof TierOverrides
  }
}

const DEFAULT_SCHEMAS: ProfiledSchemas = {
  inputs: { UserUpdateInput, CampaignInput, CampaignUpdateInput, AdvertInput, AdvertUpdateInput },
  queries: { PaginationQuery, CampaignListQuery },
  resources: { User, Balance, Advert, Campaign, CampaignDetailed },
  records: { UserRecord, AdvertRecord, CampaignRecord, Dataset, MockState },
  namer: GLOBAL_NAMER,
  controls: { NewUserInput, UserTierInput, TierTable, TierOverrides },
}

/**
 * The schemas of a profile: the default profile's are the modules' own; another's are derived.
 * @example profiledSchemas(twin.profile).inputs.AdvertInput.safeParse({ advert: { title: 'x'.repeat(150) } })
 */
export function profiledSchemas(profile: Profile): ProfiledSchemas {
  if (profile === DEFAULT_PROFILE) return DEFAULT_SCHEMAS
  let schemas = derived.get(profile)
  if (!schemas) derived.set(profile, (schemas = deriveSchemas(profile)))
  return schemas
}

/** Each profile's schemas, derived once (a profile is not changed once a mock serves it). */
const derived = new WeakMap<Profile, ProfiledSchemas>()

const SCHEMA_GROUPS: readonly SchemaGroup[] = ['inputs', 'queries', 'resources', 'records', 'controls']
type SchemaGroup = Exclude<keyof ProfiledSchemas, 'namer'>

/**
 * Pairs each default schema of the groups with the profile's, so an operation declared with the
 * default's can be given the profile's (model/model-operations.ts).
 */
export function schemaPairs(
  schemas: ProfiledSchemas,
  groups: readonly SchemaGroup[] = SCHEMA_GROUPS,
): Map<z.ZodMiniType, z.ZodMiniType> {
  const pairs = new Map<z.ZodMiniType, z.ZodMiniType>()
  for (const group of groups) {
    const defaults: Record<string, z.ZodMiniType> = DEFAULT_SCHEMAS[group]
    const profiled: Record<string, z.ZodMiniType> = schemas[group]
    for (const [name, schema] of Object.entries(defaults)) pairs.set(schema, profiled[name] ?? schema)
  }
  return pairs
}

/** The pieces every derived schema is built of: the profile's enums and bounds, and its strictness. */
function piecesOf({ inputs, resources, rateLimits, stamps }: Profile) {
  return {
    object: inputs.unknownFields === 'refuse' ? z.strictObject : z.object,
    tier: z.enum(Object.keys(rateLimits.tiers) as [string, ...string[]]),
    broadcastingType: z.enum(resources.broadcastingTypes as [string, ...string[]]),
    cpm: cpmOf(inputs.cpm),
    cpmInput: cpmOf(inputs.cpm, 'input'),
    title: titleOf(inputs.titleMaxLength),
    timestamp: timestampOf(stamps.format),
  }
}

/** The bodies a profile accepts. */
function inputsOf(profile: Profile, namer: Namer): ProfiledSchemas['inputs'] {
  const { object, broadcastingType, cpmInput: cpm, title } = piecesOf(profile)
  const atLeastOne = z.refine(
    (fields: unknown) => Object.keys(fields as object).length > 0,
    'must contain at least one field',
  )
  const campaignFields = object({
    advert_id: Id,
    broadcasting_type: broadcastingType,
    cpm,
    sending_limit: SendingLimit,
  })
  return {
    UserUpdateInput: namer.named(object({ user: object({ email: Email }) }), 'UserUpdateInput'),
    CampaignInput: namer.named(object({ campaign: campaignFields }), 'CampaignInput'),
    CampaignUpdateInput: namer.named(
      object({ campaign: z.partial(z.extend(campaignFields, { enabled: z.boolean() })).check(atLeastOne) }),
      'CampaignUpdateInput',
    ),
    AdvertInput: namer.named(
      object({
        advert: object({ title, description: z._default(Description, ''), target_url: z._default(TargetUrl, null) }),
      }),
      'AdvertInput',
    ),
    AdvertUpdateInput: namer.named(
      object({
        advert: z.partial(object({ title, description: Description, target_url: TargetUrl })).check(atLeastOne),
      }),
      'AdvertUpdateInput',
    ),
  }
}

function deriveSchemas(profile: Profile): ProfiledSchemas {
  const { resources, lists } = profile
  const namer = localNamer()
  const { broadcastingType, cpm, title, tier, timestamp } = piecesOf(profile)
  const controls = controlsOf(profile)
  const extra = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(fields).map((name) => [name, z.optional(z.unknown())]))
  const stamps = { created_at: timestamp, updated_at: timestamp }
  const paginationQuery = paginationQueryOf(lists)
  const advert = namer.named(z.extend(Advert, { title, ...stamps, ...extra(resources.extraFields.advert) }), 'Advert')
  const campaign = namer.named(
    z.extend(Campaign, {
      broadcasting_type: broadcastingType,
      cpm,
      ...stamps,
      ...extra(resources.extraFields.campaign),
    }),
    'Campaign',
  )
  const userRecord = z.extend(UserRecord, { api_tier: tier, ...stamps, ...extra(resources.extraFields.user) })
  const advertRecord = z.extend(AdvertRecord, { title, ...stamps, ...extra(resources.extraFields.advert) })
  const campaignRecord = z.extend(CampaignRecord, {
    broadcasting_type: broadcastingType,
    cpm,
    ...stamps,
    ...extra(resources.extraFields.campaign),
  })
  const records = {
    UserRecord: typedAs(UserRecord, userRecord),
    AdvertRecord: typedAs(AdvertRecord, advertRecord),
    CampaignRecord: typedAs(CampaignRecord, campaignRecord),
  }
  const dataset = typedAs(
    Dataset,
    z.strictObject({
      users: z.array(z.extend(records.UserRecord, { topups_count: z._default(z.int().check(z.nonnegative()), 0) })),
      adverts: z.array(records.AdvertRecord),
      campaigns: z.array(records.CampaignRecord),
    }),
  )
  return {
    inputs: inputsOf(profile, namer),
    queries: {
      PaginationQuery: paginationQuery,
      CampaignListQuery: z.extend(paginationQuery, {
        enabled: z.optional(BooleanParam),
        advert_id: z.optional(IdParam),
        broadcasting_type: z.optional(broadcastingType),
      }),
    },
    resources: {
      User: namer.named(z.extend(User, { api_tier: tier, ...stamps, ...extra(resources.extraFields.user) }), 'User'),
      Balance: namer.named(z.extend(Balance, extra(resources.extraFields.balance)), 'Balance'),
      Advert: advert,
      Campaign: campaign,
      CampaignDetailed: namer.named(z.extend(campaign, { advert }), 'CampaignDetailed'),
    },
    namer,
    records: {
      ...records,
      Dataset: dataset,
      // The whole state under the profile: its dataset, and a tier table of its own tier names.
      MockState: typedAs(MockState, z.extend(MockState, { dataset, tiers: z.optional(controls.TierTable) })),
    },
    controls,
  }
}

/** The control plane's bodies under a profile: a tier is one of its names, a tier table has each of them. */
function controlsOf(profile: Profile): ProfiledSchemas['controls'] {
  const { tier } = piecesOf(profile)
  const tierNames = Object.keys(profile.rateLimits.tiers)
  return {
    NewUserInput: typedAs(NewUserInput, z.extend(NewUserInput, { tier: z.optional(tier) })),
    UserTierInput: typedAs(UserTierInput, z.extend(UserTierInput, { tier })),
    TierTable: typedAs(TierTable, tierTableOf(tierNames)),
    TierOverrides: typedAs(TierOverrides, tierOverridesOf(tierNames)),
  }
}

/**
 * A profile's schema, typed as the default's it widens: it accepts more than the default's type
 * says (another tier name, an extra field), and TypeScript keeps the default's shape, which is all
 * the code reads of a record. The one place a schema's type is asserted rather than inferred (arrange's
 * options under a profile go through it too).
 * @example typedAs(UserRecord, z.extend(UserRecord, { api_tier: z.enum(['starter']) }))
 */
export function typedAs<S extends z.ZodMiniType>(_default: S, widened: z.ZodMiniType): S {
  return widened as unknown as S
}
