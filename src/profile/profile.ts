import * as z from 'zod/mini'

// The mock's choices where the interface spec is silent ("not shown"), as one value. The default
// profile is the mock's own; a twin (docs/twin.md) carries one learned from a deployment. Schemas,
// the pipeline, the domain, presentation and the OpenAPI document read their choice from here.

/** The version of this value's shape: a profile of another format is refused, not guessed at. */
export const PROFILE_FORMAT = 'ad-campaign-mock/profile@1'

const Name = z.string().check(z.minLength(1), z.maxLength(64))
const Count = z.int().check(z.positive())

/** Values beyond the document a resource carries, by field name: what a new record gets. */
const ExtraFields = z.record(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)), z.unknown())

/** The mock's own API tiers, by name (spec 2.2 leaves the values of api_tier open). */
export const DEFAULT_TIER_NAMES = ['free', 'basic', 'pro', 'enterprise'] as const

/** The mock's own broadcasting types: `active_ad` (named by the spec) and `passive_ad`. */
export const DEFAULT_BROADCASTING_TYPES = ['active_ad', 'passive_ad'] as const

/** An API tier's limits (spec 8). */
export const TierLimitsChoice = z.strictObject({ per_minute: Count, per_day: Count, max_topups: Count })

/** How errors look: the names of their codes, the statuses the spec leaves open, and their body. */
export const ErrorChoices = z.strictObject({
  /** The wire name of an error code, by the mock's name (`{ unauthorized: 'invalid_api_key' }`); missing ones keep the mock's. */
  codes: z.record(z.string(), Name),
  /** Another account's resource: 404 like a missing one (no existence leak), or 403. */
  foreignStatus: z.union([z.literal(404), z.literal(403)]),
  /** Invalid input (the schema refused a body or query): 422 or 400. */
  validationStatus: z.union([z.literal(422), z.literal(400)]),
  /** Deleting an advert a campaign uses: 422 or 409. */
  advertInUseStatus: z.union([z.literal(422), z.literal(409)]),
  /** A method a path does not have: 404 like an unknown path, or 405 with `Allow`. */
  unsupportedMethodStatus: z.union([z.literal(404), z.literal(405)]),
  /** Fields every error body adds beside code and message; `{code}` in a string value is the code. */
  extraFields: ExtraFields,
  /** Statuses whose error bodies leave `extraFields` out (`[422]`). */
  extraFieldsExcept: z.array(z.int()),
  /** The list of fields a validation error names: its key, and each item's keys. */
  problems: z.strictObject({ key: Name, field: Name, message: Name }),
  /** Whether a problem names the field with its wrapper (`campaign.cpm`) or without (`cpm`). */
  problemPathWrapped: z.boolean(),
})
export type ErrorChoices = z.infer<typeof ErrorChoices>

/** Rate limits: which headers say them, and the tiers. */
export const RateLimitChoices = z.strictObject({
  /** `x-ratelimit`: X-RateLimit-*; `ietf`: RateLimit and RateLimit-Policy; `both`. */
  headers: z.enum(['x-ratelimit', 'ietf', 'both']),
  tiers: z.record(Name, TierLimitsChoice),
  /** The tier of a user the control plane creates without one. */
  defaultTier: Name,
})
export type RateLimitChoices = z.infer<typeof RateLimitChoices>

/** Lists: page sizes, order, and the keys around the page. */
export const ListChoices = z.strictObject({
  defaultPerPage: Count,
  maxPerPage: Count,
  /** A per_page above the maximum: refused (422) or clamped to it. */
  abovePerPageMax: z.enum(['refuse', 'clamp']),
  order: z.enum(['newest_first', 'oldest_first']),
  /** The key of the page's position beside `data` (`pagination`, `meta`). */
  paginationKey: Name,
  /** Top-level keys a list adds beside `success`, `data` and the pagination, with their values. */
  extraKeys: ExtraFields,
})
export type ListChoices = z.infer<typeof ListChoices>

