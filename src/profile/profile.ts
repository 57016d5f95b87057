import * as z from 'zod/mini'
import { TemplateOf, type Template } from './template.js'
import { DEFAULT_ERROR_STATUSES, ERROR_CODE_NAMES } from './error-statuses.js'
import { DEFAULT_BROADCASTING_TYPES, WRITE_OPERATIONS } from './names.js'

export { DEFAULT_ERROR_STATUSES, ERROR_CODE_NAMES, type ErrorCode } from './error-statuses.js'
export { DEFAULT_BROADCASTING_TYPES, DEFAULT_TIER_NAMES, WRITE_OPERATIONS, type WriteOperation } from './names.js'

// The mock's choices where the interface spec is silent ("not shown"), as one value. The default
// profile is the mock's own; a twin (docs/twin.md) carries one learned from a deployment. One model
// is compiled from it (src/model/): the pipeline, presentation, the OpenAPI document and its prose
// read their choice from that model, never from a table of their own.
//
// Two kinds of choice: knobs for what is truly discrete (a status, an order, a bound, accept or
// refuse), and templates (profile/template.ts) for what is a shape: an error body, a list's
// envelope, a delete's answer, a rate-limit header's value, a field that follows another.

/** The version of this value's shape: a profile of another format is refused, not guessed at. */
export const PROFILE_FORMAT = 'ad-campaign-mock/profile@2'

const Name = z.string().check(z.minLength(1), z.maxLength(64))
const Count = z.int().check(z.positive())
const Status = z.int().check(z.minimum(100), z.maximum(599))

/** Values beyond the document a resource carries, by field name: what a new record gets, or a `$map` that follows another field. */
const ExtraFields = z.record(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)), TemplateOf('field'))

/** An API tier's limits (spec 8). */
export const TierLimitsChoice = z.strictObject({ per_minute: Count, per_day: Count, max_topups: Count })

/** How errors look: their statuses, the names of their codes, and their bodies. */
export const ErrorChoices = z.strictObject({
  /** The status of each error code. */
  statuses: z.record(z.enum(ERROR_CODE_NAMES), Status),
  /** The wire name of an error code, by the mock's name (`{ unauthorized: 'invalid_api_key' }`); missing ones keep the mock's. */
  codes: z.record(z.string(), Name),
  /** Another account's resource: answered as a missing one (no existence leak), or as `forbidden`. */
  foreign: z.enum(['not_found', 'forbidden']),
  /** A method a path does not have: answered as an unknown path, or as `method_not_allowed` with `Allow`. */
  unsupportedMethod: z.enum(['route_not_found', 'method_not_allowed']),
  /**
   * Whether a path or method no operation has is answered only after the key is checked (a 401
   * without one; counted, with the rate-limit headers, with one), as a deployment with an
   * authentication layer in front of its router does; the mock answers it first.
   */
  authenticateUnknownRoutes: z.boolean(),
  /** The same, for a method a path does not have (a deployment may route methods before its key check and paths after). */
  authenticateUnsupportedMethods: z.boolean(),
  /** The media type of an error body (`application/problem+json`). */
  contentType: Name,
  /** Every error's body, with its slots (profile/template.ts, ERROR_SLOTS). */
  body: TemplateOf('error'),
  /** The body of a kind of error where it is not `body` (a 401 without the problem list, a 404 of its own). */
  bodies: z.partialRecord(z.enum(ERROR_CODE_NAMES), TemplateOf('error')),
  /**
   * The media type of a kind of error where it is not `contentType`: an unknown route answered by a
   * framework's own HTML page (Express's `Cannot GET /x`), whose body is then a text (`$text`), sent as it is.
   */
  media: z.partialRecord(z.enum(ERROR_CODE_NAMES), z.string().check(z.regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/))),
})
export type ErrorChoices = z.infer<typeof ErrorChoices>

/** A rate-limit header: its name and its value, a text with slots (`{remaining}`). */
export const HeaderChoice = z.strictObject({
  name: z.string().check(z.regex(/^[A-Za-z0-9-]+$/)),
  value: z.string().check(z.minLength(1)),
  /** Sent on a 429 only (Retry-After). */
  only429: z.optional(z.boolean()),
})
export type HeaderChoice = z.infer<typeof HeaderChoice>

/** Rate limits: the headers that say them, and the tiers. */
export const RateLimitChoices = z.strictObject({
  /** The headers of every authenticated answer (and Retry-After on a 429), in the order they are sent. */
  headers: z.array(HeaderChoice),
  tiers: z.record(Name, TierLimitsChoice),
  /** The tier of a user the control plane creates without one. */
  defaultTier: Name,
  /**
   * Whether a path or method no operation has, where its key is checked first, counts against the
   * limit and carries the headers (it does not where routing answers before the limiter).
   */
  countsUnrouted: z.boolean(),
})
export type RateLimitChoices = z.infer<typeof RateLimitChoices>

