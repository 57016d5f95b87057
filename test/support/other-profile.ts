import { DEFAULT_PROFILE, type Profile } from '../../src/profile/profile.js'
import { DEFAULT_FIXTURES } from '../../src/store/fixtures.js'

// A profile other than the default changes every silent choice it names, the same in every
// transport: this one differs from the default on each (the kind of choices a deployment someone
// else built makes; see contract-tests/independent-server/differences.ts).
export const OTHER_PROFILE: Profile = {
  ...DEFAULT_PROFILE,
  errors: {
    ...DEFAULT_PROFILE.errors,
    codes: { unauthorized: 'invalid_api_key', not_found: 'resource_not_found', validation_failed: 'invalid_request' },
    statuses: { ...DEFAULT_PROFILE.errors.statuses, validation_failed: 400, advert_in_use: 409 },
    foreign: 'forbidden',
    unsupportedMethod: 'method_not_allowed',
    authenticateUnknownRoutes: true,
    authenticateUnsupportedMethods: true,
    body: {
      success: false,
      error: {
        code: { $slot: 'code' },
        message: { $slot: 'message' },
        errors: { $each: 'problems', item: { path: { $slot: 'problem.field' }, detail: { $slot: 'problem.message' } } },
        documentation_url: { $text: 'https://docs.example/errors/{code}' },
      },
    },
    // Invalid input's body leaves the documentation URL out.
    bodies: {
      validation_failed: {
        success: false,
        error: {
          code: { $slot: 'code' },
          message: { $slot: 'message' },
          errors: {
            $each: 'problems',
            item: { path: { $slot: 'problem.field' }, detail: { $slot: 'problem.message' } },
          },
        },
      },
    },
  },
  rateLimits: {
    headers: [
      { name: 'RateLimit-Policy', value: '{policy}' },
      { name: 'RateLimit', value: '{ratelimit}' },
      { name: 'Retry-After', value: '{retry_after}', only429: true },
    ],
    tiers: { ...DEFAULT_PROFILE.rateLimits.tiers, starter: { per_minute: 500, per_day: 100_000, max_topups: 10 } },
    defaultTier: 'starter',
    countsUnrouted: true,
  },
  lists: {
    params: { page: 'page', perPage: 'per_page' },
    defaultPerPage: 2,
    maxPerPage: 3,
    abovePerPageMax: 'clamp',
    belowPerPageMin: 'default',
    beyondLastPage: 'not_found',
    maxPage: null,
    order: { field: 'id', direction: 'asc' },
    envelope: {
      success: true,
      data: { $slot: 'items' },
      meta: {
        page: { $slot: 'page' },
        per_page: { $slot: 'per_page' },
        total_count: { $slot: 'total' },
        total_pages: { $slot: 'pages' },
      },
    },
  },
  resources: {
    campaignDetailEmbedsAdvert: false,
    deletes: { campaign: { status: 204, body: null }, advert: { status: 204, body: null } },
    advertInUse: 'refuse',
    statuses: { createAdvert: 200 },
    newCampaignEnabled: false,
    broadcastingTypes: ['active_ad'],
    extraFields: {
      user: { locale: 'en-US' },
      advert: { status: 'active' },
      campaign: {},
      balance: { currency: 'USD' },
    },
    fieldOrder: { user: [], advert: ['title', 'id'], campaign: [], balance: [] },
  },
  inputs: {
    unknownFields: 'ignore',
    cpm: { decimals: null, max: 1000, beyond: 'refuse' },
    titleMaxLength: 200,
    descriptionMaxLength: null,
    sendingLimitMax: 5_000_000_000,
    filterIdsOutOfRange: 'match_nothing',
  },
  stamps: { format: { fraction: 0, zone: 'Z' }, firstId: 1, idStep: 1, idSequence: 'per-kind', counters: null },
}

// The default fixtures, with every campaign of the one broadcasting type OTHER accepts.
export const OTHER_PROFILE_FIXTURES = {
  ...DEFAULT_FIXTURES,
  campaigns: DEFAULT_FIXTURES.campaigns.map((row) => ({ ...row, broadcasting_type: 'active_ad' as const })),
}