/** What a DELETE answers. */
const DeleteChoice = z.strictObject({
  /** 200 with the deleted resource, or 204 with no body. */
  status: z.union([z.literal(200), z.literal(204)]),
})

/** The resources: embedding, deletes, a new campaign's state, broadcasting types, extra fields. */
export const ResourceChoices = z.strictObject({
  campaignDetailEmbedsAdvert: z.boolean(),
  deletes: z.strictObject({ campaign: DeleteChoice, advert: DeleteChoice }),
  newCampaignEnabled: z.boolean(),
  broadcastingTypes: z.array(Name).check(z.minLength(1)),
  /** Fields beyond the document, by resource, with the value a new record gets. */
  extraFields: z.strictObject({ user: ExtraFields, advert: ExtraFields, campaign: ExtraFields, balance: ExtraFields }),
})
export type ResourceChoices = z.infer<typeof ResourceChoices>

/** Input bounds and strictness. */
export const InputChoices = z.strictObject({
  /** An unknown field in a body: refused (422 naming it) or ignored. */
  unknownFields: z.enum(['refuse', 'ignore']),
  /** The cpm's decimals (2: whole cents), or null for any positive number; and its largest value. */
  cpm: z.strictObject({ decimals: z.nullable(z.int().check(z.nonnegative())), max: z.number().check(z.positive()) }),
  titleMaxLength: Count,
})
export type InputChoices = z.infer<typeof InputChoices>

/** Timestamps and ids. */
export const StampChoices = z.strictObject({
  /** `ms`: `2026-01-15T09:30:00.123Z`; `s`: `2026-01-15T09:30:00Z`. */
  precision: z.enum(['ms', 's']),
  /** The id the first advert and campaign of an empty store get. */
  firstId: Count,
})
export type StampChoices = z.infer<typeof StampChoices>

/** Every choice the mock makes where the spec is silent. */
export const Profile = z.strictObject({
  format: z.literal(PROFILE_FORMAT),
  errors: ErrorChoices,
  rateLimits: RateLimitChoices,
  lists: ListChoices,
  resources: ResourceChoices,
  inputs: InputChoices,
  stamps: StampChoices,
})
export type Profile = z.infer<typeof Profile>

/** The mock's own choices: those the README lists under "Where the spec is silent". */
export const DEFAULT_PROFILE: Profile = {
  format: PROFILE_FORMAT,
  errors: {
    codes: {},
    foreignStatus: 404,
    validationStatus: 422,
    advertInUseStatus: 422,
    unsupportedMethodStatus: 404,
    extraFields: {},
    extraFieldsExcept: [],
    problems: { key: 'fields', field: 'field', message: 'message' },
    problemPathWrapped: true,
  },
  rateLimits: {
    headers: 'both',
    tiers: {
      free: { per_minute: 60, per_day: 1_000, max_topups: 3 },
      basic: { per_minute: 300, per_day: 20_000, max_topups: 10 },
      pro: { per_minute: 1_200, per_day: 200_000, max_topups: 100 },
      enterprise: { per_minute: 6_000, per_day: 2_000_000, max_topups: 1_000 },
    },
    defaultTier: 'basic',
  },
  lists: {
    defaultPerPage: 25,
    maxPerPage: 100,
    abovePerPageMax: 'refuse',
    order: 'newest_first',
    paginationKey: 'pagination',
    extraKeys: {},
  },
  resources: {
    campaignDetailEmbedsAdvert: true,
    deletes: { campaign: { status: 200 }, advert: { status: 200 } },
    newCampaignEnabled: true,
    broadcastingTypes: [...DEFAULT_BROADCASTING_TYPES],
    extraFields: { user: {}, advert: {}, campaign: {}, balance: {} },
  },
  inputs: { unknownFields: 'refuse', cpm: { decimals: 2, max: 100_000 }, titleMaxLength: 120 },
  stamps: { precision: 'ms', firstId: 1 },
}
