import { PACKAGE_VERSION } from '../domain/package-version.js'
import { DEFAULT_TIER_LIMITS } from '../domain/tiers.js'
import {
  CampaignDelivery,
  ClockInput,
  ClockState,
  DeliveryInput,
  DeliveryReport,
  ErrorRule,
  FaultSettings,
  Health,
  LastIds,
  LatencySetting,
  MockState,
  SeedInput,
  TierLimitsOverride,
  TierOverrides,
  TierTable,
  TopUpInput,
  UserTierInput,
} from '../schemas/control-plane.js'
import { Dataset } from '../schemas/dataset.js'
import { JournalCleared, JournalEntry } from '../schemas/journal.js'
import {
  AdvertInUse,
  ArrangeAdvertInput,
  ArrangeCampaignInput,
  ArrangeCampaignsInput,
  ArrangeUserInput,
  ArrangeUserRef,
} from '../schemas/arrange.js'
import { Override, OverrideInput, OverridesCleared } from '../schemas/overrides.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import { must } from '../store/must.js'

// Control-plane examples, built from the default fixtures and tier table where they
// show data, and parsed with their schemas so a stale example fails at build time.

const dataset = Dataset.parse(DEFAULT_FIXTURES)
const campaign = must(dataset.campaigns[0], "the default fixtures' first campaign")
const advert = must(dataset.adverts.find((a) => a.id === campaign.advert_id), "the first campaign's advert")
const sends = 1000
// cpm is USD per thousand sends, so a thousand sends cost cpm USD: in micro-dollars, cpm * 1e6.
const charged = Math.round(campaign.cpm * 1_000_000 * (sends / 1000))
const now = '2026-02-01T12:00:00.000Z'
const latency = LatencySetting.parse({ min_ms: 100, max_ms: 300 })
const rule = ErrorRule.parse({ status: 503, rate: 0.1, method: 'GET', path: '/campaigns/**' })
const delivery = CampaignDelivery.parse({
  campaign_id: campaign.id,
  user_id: advert.user_id,
  sent: sends,
  charged_micros: charged,
  sending_count: campaign.sending_count + sends,
  sending_limit: campaign.sending_limit,
  enabled: true,
  outcome: 'sent',
})
const faults = FaultSettings.parse({ latency, errors: [rule], seed: 1 })
const highestId = (rows: { id: number }[]) => rows.reduce((max, row) => Math.max(max, row.id), 0)
// One more advert than the dataset holds: one was created and deleted since.
const lastIds = LastIds.parse({ users: highestId(dataset.users), adverts: highestId(dataset.adverts) + 1, campaigns: highestId(dataset.campaigns) })

const apiCampaign = { ...campaign, advert_title: advert.title }
const { user_id: _owner, ...apiAdvert } = advert
const emptyPage = { page: 1, per_page: 25, total_count: 0, total_pages: 0 }
const overrideInput = OverrideInput.parse({
  operation: 'listCampaigns',
  status: 200,
  body: { success: true, data: [], pagination: emptyPage },
  times: 1,
})

/** Examples of the control plane's named schemas, by `.meta({ id })` (input variants share them). */
export const ADMIN_SCHEMA_EXAMPLES: Readonly<Record<string, unknown>> = {
  UserTierInput: UserTierInput.parse({ tier: 'enterprise' }),
  TopUpInput: TopUpInput.parse({ amount_usd: 50 }),
  TierTable: TierTable.parse(DEFAULT_TIER_LIMITS),
  TierLimitsOverride: TierLimitsOverride.parse({ per_minute: 5 }),
  TierOverrides: TierOverrides.parse({ free: { per_minute: 5 }, pro: { per_day: 500_000 } }),
  ClockInput: ClockInput.parse({ advance_seconds: 60 }),
  ClockState: ClockState.parse({ now, epoch_ms: Date.parse(now), frozen: true }),
  DeliveryInput: DeliveryInput.parse({ sends, campaign_ids: [campaign.id] }),
  CampaignDelivery: delivery,
  DeliveryReport: DeliveryReport.parse({ sent: sends, charged_micros: charged, campaigns: [delivery] }),
  LatencySetting: latency,
  ErrorRule: rule,
  FaultSettings: faults,
  FaultSettingsInput: faults,
  JournalEntry: JournalEntry.parse({
    seq: 1,
    at: now,
    method: 'PATCH',
    path: `/api/v1/campaigns/${campaign.id}`,
    status: 200,
    duration_ms: 1.25,
    user_id: advert.user_id,
    operation_id: 'updateCampaign',
    request_body: { campaign: { cpm: 3 } },
    response_body: { success: true, data: { ...apiCampaign, cpm: 3, updated_at: now } },
    truncated: false,
  }),
  JournalCleared: JournalCleared.parse({ cleared: 12 }),
  Health: Health.parse({
    status: 'ok',
    version: PACKAGE_VERSION,
    uptime_ms: 93_500,
    counts: { users: dataset.users.length, adverts: dataset.adverts.length, campaigns: dataset.campaigns.length },
  }),
  SeedInput: SeedInput.parse({ source: 'generate', users: 100, seed: 7, adverts_per_user: 3, campaigns_per_advert: 2 }),
  Dataset: dataset,
  DatasetInput: dataset,
  OverrideInput: overrideInput,
  Override: Override.parse({
    id: 1,
    operation: 'listCampaigns',
    source: 'http',
    params: null,
    status: 200,
    headers: {},
    body: overrideInput.body,
    untyped: false,
    times: 1,
    hits: 0,
    delay_ms: 0,
  }),
  OverridesCleared: OverridesCleared.parse({ cleared: 2 }),
  ArrangeUserInput: ArrangeUserInput.parse({ tier: 'free', topups: [50], balance_usd: 0 }),
  ArrangeAdvertInput: ArrangeAdvertInput.parse({ user: advert.user_id, title: 'Spring sale' }),
  ArrangeCampaignInput: ArrangeCampaignInput.parse({ user: advert.user_id, sending_limit: 100, sending_count: 100 }),
  ArrangeCampaignsInput: ArrangeCampaignsInput.parse({ user: advert.user_id, count: 30, seed: 7 }),
  ArrangeUserRef: ArrangeUserRef.parse({ user: advert.user_id }),
  AdvertInUse: AdvertInUse.parse({ advert: apiAdvert, campaign: apiCampaign }),
  LastIds: lastIds,
  MockState: MockState.parse({ dataset, last_ids: lastIds, tiers: DEFAULT_TIER_LIMITS, clock: { now, frozen: false }, faults }),
  MockStateInput: MockState.parse({ dataset, last_ids: lastIds, tiers: DEFAULT_TIER_LIMITS, clock: { now, frozen: false }, faults }),
}
