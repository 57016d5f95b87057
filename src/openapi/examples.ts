import * as z from 'zod/mini'
import { DEFAULT_TIER_LIMITS } from '../domain/tiers.js'
import { ApiError } from '../errors/api-error.js'
import type { FieldError } from '../errors/error-body.js'
import type { ErrorCode } from '../errors/error-codes.js'
import { injectedFault, MESSAGES } from '../errors/messages.js'
import { validate } from '../errors/validate.js'
import { ADMIN_TOKEN_HEADER } from '../http/credentials.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import { MAX_HEADER_BYTES } from '../http/request-limits.js'
import { Advert, AdvertInput, AdvertUpdateInput } from '../schemas/advert.js'
import { Campaign, CampaignDetailed, CampaignInput, CampaignUpdateInput } from '../schemas/campaign.js'
import { Dataset } from '../schemas/dataset.js'
import { DEFAULT_RESOURCE_CAPS } from '../schemas/resource-caps.js'
import { Balance, EXAMPLE_EMAIL_DOMAIN, User, UserUpdateInput } from '../schemas/user.js'
import { DEFAULT_FIXTURES } from '../store/fixtures.js'
import { generateDataset } from '../store/generate-dataset.js'
import { must } from '../store/must.js'
import { ADMIN_SCHEMA_EXAMPLES } from './admin-examples.js'

// Examples are data, not prose: what the mock holds for the demo user of the default
// fixtures, and "new" values from the faker dataset (fixed seed). Each is parsed with its
// schema here, so an example that no longer fits its schema fails at build time.

const fixtures = Dataset.parse(DEFAULT_FIXTURES)
const fresh = generateDataset({ seed: 1, users: 1 })
const demo = must(fixtures.users[0], "the default fixtures' demo user")
const newestFirst = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => b.id - a.id)

const demoAdverts = newestFirst(fixtures.adverts.filter((advert) => advert.user_id === demo.id)).map(({ user_id: _owner, ...advert }) =>
  Advert.parse(advert),
)
const titleOf = (advertId: number) => must(demoAdverts.find((advert) => advert.id === advertId), `the demo user's advert ${advertId}`).title
const demoCampaigns = newestFirst(fixtures.campaigns.filter((campaign) => demoAdverts.some((advert) => advert.id === campaign.advert_id))).map(
  (campaign) => Campaign.parse({ ...campaign, advert_title: titleOf(campaign.advert_id) }),
)

const { topups_count: _topups, ...demoUser } = demo
const user = User.parse({ ...demoUser, api_tier_limits: DEFAULT_TIER_LIMITS[demo.api_tier] })
const advert = must(demoAdverts[0], "the demo user's newest advert")
const campaign = must(demoCampaigns[0], "the demo user's newest campaign")
const [freshLocalPart = ''] = must(fresh.users[0], 'a generated user').email.split('@')
const { user_id: _freshOwner, id: _advertId, created_at: _a, updated_at: _b, ...freshAdvert } = must(fresh.adverts[0], 'a generated advert')
const { advert_id, broadcasting_type, cpm, sending_limit } = must(fresh.campaigns[0], 'a generated campaign')
const freshCampaign = { advert_id, broadcasting_type, cpm, sending_limit }

// What the mock says for each code, from the same MESSAGES the code that throws uses; the
// validation example below is produced by the mock's own validation.
const limits = DEFAULT_TIER_LIMITS[demo.api_tier]
const forced = (status: number) => injectedFault(status, 'fault rule 1 (rate 0.1)')
const EXAMPLE_MESSAGES: Readonly<Record<Exclude<ErrorCode, 'validation_failed'>, string>> = {
  invalid_json: MESSAGES.invalid_json.unparsable("Expected property name or '}' in JSON at position 1"),
  bad_request: MESSAGES.bad_request.unreadable('incorrect header check'),
  unauthorized: MESSAGES.unauthorized.invalid(),
  admin_forbidden: MESSAGES.admin_forbidden.token(ADMIN_TOKEN_HEADER),
  forbidden: MESSAGES.forbidden.foreign('Campaign', 42),
  not_found: MESSAGES.not_found.resource('Campaign', 42),
  route_not_found: MESSAGES.route_not_found.operation('api', 'GET', '/api/v1/campaign'),
  method_not_allowed: MESSAGES.method_not_allowed.allowed('PUT', '/api/v1/campaigns/42', ['GET', 'PATCH', 'DELETE']),
  payload_too_large: MESSAGES.payload_too_large.body(MAX_BODY_BYTES),
  unsupported_media_type: MESSAGES.unsupported_media_type.contentType('text/plain'),
  request_timeout: MESSAGES.request_timeout.listener(),
  headers_too_large: MESSAGES.headers_too_large.listener(MAX_HEADER_BYTES),
  advert_in_use: advertInUseMessage(),
  resource_limit_reached: MESSAGES.resource_limit_reached.perUser('campaign', demo.id, DEFAULT_RESOURCE_CAPS.campaigns_per_user),
  topup_limit_reached: MESSAGES.topup_limit_reached.tier(demo.id, demo.api_tier, limits.max_topups, limits.max_topups),
  rate_limit_exceeded: MESSAGES.rate_limit_exceeded.tier(demo.api_tier, limits.per_minute, 'minute', 42),
  internal_error: MESSAGES.internal_error.bug(),
  bad_gateway: forced(502),
  service_unavailable: forced(503),
  gateway_timeout: forced(504),
}

