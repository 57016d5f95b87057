import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs, FOUND } from './house-differences.js'

// The Laravel house: a Laravel API with API resources. Errors `{message, errors}` with no code,
// invalid input a 422 naming fields in dot notation (`campaign.cpm`); the router's 405 with Allow
// before any middleware; a policy's 403 for another account's record; LengthAwarePaginator's
// `meta` (current_page, from, last_page, per_page, to, total) and `links` (first, last, prev,
// next), 15 a page; the throttle middleware's X-RateLimit-Limit/Remaining (Reset and Retry-After on
// a 429); Carbon's stamps to the microsecond; `latest()` order; utf8mb4's 191-character strings;
// decimal(8,4) cpm; a campaign's delete answering its resource, an advert's answering 204.

/** The Laravel house, as data. */
export const LARAVEL: StyleDeclaration = {
  name: 'laravel',
  follows: 'Laravel (validation errors, API resources, LengthAwarePaginator, throttle middleware, Carbon)',
  conventions: {
    statuses: { invalid: 422, wrongType: 422, foreign: 403, wrongMethod: 405, inUse: 409, pastLastPage: 200 },
    routing: 'before-key',
    errors: { kind: 'message-map' },
    codes: null,
    problemPath: 'wrapped',
    paging: { kind: 'laravel' },
    pageSize: { param: 'per_page', default: 15, max: 100, above: 'refuse', below: 'refuse' },
    rateLimit: { family: 'laravel', algorithm: 'fixed-window' },
    deletes: { campaign: { status: 200, body: 'record' }, advert: { status: 204 } },
    stamps: 'us-z',
    order: { key: 'created_at', direction: 'desc' },
    ids: { start: 1, step: 1, sequence: 'shared' },
    apiKeyPrefix: 'lv_',
    broadcastingTypes: ['active_ad', 'native_ad', 'video_ad'],
    tier: { name: 'plus', perMinute: 750, perDay: 5_000, maxTopups: 3 },
    bounds: {
      titleMax: 191,
      descriptionMax: 5000,
      cpm: { max: 500, decimals: 4, beyond: 'refuse' },
      sendingLimitMax: 1_000_000,
    },
    unknownFields: 'ignore',
    newCampaignsEnabled: false,
    campaignDetailEmbedsAdvert: true,
    extraFields: {
      campaign: { status: { follows: 'enabled', values: { true: 'active', false: 'inactive' } } },
      balance: { currency: { constant: 'USD' } },
    },
  },
  seed: {
    balance: { balance_usd: 310.4, total_topups_usd: 500 },
    adverts: [
      { title: 'Yoga mats', description: 'Non-slip, 6 mm', daysAgo: 16 },
      { title: 'Running shoes', target_url: 'https://run.example.com', daysAgo: 8 },
      { title: 'Protein bars', daysAgo: 3, updatedDaysAgo: 1 },
    ],
    campaigns: [
      // Values no learner probes: the house's own broadcasting types, and a cpm to the fourth decimal.
      {
        advert: 0,
        broadcasting_type: 'video_ad',
        cpm: 0.0125,
        sending_limit: 400_000,
        sending_count: 90_000,
        enabled: true,
        daysAgo: 15,
      },
      {
        advert: 1,
        broadcasting_type: 'native_ad',
        cpm: 3.75,
        sending_limit: 5000,
        sending_count: 0,
        enabled: false,
        daysAgo: 6,
      },
      {
        advert: 1,
        broadcasting_type: 'active_ad',
        cpm: 1.2,
        sending_limit: 1000,
        sending_count: 999,
        enabled: true,
        daysAgo: 5,
      },
    ],
  },
  differences: [
    differs(
      'message-and-errors',
      'errorBody',
      "`{success: false, message, errors: {'campaign.cpm': ['…']}}`, no code",
      FOUND.errorShape,
    ),
    differs('foreign-403', 'foreign', '403 by a policy', FOUND.status(403)),
    differs('method-405', 'wrongMethod', '405 with Allow, before the key is read'),
    differs('in-use-409', 'inUse', '409', FOUND.inUse(/^Deleting a resource another one uses answered 409$/)),
    COMMON_ROWS.unknownIgnored,
    differs(
      'meta-and-links',
      'listEnvelope',
      '`meta: {current_page, from, last_page, per_page, to, total}`, `links: {first, last, prev, next}`',
      FOUND.pagingKey,
    ),
    COMMON_ROWS.defaultPageSize(15),
    COMMON_ROWS.pageUnbounded,
    COMMON_ROWS.advertIdZero,
    differs(
      'advert-delete-204',
      'deletes',
      'an advert: 204, no body (a campaign: 200 with the record)',
      FOUND.status(204),
    ),
    COMMON_ROWS.microsecondStamps,
    COMMON_ROWS.broadcastingTypes('native-and-video', '`active_ad`, `native_ad`, `video_ad`'),
    COMMON_ROWS.tier('plus'),
    COMMON_ROWS.cpmDecimals('up to 4 decimals'),
    COMMON_ROWS.cpmMax(500),
    COMMON_ROWS.titleLonger(191),
    COMMON_ROWS.descriptionLonger(5000),
    COMMON_ROWS.sendingLimitMax(1_000_000),
    COMMON_ROWS.campaignsStartDisabled,
    differs(
      'campaign-status',
      'extraFields',
      'campaigns carry `status`: `active` or `inactive`, following `enabled`',
      FOUND.extra('Campaign', 'status'),
    ),
    differs('balance-currency', 'extraFields', 'balances carry `currency: "USD"`', FOUND.extra('Balance', 'currency')),
    differs(
      'laravel-throttle',
      'rateLimitHeaders',
      'X-RateLimit-Limit/Remaining; X-RateLimit-Reset (epoch) on a 429 only; no RateLimit',
      FOUND.missingHeaders('X-RateLimit-Reset, RateLimit-Policy, RateLimit'),
    ),
  ],
}
