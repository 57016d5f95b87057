import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, defect, differs, FOUND, needing } from './house-differences.js'

// The Rails house: a Rails API app as it comes. Routing errors before the controller (a 404 for a
// method a path lacks, key or no key); ActiveRecord's errors as a map of field to messages
// (`errors: {cpm: ['…']}`) under an error object; `restrict_with_error` refusing an advert in use
// with 422; kaminari's `meta` (current_page, next_page, prev_page, total_pages, total_count) with
// 25 a page and per_page clamped at 100; Rack::Attack's X-RateLimit-* with an epoch Reset;
// ActiveSupport's stamps to the millisecond; a table per kind from 1; decimal(10,2) rounding a
// cpm; lists by last update; deletes answering the destroyed record; unpermitted params ignored.
// Its one defect: PATCH /adverts/{id} clears target_url when the body leaves it out.

/** The Rails house, as data. */
export const RAILS: StyleDeclaration = {
  name: 'rails',
  follows:
    'Rails API (ActiveRecord errors, restrict_with_error, strong parameters), kaminari pagination, Rack::Attack headers',
  conventions: {
    statuses: { invalid: 422, wrongType: 422, foreign: 404, wrongMethod: 404, inUse: 422, pastLastPage: 200 },
    routing: 'before-key',
    errors: { kind: 'error-object', problems: { form: 'map', key: 'errors' } },
    codes: {
      unauthorized: 'unauthorized',
      not_found: 'record_not_found',
      route_not_found: 'routing_error',
      forbidden: 'forbidden',
      invalid: 'record_invalid',
      invalid_json: 'parse_error',
      method_not_allowed: 'routing_error',
      in_use: 'delete_restricted',
      rate_limited: 'throttled',
      too_large: 'payload_too_large',
      internal: 'internal_server_error',
    },
    problemPath: 'leaf',
    paging: { kind: 'rails' },
    pageSize: { param: 'per_page', default: 25, max: 100, above: 'clamp', below: 'default' },
    rateLimit: { family: 'x-ratelimit', algorithm: 'fixed-window' },
    deletes: { campaign: { status: 200, body: 'record' }, advert: { status: 200, body: 'record' } },
    stamps: 'ms-z',
    order: { key: 'updated_at', direction: 'desc' },
    ids: { start: 1, step: 1, sequence: 'per-kind' },
    apiKeyPrefix: 'rk_live_',
    broadcastingTypes: ['active_ad', 'passive_ad', 'sponsored_ad'],
    tier: { name: 'silver', perMinute: 600, perDay: 50_000, maxTopups: 10 },
    bounds: {
      titleMax: 255,
      descriptionMax: 5000,
      cpm: { max: 100_000, decimals: 2, beyond: 'round' },
      sendingLimitMax: 2_147_483_647,
    },
    unknownFields: 'ignore',
    newCampaignsEnabled: true,
    campaignDetailEmbedsAdvert: true,
    extraFields: { campaign: { currency: { constant: 'USD' } }, user: { time_zone: { constant: 'UTC' } } },
    defect: 'patch-clears-target-url',
  },
  seed: {
    balance: { balance_usd: 0, total_topups_usd: 0 },
    adverts: [
      {
        title: 'Back to school',
        description: 'Pens, paper, bags',
        target_url: 'https://school.example.com',
        daysAgo: 14,
      },
      { title: 'Laptop deals', daysAgo: 11, updatedDaysAgo: 3 },
    ],
    campaigns: [
      {
        advert: 0,
        broadcasting_type: 'passive_ad',
        cpm: 4.2,
        sending_limit: 10_000,
        sending_count: 2_500,
        enabled: true,
        daysAgo: 13,
        updatedDaysAgo: 2,
      },
      {
        advert: 1,
        broadcasting_type: 'active_ad',
        cpm: 2.1,
        sending_limit: 3000,
        sending_count: 3000,
        enabled: false,
        daysAgo: 7,
      },
    ],
  },
  differences: [
    differs(
      'error-map',
      'problemList',
      "invalid input lists `errors: {cpm: ['…']}` beside code and message",
      FOUND.problemList,
    ),
    differs('code-record-not-found', 'code404', '404 `record_not_found`', FOUND.code('not_found')),
    differs(
      'code-routing-error',
      'codeRoute',
      'a method a path lacks: 404 `routing_error`, before the key is read',
      FOUND.undocumentedCode('routing_error'),
    ),
    differs('code-record-invalid', 'code422', '422 `record_invalid`', FOUND.code('validation_failed')),
    differs('code-parse-error', 'code400', '400 `parse_error`', FOUND.code('invalid_json')),
    needing('rate-limit', differs('code-throttled', 'code429', '429 `throttled`', FOUND.code('rate_limit_exceeded'))),
    differs(
      'in-use-restricted',
      'inUse',
      '422 `delete_restricted`',
      FOUND.inUse(/^Deleting a resource another one uses was refused with another code$/),
    ),
    differs('unpermitted-ignored', 'unknownFields', 'ignored (strong parameters)', FOUND.accepted(/unknown field /)),
    differs(
      'kaminari-meta',
      'listEnvelope',
      '`meta: {current_page, next_page, prev_page, total_pages, total_count}`',
      FOUND.pagingKey,
    ),
    COMMON_ROWS.perPageUnchecked('`per_page` more than 100 served as 100, below 1 the default (25)'),
    COMMON_ROWS.pageUnbounded,
    COMMON_ROWS.advertIdZero,
    differs('updated-first', 'order', 'last updated first', FOUND.order),
    differs('ids-per-table', 'ids', 'a sequence per table, from 1'),
    // Wider than ours, and never in an answer the suite reads: no check sees it.
    differs('sponsored-ad', 'broadcastingTypes', '`active_ad`, `passive_ad`, `sponsored_ad`'),
    COMMON_ROWS.tier('silver'),
    COMMON_ROWS.cpmDecimals('more than 2 decimals rounded to cents'),
    COMMON_ROWS.titleLonger(255),
    COMMON_ROWS.descriptionLonger(5000),
    COMMON_ROWS.sendingLimitInt4,
    differs(
      'campaign-currency',
      'extraFields',
      'campaigns carry `currency: "USD"`',
      FOUND.extra('Campaign', 'currency'),
    ),
    differs('user-time-zone', 'extraFields', 'users carry `time_zone: "UTC"`', FOUND.extra('User', 'time_zone')),
    differs(
      'x-ratelimit-only',
      'rateLimitHeaders',
      'only X-RateLimit-Limit/Remaining/Reset (epoch)',
      FOUND.missingHeaders('RateLimit-Policy, RateLimit'),
    ),
    defect(
      differs('patch-clears-target-url', 'patch', 'PATCH /adverts/{id} without target_url sets it to null', {
        check: 'unsent_fields_unchanged',
        title: /^An update changed target_url, which it was not sent$/,
      }),
    ),
  ],
}