/** A realistic example of each named schema, by its `.meta({ id })`. */
export const SCHEMA_EXAMPLES: Readonly<Record<string, unknown>> = {
  User: user,
  ApiTierLimits: user.api_tier_limits,
  Balance: Balance.parse({ balance_usd: user.balance_usd, total_topups_usd: user.total_topups_usd }),
  Advert: advert,
  Campaign: campaign,
  CampaignDetailed: CampaignDetailed.parse({ ...campaign, advert: demoAdverts.find((a) => a.id === campaign.advert_id) }),
  UserUpdateInput: UserUpdateInput.parse({ user: { email: exampleEmail(freshLocalPart) } }),
  AdvertInput: AdvertInput.parse({ advert: freshAdvert }),
  AdvertUpdateInput: AdvertUpdateInput.parse({ advert: { title: freshAdvert.title } }),
  CampaignInput: CampaignInput.parse({ campaign: { ...freshCampaign, advert_id: advert.id } }),
  CampaignUpdateInput: CampaignUpdateInput.parse({ campaign: { cpm: freshCampaign.cpm, sending_limit: freshCampaign.sending_limit } }),
  NewUserInput: { email: exampleEmail('new.user'), tier: 'free' },
  StoreCounts: { users: fixtures.users.length, adverts: fixtures.adverts.length, campaigns: fixtures.campaigns.length },
  ...ADMIN_SCHEMA_EXAMPLES,
}

/** The demo user's records of a kind, newest first, as a list operation answers them. */
export const LIST_EXAMPLES: Readonly<Record<string, unknown[]>> = {
  Advert: demoAdverts,
  Campaign: demoCampaigns,
  User: fixtures.users.map(({ topups_count: _count, ...account }) => User.parse({ ...account, api_tier_limits: DEFAULT_TIER_LIMITS[account.api_tier] })),
}

/** An address in the examples' own domain. */
function exampleEmail(localPart: string): string {
  return `${localPart}@${EXAMPLE_EMAIL_DOMAIN}`
}

function advertInUseMessage(): string {
  const used = must(demoCampaigns.at(-1), "the demo user's oldest campaign").advert_id
  const campaigns = demoCampaigns.filter((c) => c.advert_id === used).map((c) => c.id)
  return MESSAGES.advert_in_use.campaigns(used, campaigns.sort((a, b) => a - b))
}

/** What the mock says for a code (its message, and for validation_failed the fields its validation names). @example errorExample('not_found').message */
export function errorExample(code: ErrorCode): { code: ErrorCode; message: string; fields?: FieldError[] } {
  if (code === 'validation_failed') {
    try {
      validate(CampaignInput, { campaign: { ...freshCampaign, cpm: 0, sending_limit: undefined } }, 'request body')
    } catch (error) {
      if (error instanceof ApiError) return { code, message: error.message, fields: error.fields ?? [] }
    }
    throw new Error('An invalid campaign passed validation')
  }
  return { code, message: EXAMPLE_MESSAGES[code] }
}

/** The example of a zod schema that has a name (or of an array of one), if any. */
export function exampleOf(schema: z.ZodMiniType): unknown {
  if (schema instanceof z.ZodMiniArray) {
    const item = exampleOf(schema.def.element as z.ZodMiniType)
    return item === undefined ? undefined : [item]
  }
  const id = z.globalRegistry.get(schema)?.id
  return id === undefined ? undefined : SCHEMA_EXAMPLES[id]
}