/** Lists: their query parameters, page sizes, order, and the envelope around a page. */
export const ListChoices = z.strictObject({
  /** The names of the query parameters that page a list (`size`, `limit`); `page` null where no parameter picks a page. */
  params: z.strictObject({ page: z.nullable(Name), perPage: Name }),
  defaultPerPage: Count,
  maxPerPage: Count,
  /** A per_page above the maximum: refused (422) or clamped to it. */
  abovePerPageMax: z.enum(['refuse', 'clamp']),
  /** A per_page below 1: refused (422), or the default page size. */
  belowPerPageMin: z.enum(['refuse', 'default']),
  /** The largest page number taken, or null for any (where a page past the last is a 404, or every one tried was taken). */
  maxPage: z.nullable(Count),
  /** A page past the last: an empty page, or a 404 (not_found). */
  beyondLastPage: z.enum(['empty', 'not_found']),
  /** The field a list is sorted by, and which way (ties: by id the same way). */
  order: z.strictObject({ field: z.enum(['id', 'created_at', 'updated_at']), direction: z.enum(['asc', 'desc']) }),
  /** The list's answer, with its slots (LIST_SLOTS, `$link`). */
  envelope: TemplateOf('list'),
})
export type ListChoices = z.infer<typeof ListChoices>

/** What a DELETE answers: its status, and its body (null: none). */
const DeleteChoice = z.strictObject({
  status: z.union([z.literal(200), z.literal(202), z.literal(204)]),
  body: z.nullable(TemplateOf('delete')),
})
export type DeleteChoice = z.infer<typeof DeleteChoice>

/** The resources: embedding, deletes, a new campaign's state, broadcasting types, extra fields. */
export const ResourceChoices = z.strictObject({
  campaignDetailEmbedsAdvert: z.boolean(),
  deletes: z.strictObject({ campaign: DeleteChoice, advert: DeleteChoice }),
  /** Deleting an advert a campaign uses: refused (advert_in_use), or done with its campaigns. */
  advertInUse: z.enum(['refuse', 'cascade']),
  /**
   * The success status of a write where it is not the mock's (the spec shows only POST /campaigns's
   * 201): a create answered 200, a toggle 201. The body is the same; a DELETE's is in `deletes`.
   */
  statuses: z.partialRecord(z.enum(WRITE_OPERATIONS), z.union([z.literal(200), z.literal(201), z.literal(202)])),
  newCampaignEnabled: z.boolean(),
  broadcastingTypes: z.array(Name).check(z.minLength(1)),
  /** Fields beyond the document, by resource: the value a new record gets, or how it follows another field. */
  extraFields: z.strictObject({ user: ExtraFields, advert: ExtraFields, campaign: ExtraFields, balance: ExtraFields }),
  /** The order a resource's fields are written in, where it is not the document's (`title` before `id`); fields it does not name follow. */
  fieldOrder: z.strictObject({
    user: z.array(Name),
    advert: z.array(Name),
    campaign: z.array(Name),
    balance: z.array(Name),
  }),
})
export type ResourceChoices = z.infer<typeof ResourceChoices>

/** Input bounds and strictness. */
export const InputChoices = z.strictObject({
  /** An unknown field in a body: refused (422 naming it) or ignored. */
  unknownFields: z.enum(['refuse', 'ignore']),
  /**
   * The cpm's decimals (2: whole cents), or null for any positive number; its largest value; and a
   * cpm with more decimals: refused, or rounded to them.
   */
  cpm: z.strictObject({
    decimals: z.nullable(z.int().check(z.nonnegative())),
    max: z.number().check(z.positive()),
    beyond: z.enum(['refuse', 'round']),
  }),
  titleMaxLength: Count,
  /** The longest description, or null where the deployment took every length tried (none is documented). */
  descriptionMaxLength: z.nullable(Count),
  /** The largest sending_limit, or null where the deployment took every value tried. */
  sendingLimitMax: z.nullable(Count),
  /** A list filter naming an id out of range (advert_id=0): refused, or matching nothing. */
  filterIdsOutOfRange: z.enum(['refuse', 'match_nothing']),
})
export type InputChoices = z.infer<typeof InputChoices>

/**
 * How a timestamp is written: its fraction of a second (0 to 9 digits: 3 to the millisecond, 6 to
 * the microsecond, 7 as .NET writes), its zone (`Z`, or a fixed offset: `+00:00`, `+01:00`,
 * `-0500`), and whether trailing zeros of the fraction are left out (Go's RFC 3339 with
 * nanoseconds; no fraction at all on a whole second).
 */
