import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, defect, differs } from './house-differences.js'

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
      'errorBody',
      "`{success: false, error: {code, message, errors: {cpm: ['…']}}}`",
      'response_schema_conformance',
    ),
    differs(
      'error-codes',
      'errorCodes',
      '`record_not_found`, `routing_error`, `record_invalid`, `parse_error`, …',
      'response_schema_conformance',
    ),
    differs(
      'in-use-restricted',
      'inUse',
      '422 `delete_restricted`',
      'response_schema_conformance',
      'in_use_deletion_refused',
    ),
    differs('unpermitted-ignored', 'unknownFields', 'ignored (strong parameters)', 'negative_data_rejection'),
    differs(
      'kaminari-meta',
      'listEnvelope',
      '`meta: {current_page, next_page, prev_page, total_pages, total_count}`',
      'response_schema_conformance',
      'pagination_conformance',
    ),
    differs(
      'per-page-clamped',
      'pageSize',
      '25 by default, at most 100, more served as 100, below 1 the default',
      'negative_data_rejection',
    ),
    COMMON_ROWS.queryBounds,
    differs('updated-first', 'order', 'last updated first', 'ordering_conformance'),
    differs('ids-per-table', 'ids', 'a sequence per table, from 1'),
    differs(
      'sponsored-ad',
      'broadcastingTypes',
      '`active_ad`, `passive_ad`, `sponsored_ad`',
      'response_schema_conformance',
    ),
    differs('tier-silver', 'tiers', '`silver`', 'response_schema_conformance'),
    differs('cpm-rounded', 'cpm', 'more than 2 decimals rounded to cents', 'negative_data_rejection'),
    differs('title-max-255', 'titles', 'up to 255 characters', 'negative_data_rejection'),
    COMMON_ROWS.sendingLimitInt4,
    differs(
      'currency-and-time-zone',
      'extraFields',
      'campaigns carry `currency: "USD"`, users `time_zone: "UTC"`',
      'response_schema_conformance',
    ),
    differs(
      'x-ratelimit-only',
      'rateLimitHeaders',
      'only X-RateLimit-Limit/Remaining/Reset (epoch)',
      'response_headers_conformance',
    ),
    defect(
      differs(
        'patch-clears-target-url',
        'patch',
        'PATCH /adverts/{id} without target_url sets it to null',
        'unsent_fields_unchanged',
      ),
    ),
  ],
}
