import * as z from 'zod/mini'
import { Id, Timestamp, Usd } from './common.js'
import { Dataset } from './dataset.js'
import { meta } from './meta.js'
import { API_TIERS, ApiTier, ApiTierLimits, Email, GENERATED_EMAIL_DOMAIN } from './user.js'

/**
 * A tier's name as the in-process controls take it: the mock's own four, or another a profile names
 * (a twin's `starter`); the mock's schemas under its profile (schemas/profiled.ts) check it at run time.
 */
export type TierName = ApiTier | (string & {})

/** Body of POST /__admin/users; every field optional. */
export const NewUserInput = meta(
  z.strictObject({
    email: meta(z.optional(Email), { description: `Defaults to user<id>@${GENERATED_EMAIL_DOMAIN}.` }),
    tier: meta(z.optional(ApiTier), { description: 'Defaults to basic.' }),
  }),
  { id: 'NewUserInput' },
)
export type NewUserInput = z.infer<typeof NewUserInput>

/** How many records each collection holds. */
const Count = z.int().check(z.nonnegative())
export const StoreCounts = meta(z.strictObject({ users: Count, adverts: Count, campaigns: Count }), {
  id: 'StoreCounts',
})
export type StoreCounts = z.infer<typeof StoreCounts>

/** Data of GET /__admin/health: the mock is up, which version, for how long, holding what. */
export const Health = meta(
  z.strictObject({
    status: meta(z.literal('ok'), { description: 'Always ok: a mock that answers is ready.' }),
    version: meta(z.string(), { description: 'The version of ad-campaign-mock serving.' }),
    uptime_ms: meta(Count, {
      description: 'Milliseconds since the mock was created (real time, whatever its clock says).',
    }),
    counts: StoreCounts,
  }),
  { id: 'Health' },
)
export type Health = z.infer<typeof Health>

/** Body of PATCH /__admin/users/{id}. */
export const UserTierInput = meta(z.strictObject({ tier: ApiTier }), { id: 'UserTierInput' })
export type UserTierInput = z.infer<typeof UserTierInput>

/** Body of POST /__admin/users/{id}/topups. */
export const TopUpInput = meta(
  z.strictObject({
    amount_usd: meta(Usd.check(z.positive()), { description: 'USD to add, more than zero, whole cents.' }),
  }),
  { id: 'TopUpInput' },
)
export type TopUpInput = z.infer<typeof TopUpInput>

/** The limits of one tier to change; those left out keep their current value. */
export const TierLimitsOverride = meta(z.partial(ApiTierLimits), { id: 'TierLimitsOverride' })

// Built for the mock's four names here, and for a profile's by tierTableOf and tierOverridesOf (not
// generic themselves: a generic zod builder's declaration does not type-check in a consumer's project).
const tierTable = <T extends string>(names: readonly T[]) =>
  z.strictObject(Object.fromEntries(names.map((tier) => [tier, ApiTierLimits])) as Record<T, typeof ApiTierLimits>)
const tierOverrides = <T extends string>(names: readonly T[]) =>
  z.partial(
    z.strictObject(
      Object.fromEntries(names.map((tier) => [tier, TierLimitsOverride])) as Record<T, typeof TierLimitsOverride>,
    ),
  )

/** The limits of every tier. */
export const TierTable = meta(tierTable(API_TIERS), { id: 'TierTable' })
export type TierTable = z.infer<typeof TierTable>

/** Body of PATCH /__admin/tiers: the tiers to change, each with only the limits to change, merged over the current ones. */
export const TierOverrides = meta(tierOverrides(API_TIERS), { id: 'TierOverrides' })
export type TierOverrides = z.infer<typeof TierOverrides>
/** The tier overrides as given: under a profile (a twin's), its own tier names too. */
export type TierOverridesInput = z.input<typeof TierOverrides> & {
  [tier: string]: z.input<typeof TierLimitsOverride> | undefined
}

