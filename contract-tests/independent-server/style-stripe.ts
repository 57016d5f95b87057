import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs } from './house-differences.js'

// The Stripe house: Stripe's and PayPal's conventions. Errors as an object with a code, a request
// id new on every answer and a `doc_url` with the code in it, invalid input listed as PayPal's
// `details: [{field, issue}]` with Stripe's bracketed names (`campaign[cpm]`); unknown
// parameters refused; cursor lists (`object: 'list'`, `url`, `has_more`, `limit` and
// `starting_after`), newest first; deletes answering `{id, deleted: true}`; `object` and
// `livemode` on every record; the IETF RateLimit-Limit/Remaining/Reset fields over a token
// bucket; stamps to the microsecond with `+00:00` (Python's isoformat); a sequence per kind in
// steps of 5 (a Galera cluster's auto_increment_increment); a cpm rounded to the third decimal.

/** The Stripe house, as data. */
export const STRIPE: StyleDeclaration = {
  name: 'stripe',
  follows:
    'Stripe (error codes, request ids, doc_url, cursor lists, deleted objects), PayPal error details, IETF RateLimit fields',
  conventions: {
    statuses: { invalid: 422, wrongType: 422, foreign: 404, wrongMethod: 404, inUse: 409, pastLastPage: 200 },
    routing: 'after-key',
    errors: {
      kind: 'error-object',
      requestId: 'request_id',
      documentation: { key: 'doc_url', url: 'https://docs.adverts.example/error-codes/{code}' },
      problems: { form: 'list', key: 'details', name: 'field', reason: 'issue' },
    },
    codes: {
      unauthorized: 'api_key_invalid',
      not_found: 'resource_missing',
      route_not_found: 'url_invalid',
      forbidden: 'resource_forbidden',
      invalid: 'parameter_invalid',
      invalid_json: 'invalid_json',
      method_not_allowed: 'url_invalid',
      in_use: 'resource_in_use',
      rate_limited: 'rate_limit',
      too_large: 'request_too_large',
      internal: 'api_error',
    },
    problemPath: 'bracket',
    paging: { kind: 'cursor' },
    pageSize: { param: 'limit', default: 10, max: 100, above: 'refuse', below: 'refuse' },
    rateLimit: { family: 'ietf-fields', algorithm: 'token-bucket' },
    deletes: { campaign: { status: 200, body: 'receipt' }, advert: { status: 200, body: 'receipt' } },
    stamps: 'us-offset',
    order: { key: 'created_at', direction: 'desc' },
    ids: { start: 5001, step: 5, sequence: 'per-kind' },
    apiKeyPrefix: 'sk_test_',
    broadcastingTypes: ['active_ad', 'interstitial_ad', 'rewarded_ad'],
    tier: { name: 'scale', perMinute: 3000, perDay: 1_000_000, maxTopups: 50 },
    bounds: {
      titleMax: 500,
      descriptionMax: 5000,
      cpm: { max: 50_000, decimals: 3, beyond: 'round' },
      sendingLimitMax: 100_000_000,
    },
    unknownFields: 'refuse',
    newCampaignsEnabled: false,
    campaignDetailEmbedsAdvert: false,
    extraFields: {
      campaign: {
        object: { constant: 'campaign' },
        livemode: { constant: false },
        status: { follows: 'enabled', values: { true: 'active', false: 'paused' } },
      },
      advert: { object: { constant: 'advert' }, livemode: { constant: false } },
      balance: { object: { constant: 'balance' } },
    },
  },
  seed: {
    balance: { balance_usd: 1000, total_topups_usd: 1500 },
    adverts: [
      { title: 'Mobile game launch', description: 'Play free', target_url: 'https://game.example.com', daysAgo: 6 },
      { title: 'Season pass', daysAgo: 2 },
    ],
    campaigns: [
      // Values no learner probes: the house's own broadcasting type, and a cpm to the third decimal.
      {
        advert: 0,
        broadcasting_type: 'rewarded_ad',
        cpm: 1.625,
        sending_limit: 250_000,
        sending_count: 40_000,
        enabled: true,
        daysAgo: 5,
      },
      {
        advert: 0,
        broadcasting_type: 'interstitial_ad',
        cpm: 2.75,
        sending_limit: 10_000,
        sending_count: 0,
        enabled: false,
        daysAgo: 4,
      },
    ],
  },
  differences: [
    differs(
      'error-object-details',
      'errorBody',
      '`error: {code, message, request_id, doc_url}`; invalid input adds `details: [{field, issue}]`',
      'response_schema_conformance',
    ),
    differs(
      'stripe-codes',
      'errorCodes',
      '`api_key_invalid`, `resource_missing`, `parameter_invalid`, `url_invalid`, …',
      'response_schema_conformance',
    ),
    differs('bracket-names', 'errorBody', 'fields named `campaign[cpm]`', 'response_schema_conformance'),
    differs('in-use-409', 'inUse', '409 `resource_in_use`', 'status_code_conformance', 'in_use_deletion_refused'),
    differs(
      'cursor-lists',
      'listEnvelope',
      '`object: "list"`, `url`, `has_more`; pages by `limit` and `starting_after`',
      'response_schema_conformance',
    ),
    differs(
      'limit-param',
      'pageSize',
      '`limit`: 10 by default, 1 to 100, more refused; `per_page` and `page` ignored',
      'negative_data_rejection',
      'pagination_conformance',
    ),
    COMMON_ROWS.advertIdZero,
    differs(
      'delete-receipt',
      'deletes',
      '200 `{success: true, data: {id, deleted: true}}`',
      'response_schema_conformance',
    ),
    differs('offset-microseconds', 'stamps', 'to the microsecond, `+00:00`', 'response_schema_conformance'),
    differs('ids-per-kind-by-5', 'ids', 'a sequence per kind, from 5001, step 5'),
    differs(
      'interstitial-and-rewarded',
      'broadcastingTypes',
      '`active_ad`, `interstitial_ad`, `rewarded_ad`',
      'positive_data_acceptance',
      'response_schema_conformance',
    ),
    differs('tier-scale', 'tiers', '`scale`', 'response_schema_conformance'),
    differs(
      'cpm-rounded-to-3',
      'cpm',
      'rounded to 3 decimals, at most 50000',
      'negative_data_rejection',
      'positive_data_acceptance',
    ),
    differs('title-max-500', 'titles', 'up to 500 characters', 'negative_data_rejection'),
    COMMON_ROWS.campaignsStartDisabled,
    differs(
      'object-livemode-status',
      'extraFields',
      '`object` and `livemode` on records; campaigns `status`: `active` or `paused`, following `enabled`',
      'response_schema_conformance',
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'ietf-fields',
      'rateLimitHeaders',
      'only RateLimit-Limit/Remaining/Reset (seconds), a token bucket',
      'response_headers_conformance',
    ),
  ],
}
