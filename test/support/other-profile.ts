import { DEFAULT_PROFILE, type Profile } from '../../src/profile/profile.js'
import { DEFAULT_FIXTURES } from '../../src/store/fixtures.js'

// A profile other than the default changes every silent choice it names, the same in every
// transport: this one differs from the default on each (the kind of choices a deployment someone
// else built makes; see contract-tests/independent-server/differences.ts).
export const OTHER_PROFILE: Profile = {
  ...DEFAULT_PROFILE,
  errors: {
    codes: { unauthorized: 'invalid_api_key', not_found: 'resource_not_found', validation_failed: 'invalid_request' },
    foreignStatus: 403,
    validationStatus: 400,
    advertInUseStatus: 409,
    unsupportedMethodStatus: 405,
    extraFields: { documentation_url: 'https://docs.example/errors/{code}' },
    extraFieldsExcept: [400],
    problems: { key: 'errors', field: 'path', message: 'detail' },
    problemPathWrapped: false,
  },
  rateLimits: {
    headers: 'ietf',
    tiers: { ...DEFAULT_PROFILE.rateLimits.tiers, starter: { per_minute: 500, per_day: 100_000, max_topups: 10 } },
    defaultTier: 'starter',
  },
  lists: {
    defaultPerPage: 2,
    maxPerPage: 3,
    abovePerPageMax: 'clamp',
    order: 'oldest_first',
    paginationKey: 'meta',
    extraKeys: {},
  },
  resources: {
    campaignDetailEmbedsAdvert: false,
    deletes: { campaign: { status: 204 }, advert: { status: 204 } },
    newCampaignEnabled: false,
    broadcastingTypes: ['active_ad'],
    extraFields: {
      user: { locale: 'en-US' },
      advert: { status: 'active' },
      campaign: {},
      balance: { currency: 'USD' },
    },
  },
  inputs: { unknownFields: 'ignore', cpm: { decimals: null, max: 1000 }, titleMaxLength: 200 },
  stamps: { precision: 's', firstId: 1 },
}

// The default fixtures, with every campaign of the one broadcasting type OTHER accepts.
export const OTHER_PROFILE_FIXTURES = {
  ...DEFAULT_FIXTURES,
  campaigns: DEFAULT_FIXTURES.campaigns.map((row) => ({ ...row, broadcasting_type: 'active_ad' as const })),
}