/** The limits of every tier of these names, each whole: a profile's tier table. */
export const tierTableOf = (names: readonly string[]): z.ZodMiniType => tierTable(names)

/** Tiers of these names to change, each with only the limits to change; another name is an unknown field. */
export const tierOverridesOf = (names: readonly string[]): z.ZodMiniType => tierOverrides(names)

/** Body of POST /__admin/clock: exactly one way to move the clock. */
export const ClockInput = meta(
  z.union([
    z.strictObject({
      advance_ms: meta(z.int().check(z.minimum(0), z.maximum(366 * 86_400_000)), {
        description: 'Move forward by this many milliseconds.',
      }),
    }),
    z.strictObject({
      advance_seconds: meta(z.int().check(z.minimum(0), z.maximum(366 * 86_400)), {
        description: 'Move forward by this many seconds.',
      }),
    }),
    z.strictObject({
      set: meta(z.iso.datetime({ offset: true }), { description: 'Stand still at this instant (ISO 8601).' }),
    }),
    z.strictObject({
      resume: meta(z.literal(true), { description: 'Follow real time again from where the clock stands.' }),
    }),
  ]),
  { id: 'ClockInput' },
)
export type ClockInput = z.infer<typeof ClockInput>

/** Where the mock's clock stands. */
export const ClockState = meta(
  z.strictObject({
    now: Timestamp,
    epoch_ms: z.int(),
    frozen: meta(z.boolean(), { description: 'Whether the clock stands still (true after `set`, until `resume`).' }),
  }),
  { id: 'ClockState' },
)
export type ClockState = z.infer<typeof ClockState>

/** Body of POST /__admin/deliveries. */
export const DeliveryInput = meta(
  z.strictObject({
    sends: meta(z.int().check(z.minimum(1), z.maximum(1_000_000_000)), {
      description: 'Sends to attempt for each campaign.',
    }),
    campaign_ids: meta(z.optional(z.array(Id).check(z.minLength(1), z.maxLength(1000))), {
      description: 'Only these campaigns (they must exist); by default every enabled campaign.',
    }),
  }),
  { id: 'DeliveryInput' },
)
export type DeliveryInput = z.infer<typeof DeliveryInput>

/** Why a campaign sent fewer than asked, or stopped. */
export const DELIVERY_OUTCOMES = ['sent', 'limit_reached', 'disabled_unpaid', 'skipped_disabled'] as const
export const DeliveryOutcome = meta(z.enum(DELIVERY_OUTCOMES), {
  description:
    'sent: every requested send was made and the campaign can pay for more; limit_reached: sending_count is at sending_limit (the campaign stays enabled); disabled_unpaid: the balance cannot pay for one more send, so the campaign was disabled; skipped_disabled: it was disabled before the delivery.',
})

/** What a delivery did to one campaign. */
export const CampaignDelivery = meta(
  z.strictObject({
    campaign_id: Id,
    user_id: Id,
    sent: Count,
    charged_micros: meta(Count, { description: 'Charged, in micro-dollars (exact).' }),
    sending_count: Count,
    sending_limit: z.int().check(z.positive()),
    enabled: z.boolean(),
    outcome: DeliveryOutcome,
  }),
  { id: 'CampaignDelivery' },
)
export type CampaignDelivery = z.infer<typeof CampaignDelivery>

/** Answer of POST /__admin/deliveries. */
export const DeliveryReport = meta(
  z.strictObject({
    sent: Count,
    charged_micros: Count,
    campaigns: z.array(CampaignDelivery),
  }),
  { id: 'DeliveryReport' },
)
export type DeliveryReport = z.infer<typeof DeliveryReport>

/** Statuses fault injection may force (errors/error-codes maps each to its error code). */
export const FAULT_STATUSES = [401, 404, 429, 500, 502, 503, 504] as const
/** A status fault injection may force. */
export type FaultStatus = (typeof FAULT_STATUSES)[number]