export const StampFormat = z.strictObject({
  fraction: z.int().check(z.minimum(0), z.maximum(9)),
  zone: z.string().check(z.regex(/^(Z|[+-](0\d|1[0-4]):?[0-5]\d)$/)),
  trimmed: z.optional(z.boolean()),
})
export type StampFormat = z.infer<typeof StampFormat>

/** Timestamps and ids. */
export const StampChoices = z.strictObject({
  format: StampFormat,
  /** The id the first advert and campaign of an empty store get. */
  firstId: Count,
  /** How far apart two ids handed out one after the other are. */
  idStep: Count,
  /** Whether adverts and campaigns draw their ids from one sequence (an advert 7, then a campaign 8) or each from its own. */
  idSequence: z.enum(['per-kind', 'shared']),
  /**
   * Where a deployment's id counters stood when it was learned: the next advert and campaign ids it
   * would give (a twin goes on from there, so its ids, and the values written from them, are the
   * deployment's). Null for the mock's own.
   */
  counters: z.nullable(z.strictObject({ adverts: Count, campaigns: Count })),
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

/** The mock's own error body: `{ success: false, error: { code, message, fields? } }`. */
const ERROR_BODY: Template = {
  success: false,
  error: {
    code: { $slot: 'code' },
    message: { $slot: 'message' },
    fields: { $each: 'problems', item: { field: { $slot: 'problem.path' }, message: { $slot: 'problem.message' } } },
  },
}

/** The mock's own list envelope: `{ success: true, data, pagination: { page, per_page, total_count, total_pages } }`. */
const LIST_ENVELOPE: Template = {
  success: true,
  data: { $slot: 'items' },
  pagination: {
    page: { $slot: 'page' },
    per_page: { $slot: 'per_page' },
    total_count: { $slot: 'total' },
    total_pages: { $slot: 'pages' },
  },
}

/** A DELETE answered 200 with the deleted record, as the mock does. */
const DELETED_RECORD = { status: 200, body: { success: true, data: { $slot: 'record' } } } as const

/** The mock's own choices: those docs/choices.md lists under "Where the spec is silent". */
export const DEFAULT_PROFILE: Profile = {
  format: PROFILE_FORMAT,
  errors: {
    statuses: { ...DEFAULT_ERROR_STATUSES },
    codes: {},
    foreign: 'not_found',
    unsupportedMethod: 'route_not_found',
    authenticateUnknownRoutes: false,
    authenticateUnsupportedMethods: false,
    contentType: 'application/json; charset=utf-8',
    body: ERROR_BODY,
    bodies: {},
    media: {},
  },
  rateLimits: {
    headers: [
      { name: 'X-RateLimit-Limit', value: '{limit}' },
      { name: 'X-RateLimit-Remaining', value: '{remaining}' },
      { name: 'X-RateLimit-Reset', value: '{reset}' },
      { name: 'RateLimit-Policy', value: '{policy}' },
      { name: 'RateLimit', value: '{ratelimit}' },
      { name: 'Retry-After', value: '{retry_after}', only429: true },
    ],
    tiers: {
      free: { per_minute: 60, per_day: 1_000, max_topups: 3 },
      basic: { per_minute: 300, per_day: 20_000, max_topups: 10 },
      pro: { per_minute: 1_200, per_day: 200_000, max_topups: 100 },
      enterprise: { per_minute: 6_000, per_day: 2_000_000, max_topups: 1_000 },
    },
    defaultTier: 'basic',
    countsUnrouted: true,
  },
  lists: {
    params: { page: 'page', perPage: 'per_page' },
    defaultPerPage: 25,
    maxPerPage: 100,
    abovePerPageMax: 'refuse',
    belowPerPageMin: 'refuse',
    beyondLastPage: 'empty',
    maxPage: 1_000_000,
    order: { field: 'id', direction: 'desc' },
    envelope: LIST_ENVELOPE,
  },
  resources: {
    campaignDetailEmbedsAdvert: true,
    deletes: { campaign: DELETED_RECORD, advert: DELETED_RECORD },
    advertInUse: 'refuse',
    statuses: {},
    newCampaignEnabled: true,
    broadcastingTypes: [...DEFAULT_BROADCASTING_TYPES],
    extraFields: { user: {}, advert: {}, campaign: {}, balance: {} },
    fieldOrder: { user: [], advert: [], campaign: [], balance: [] },
  },
  inputs: {
    unknownFields: 'refuse',
    cpm: { decimals: 2, max: 100_000, beyond: 'refuse' },
    titleMaxLength: 120,
    descriptionMaxLength: 2000,
    sendingLimitMax: 1_000_000_000,
    filterIdsOutOfRange: 'refuse',
  },
  stamps: { format: { fraction: 3, zone: 'Z' }, firstId: 1, idStep: 1, idSequence: 'per-kind', counters: null },
}
