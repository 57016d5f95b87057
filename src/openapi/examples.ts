import { z } from 'zod'
import { DEFAULT_TIER_LIMITS } from '../domain/tiers.js'
import { validate } from '../http/parse-input.js'
import type { ErrorCode } from '../http/error-codes.js'
import { ApiError } from '../http/api-error.js'
import { Advert, AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import { Campaign, CampaignDetailed, CampaignInput, CampaignUpdateInput } from '../schemas/campaign.js'
import { PAGE_SIZE, type Pagination } from '../schemas/common.js'
import { Dataset } from '../schemas/dataset.js'
import type { ErrorBody as ApiErrorBody } from '../schemas/error.js'
import { Balance, User, UserUpdateInput } from '../schemas/user.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import { generateDataset } from '../store/generate-dataset.js'
import { ADMIN_SCHEMA_EXAMPLES } from './admin-examples.js'

// Examples are data, not prose: what the mock holds for the demo user of the default
// fixtures, and "new" values from the faker dataset (fixed seed). Each is parsed with its
// schema here, so an example that no longer fits its schema fails at build time.

const fixtures = Dataset.parse(DEFAULT_FIXTURES)
const fresh = generateDataset({ seed: 1, users: 1 })
const demo = fixtures.users[0]!
const newestFirst = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => b.id - a.id)

const demoAdverts = newestFirst(fixtures.adverts.filter((advert) => advert.user_id === demo.id)).map(({ user_id: _owner, ...advert }) =>
  Advert.parse(advert),
)
const titleOf = (advertId: number) => demoAdverts.find((advert) => advert.id === advertId)!.title
const demoCampaigns = newestFirst(fixtures.campaigns.filter((campaign) => demoAdverts.some((advert) => advert.id === campaign.advert_id))).map(
  (campaign) => Campaign.parse({ ...campaign, advert_title: titleOf(campaign.advert_id) }),
)

const { topups_count: _topups, ...demoUser } = demo
const user = User.parse({ ...demoUser, api_tier_limits: DEFAULT_TIER_LIMITS[demo.api_tier] })
const advert = demoAdverts[0]!
const campaign = demoCampaigns[0]!
const { user_id: _freshOwner, id: _advertId, created_at: _a, updated_at: _b, ...freshAdvert } = fresh.adverts[0]!
const { advert_id, broadcasting_type, cpm, sending_limit } = fresh.campaigns[0]!
const freshCampaign = { advert_id, broadcasting_type, cpm, sending_limit }

// What the mock says for each code; the validation example below is produced by the
// mock's own validation, so its wording is the real one.
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  invalid_json: 'The request body is not valid JSON: Expected property name or \'}\' in JSON at position 1',
  unauthorized: 'Invalid API key',
  admin_forbidden: 'The control plane needs the admin token in the x-admin-token header',
  not_found: `Campaign 42 does not exist`,
  route_not_found: 'No operation GET /api/v1/campaign',
  payload_too_large: 'The request body is larger than 1mb',
  unsupported_media_type: 'Send the body as JSON with Content-Type: application/json (got "text/plain")',
  advert_in_use: advertInUseMessage(),
  rate_limit_exceeded: `Rate limit exceeded: the ${demo.api_tier} tier admits ${DEFAULT_TIER_LIMITS[demo.api_tier].per_minute} requests per minute; retry in 42 s`,
  internal_error: 'The mock failed unexpectedly; this is a bug in the mock',
}

/** A realistic example of each named schema, by its `.meta({ id })`. */
export const SCHEMA_EXAMPLES: Readonly<Record<string, unknown>> = {
  User: user,
  ApiTierLimits: user.api_tier_limits,
  Balance: Balance.parse({ balance_usd: user.balance_usd, total_topups_usd: user.total_topups_usd }),
  Advert: advert,
  Campaign: campaign,
  CampaignDetailed: CampaignDetailed.parse({ ...campaign, advert: demoAdverts.find((a) => a.id === campaign.advert_id) }),
  Pagination: pageOf(demoCampaigns.length),
  UserUpdateInput: UserUpdateInput.parse({ user: { email: fresh.users[0]!.email } }),
  AdvertInput: AdvertInput.parse({ advert: freshAdvert }),
  AdvertUpdateInput: AdvertUpdateInput.parse({ advert: { title: freshAdvert.title } }),
  CampaignInput: CampaignInput.parse({ campaign: { ...freshCampaign, advert_id: advert.id } }),
  CampaignUpdateInput: CampaignUpdateInput.parse({ campaign: { cpm: freshCampaign.cpm, sending_limit: freshCampaign.sending_limit } }),
  Error: errorExample('not_found'),
  ValidationError: errorExample('validation_failed'),
  FieldError: (errorExample('validation_failed').fields ?? [])[0],
  NewUserInput: { email: fresh.users[0]!.email, tier: 'free' },
  StoreCounts: { users: fixtures.users.length, adverts: fixtures.adverts.length, campaigns: fixtures.campaigns.length },
  ...ADMIN_SCHEMA_EXAMPLES,
}

/** The demo user's records of a kind, newest first, as a list operation answers them. */
export const LIST_EXAMPLES: Readonly<Record<string, unknown[]>> = {
  Advert: demoAdverts,
  Campaign: demoCampaigns,
  User: fixtures.users.map(({ topups_count: _count, ...account }) => User.parse({ ...account, api_tier_limits: DEFAULT_TIER_LIMITS[account.api_tier] })),
}

/** The first page of a list of `total` records at the default page size. */
export function pageOf(total: number): Pagination {
  return { page: 1, per_page: PAGE_SIZE.default, total_count: total, total_pages: Math.ceil(total / PAGE_SIZE.default) }
}

function advertInUseMessage(): string {
  const used = demoCampaigns.at(-1)!.advert_id
  const users = demoCampaigns.filter((c) => c.advert_id === used).map((c) => c.id)
  return `Failed to delete advert ${used}: campaigns ${users.sort((a, b) => a - b).join(', ')} still use it`
}

/** The error body the mock gives for a code. @example errorExample('not_found').message */
export function errorExample(code: ErrorCode): ApiErrorBody & { fields?: { field: string; message: string }[] } {
  if (code === 'validation_failed') {
    try {
      validate(CampaignInput, { campaign: { ...freshCampaign, cpm: 0, sending_limit: undefined } }, 'request body')
    } catch (error) {
      if (error instanceof ApiError) return { code, message: error.message, fields: error.fields ?? [] }
    }
    throw new Error('An invalid campaign passed validation')
  }
  return { code, message: MESSAGES[code] ?? code.replaceAll('_', ' ') }
}

/** The example of a zod schema that has a name (or of an array of one), if any. */
export function exampleOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodArray) {
    const item = exampleOf(schema.element as z.ZodType)
    return item === undefined ? undefined : [item]
  }
  const id = z.globalRegistry.get(schema)?.id
  return id === undefined ? undefined : SCHEMA_EXAMPLES[id]
}