/** Longest latency a fault setting or a request's `Prefer: delay=` may add, in milliseconds. */
export const MAX_DELAY_MS = 60_000

const Milliseconds = z.int().check(z.minimum(0), z.maximum(MAX_DELAY_MS))

/** Added latency: fixed (min_ms only) or uniformly drawn from [min_ms, max_ms]. */
export const LatencySetting = meta(
  z.strictObject({ min_ms: Milliseconds, max_ms: z.optional(Milliseconds) }).check(
    z.refine(({ min_ms, max_ms }) => max_ms === undefined || max_ms >= min_ms, {
      message: 'max_ms must be at least min_ms',
      path: ['max_ms'],
    }),
  ),
  { id: 'LatencySetting' },
)

/** A forced error: requests matching method and path fail with `status` at `rate`. */
export const ErrorRule = meta(
  z.strictObject({
    status: z.literal(FAULT_STATUSES),
    rate: meta(z.number().check(z.minimum(0), z.maximum(1)), {
      description: 'Share of matching requests that fail, 0 to 1.',
    }),
    method: meta(z.optional(z.enum(['GET', 'POST', 'PATCH', 'DELETE'])), {
      description: 'Only this method; any by default.',
    }),
    path: meta(z.optional(z.string().check(z.regex(/^\/[\w\-./*{}]*$/), z.maxLength(200))), {
      description: 'Only paths below /api/v1 matching this pattern: `*` one segment, `**` any, `{id}` one segment.',
    }),
  }),
  { id: 'ErrorRule' },
)
export type ErrorRule = z.infer<typeof ErrorRule>

/** Latency and forced errors for the public API (never for /__admin). */
export const FaultSettings = meta(
  z.strictObject({
    latency: z._default(z.nullable(LatencySetting), null),
    errors: meta(z._default(z.array(ErrorRule).check(z.maxLength(50)), []), {
      description: 'Checked in order; the first that fires answers.',
    }),
    seed: meta(z._default(z.int().check(z.minimum(0), z.maximum(2 ** 32 - 1)), 1), {
      description: 'Seed of the random draws, so runs repeat.',
    }),
  }),
  { id: 'FaultSettings' },
)
export type FaultSettings = z.infer<typeof FaultSettings>
export type FaultSettingsInput = z.input<typeof FaultSettings>

/** Body of POST /__admin/seed: the default fixtures, or a generated dataset. */
const upTo = (max: number) => z.int().check(z.minimum(0), z.maximum(max))
export const SeedInput = meta(
  z.discriminatedUnion('source', [
    z.strictObject({ source: z.literal('fixtures') }),
    z.strictObject({
      source: z.literal('generate'),
      users: upTo(10_000),
      seed: z._default(upTo(2 ** 31 - 1), 1),
      adverts_per_user: z._default(upTo(20), 3),
      campaigns_per_advert: z._default(upTo(20), 2),
    }),
  ]),
  { id: 'SeedInput' },
)
export type SeedInput = z.infer<typeof SeedInput>

/** The highest id each table has handed out, deleted rows included: what keeps ids growing after a state is saved and loaded. */
export const LastIds = meta(z.strictObject({ users: Count, adverts: Count, campaigns: Count }), {
  id: 'LastIds',
  description: 'The highest id handed out so far in each table, deleted rows included; new records get higher ids.',
})
export type LastIds = z.infer<typeof LastIds>

/** The whole state: what GET /__admin/state answers and POST /__admin/state restores. */
export const MockState = meta(
  z.strictObject({
    dataset: Dataset,
    last_ids: meta(z.optional(LastIds), {
      description: 'Id counters; each at least the highest id of its table in the dataset (the default).',
    }),
    tiers: z.optional(TierTable),
    clock: z.optional(z.pick(ClockState, { now: true, frozen: true })),
    faults: z.optional(FaultSettings),
  }),
  { id: 'MockState' },
)
export type MockState = z.infer<typeof MockState>
export type MockStateInput = z.input<typeof MockState>
