import { z } from 'zod'
import { Id, Timestamp, Usd } from './common.js'
import { Dataset } from './dataset.js'
import { API_TIERS, ApiTier, ApiTierLimits, Email } from './user.js'

/** Body of POST /__admin/users; every field optional. */
export const NewUserInput = z
  .strictObject({
    email: Email.optional().meta({ description: 'Defaults to user<id>@example.com.' }),
    tier: ApiTier.optional().meta({ description: 'Defaults to basic.' }),
  })
  .meta({ id: 'NewUserInput' })
export type NewUserInput = z.infer<typeof NewUserInput>

/** How many records each collection holds. */
export const StoreCounts = z
  .strictObject({ users: z.int().nonnegative(), adverts: z.int().nonnegative(), campaigns: z.int().nonnegative() })
  .meta({ id: 'StoreCounts' })
export type StoreCounts = z.infer<typeof StoreCounts>

/** Body of PATCH /__admin/users/{id}. */
export const UserTierInput = z.strictObject({ tier: ApiTier }).meta({ id: 'UserTierInput' })
export type UserTierInput = z.infer<typeof UserTierInput>

/** Body of POST /__admin/users/{id}/topups. */
export const TopUpInput = z
  .strictObject({ amount_usd: Usd.positive().meta({ description: 'USD to add, more than zero, whole cents.' }) })
  .meta({ id: 'TopUpInput' })
export type TopUpInput = z.infer<typeof TopUpInput>

/** The limits of every tier. */
export const TierTable = z
  .strictObject(Object.fromEntries(API_TIERS.map((tier) => [tier, ApiTierLimits])) as Record<ApiTier, typeof ApiTierLimits>)
  .meta({ id: 'TierTable' })
export type TierTable = z.infer<typeof TierTable>

/** Body of PATCH /__admin/tiers: the tiers to change, each given whole. */
export const TierOverrides = TierTable.partial().meta({ id: 'TierOverrides' })
export type TierOverrides = z.infer<typeof TierOverrides>

/** Body of POST /__admin/clock: exactly one way to move the clock. */
export const ClockInput = z
  .union([
    z.strictObject({ advance_ms: z.int().min(0).max(366 * 86_400_000).meta({ description: 'Move forward by this many milliseconds.' }) }),
    z.strictObject({ advance_seconds: z.int().min(0).max(366 * 86_400).meta({ description: 'Move forward by this many seconds.' }) }),
    z.strictObject({ set: z.iso.datetime({ offset: true }).meta({ description: 'Stand still at this instant (ISO 8601).' }) }),
    z.strictObject({ resume: z.literal(true).meta({ description: 'Follow real time again from where the clock stands.' }) }),
  ])
  .meta({ id: 'ClockInput' })
export type ClockInput = z.infer<typeof ClockInput>

/** Where the mock's clock stands. */
export const ClockState = z
  .strictObject({
    now: Timestamp,
    epoch_ms: z.int(),
    frozen: z.boolean().meta({ description: 'Whether the clock stands still (true after `set`, until `resume`).' }),
  })
  .meta({ id: 'ClockState' })
export type ClockState = z.infer<typeof ClockState>

/** Body of POST /__admin/deliveries. */
export const DeliveryInput = z
  .strictObject({
    sends: z.int().min(1).max(1_000_000_000).meta({ description: 'Sends to attempt for each campaign.' }),
    campaign_ids: z
      .array(Id)
      .min(1)
      .max(1000)
      .optional()
      .meta({ description: 'Only these campaigns (they must exist); by default every enabled campaign.' }),
  })
  .meta({ id: 'DeliveryInput' })
export type DeliveryInput = z.infer<typeof DeliveryInput>

/** Why a campaign sent fewer than asked, or stopped. */
export const DELIVERY_OUTCOMES = ['sent', 'limit_reached', 'disabled_unpaid', 'skipped_disabled'] as const
export const DeliveryOutcome = z.enum(DELIVERY_OUTCOMES).meta({
  description:
    'sent: every requested send was made and the campaign can pay for more; limit_reached: sending_count is at sending_limit (the campaign stays enabled); disabled_unpaid: the balance cannot pay for one more send, so the campaign was disabled; skipped_disabled: it was disabled before the delivery.',
})

/** What a delivery did to one campaign. */
export const CampaignDelivery = z
  .strictObject({
    campaign_id: Id,
    user_id: Id,
    sent: z.int().nonnegative(),
    charged_micros: z.int().nonnegative().meta({ description: 'Charged, in micro-dollars (exact).' }),
    sending_count: z.int().nonnegative(),
    sending_limit: z.int().positive(),
    enabled: z.boolean(),
    outcome: DeliveryOutcome,
  })
  .meta({ id: 'CampaignDelivery' })
export type CampaignDelivery = z.infer<typeof CampaignDelivery>

