import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs, FOUND, needing } from './house-differences.js'

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
      'request-id-doc-url',
      'errorMembers',
      '`error: {code, message, request_id, doc_url}`',
      FOUND.extra('Error', 'request_id'),
    ),
    differs(
      'details-list',
      'problemList',
      'invalid input lists `details: [{field, issue}]`, fields named `campaign[cpm]`',
      FOUND.problemList,
    ),
    differs('code-api-key-invalid', 'code401', '401 `api_key_invalid`', FOUND.code('unauthorized')),
    differs('code-resource-missing', 'code404', '404 `resource_missing`', FOUND.code('not_found')),
    differs(
      'code-url-invalid',
      'codeRoute',
      'a method a path lacks: 404 `url_invalid`',
      FOUND.undocumentedCode('url_invalid'),
    ),
    differs('code-parameter-invalid', 'code422', '422 `parameter_invalid`', FOUND.code('validation_failed')),
    needing('rate-limit', differs('code-rate-limit', 'code429', '429 `rate_limit`', FOUND.code('rate_limit_exceeded'))),
    differs(
      'in-use-409',
      'inUse',
      '409 `resource_in_use`',
      FOUND.inUse(/^Deleting a resource another one uses answered 409$/),
    ),
    differs(
      'cursor-lists',
      'listEnvelope',
      '`has_more`, no page object; pages by `limit` and `starting_after`',
      FOUND.pagingKey,
    ),
    differs(
      'list-object-url',
      'listMembers',
      'lists carry `object: "list"` and `url`',
      FOUND.extra('the object {success, data, pagination}', 'object', '{data,pagination,success}'),
    ),
    COMMON_ROWS.perPageUnchecked('`per_page` ignored (pages by `limit`: 1 to 100, more refused)'),
    differs(
      'page-ignored',
      'pageBounds',
      '`page` ignored (pages by `starting_after`)',
      FOUND.accepted(/query page[= ]/),
    ),
    COMMON_ROWS.defaultPageSize(10, 'limit'),
    COMMON_ROWS.advertIdZero,
    differs(
      'advert-delete-receipt',
      'deletes',
      'an advert: 200 `{success: true, data: {id, deleted: true}}`',
      FOUND.missing('Advert'),
    ),
    differs(
      'campaign-delete-receipt',
      'deletes',
      'a campaign: 200 `{success: true, data: {id, deleted: true}}`',
      FOUND.missing('Campaign'),
    ),
    differs('offset-microseconds', 'stamps', 'to the microsecond, `+00:00`', FOUND.stamps),
    differs('ids-per-kind-by-5', 'ids', 'a sequence per kind, from 5001, step 5'),
    COMMON_ROWS.broadcastingTypes('interstitial-and-rewarded', '`active_ad`, `interstitial_ad`, `rewarded_ad`'),
    COMMON_ROWS.tier('scale'),
    COMMON_ROWS.cpmDecimals('rounded to 3 decimals'),
    COMMON_ROWS.cpmMax(50_000),
    COMMON_ROWS.titleLonger(500),
    COMMON_ROWS.descriptionLonger(5000),
    COMMON_ROWS.sendingLimitMax(100_000_000),
    COMMON_ROWS.campaignsStartDisabled,
    differs(
      'advert-object-livemode',
      'extraFields',
      'adverts carry `object` and `livemode`',
      FOUND.extra('Advert', 'object'),
    ),
    differs(
      'campaign-object-livemode-status',
      'extraFields',
      'campaigns carry `object`, `livemode` and `status`: `active` or `paused`, following `enabled`',
      FOUND.extra('Campaign', 'object'),
    ),
    differs('balance-object', 'extraFields', 'balances carry `object`', FOUND.extra('Balance', 'object')),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'ietf-fields',
      'rateLimitHeaders',
      'only RateLimit-Limit/Remaining/Reset (seconds), a token bucket',
      FOUND.missingHeaders('X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit'),
    ),
  ],
}