/** Answer of POST /__admin/deliveries. */
export const DeliveryReport = z
  .strictObject({
    sent: z.int().nonnegative(),
    charged_micros: z.int().nonnegative(),
    campaigns: z.array(CampaignDelivery),
  })
  .meta({ id: 'DeliveryReport' })
export type DeliveryReport = z.infer<typeof DeliveryReport>

/** Statuses fault injection may force (errors/error-codes maps each to its error code). */
export const FAULT_STATUSES = [401, 404, 429, 500, 502, 503, 504] as const
/** A status fault injection may force. */
export type FaultStatus = (typeof FAULT_STATUSES)[number]

/** Longest latency a fault setting or a request's `Prefer: delay=` may add, in milliseconds. */
export const MAX_DELAY_MS = 60_000

const Milliseconds = z.int().min(0).max(MAX_DELAY_MS)

/** Added latency: fixed (min_ms only) or uniformly drawn from [min_ms, max_ms]. */
export const LatencySetting = z
  .strictObject({ min_ms: Milliseconds, max_ms: Milliseconds.optional() })
  .refine(({ min_ms, max_ms }) => max_ms === undefined || max_ms >= min_ms, { message: 'max_ms must be at least min_ms', path: ['max_ms'] })
  .meta({ id: 'LatencySetting' })

/** A forced error: requests matching method and path fail with `status` at `rate`. */
export const ErrorRule = z
  .strictObject({
    status: z.literal(FAULT_STATUSES),
    rate: z.number().min(0).max(1).meta({ description: 'Share of matching requests that fail, 0 to 1.' }),
    method: z.enum(['GET', 'POST', 'PATCH', 'DELETE']).optional().meta({ description: 'Only this method; any by default.' }),
    path: z
      .string()
      .regex(/^\/[\w\-./*{}]*$/)
      .max(200)
      .optional()
      .meta({ description: 'Only paths below /api/v1 matching this pattern: `*` one segment, `**` any, `{id}` one segment.' }),
  })
  .meta({ id: 'ErrorRule' })
export type ErrorRule = z.infer<typeof ErrorRule>

/** Latency and forced errors for the public API (never for /__admin). */
export const FaultSettings = z
  .strictObject({
    latency: LatencySetting.nullable().default(null),
    errors: z.array(ErrorRule).max(50).default([]).meta({ description: 'Checked in order; the first that fires answers.' }),
    seed: z.int().min(0).max(2 ** 32 - 1).default(1).meta({ description: 'Seed of the random draws, so runs repeat.' }),
  })
  .meta({ id: 'FaultSettings' })
export type FaultSettings = z.infer<typeof FaultSettings>
export type FaultSettingsInput = z.input<typeof FaultSettings>

/** One request the public API answered. */
export const JournalEntry = z
  .strictObject({
    seq: z.int().positive(),
    at: Timestamp,
    method: z.string(),
    path: z.string().meta({ description: 'Path and query string as requested.' }),
    status: z.int(),
    duration_ms: z.number().nonnegative(),
    user_id: Id.nullable().meta({ description: 'The authenticated user; null when authentication failed or was not reached.' }),
    operation_id: z.string().nullable(),
  })
  .meta({ id: 'JournalEntry' })

/** Answer of DELETE /__admin/requests. */
export const JournalCleared = z.strictObject({ cleared: z.int().nonnegative() }).meta({ id: 'JournalCleared' })

/** Body of POST /__admin/seed: the default fixtures, or a generated dataset. */
export const SeedInput = z
  .discriminatedUnion('source', [
    z.strictObject({ source: z.literal('fixtures') }),
    z.strictObject({
      source: z.literal('generate'),
      users: z.int().min(0).max(10_000),
      seed: z.int().min(0).max(2 ** 31 - 1).default(1),
      adverts_per_user: z.int().min(0).max(20).default(3),
      campaigns_per_advert: z.int().min(0).max(20).default(2),
    }),
  ])
  .meta({ id: 'SeedInput' })
export type SeedInput = z.infer<typeof SeedInput>

const LastId = z.int().nonnegative()

/** The highest id each table has handed out, deleted rows included: what keeps ids growing after a state is saved and loaded. */
export const LastIds = z
  .strictObject({ users: LastId, adverts: LastId, campaigns: LastId })
  .meta({ id: 'LastIds', description: 'The highest id handed out so far in each table, deleted rows included; new records get higher ids.' })
export type LastIds = z.infer<typeof LastIds>

/** The whole state: what GET /__admin/state answers and POST /__admin/state restores. */
export const MockState = z
  .strictObject({
    dataset: Dataset,
    last_ids: LastIds.optional().meta({
      description: 'Id counters; each at least the highest id of its table in the dataset (the default).',
    }),
    tiers: TierTable.optional(),
    clock: ClockState.pick({ now: true, frozen: true }).optional(),
    faults: FaultSettings.optional(),
  })
  .meta({ id: 'MockState' })
export type MockState = z.infer<typeof MockState>
export type MockStateInput = z.input<typeof MockState>
