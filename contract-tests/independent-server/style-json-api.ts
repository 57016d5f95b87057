import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs, FOUND } from './house-differences.js'

// The JSON:API-like house: errors as a JSON:API `errors` array (status as a string, code, title,
// detail, `source.pointer`), lists with JSON:API's `links` (self, first, prev, next, last) and a
// `meta` count, a `type` member on each record, 403 for another account's record and 202 for a
// delete (JSON:API's "accepted, will be processed"); the IETF structured RateLimit fields over a
// token bucket (as Cloudflare and the httpapi drafts write them); ids from 1000 in steps of 10, as
// a MySQL cluster with auto_increment_increment = 10 hands them out; stamps to the second.

/** The JSON:API-like house, as data. */
export const JSON_API: StyleDeclaration = {
  name: 'json-api',
  follows:
    'JSON:API error objects and pagination links, IETF RateLimit structured fields, MySQL auto_increment_increment',
  conventions: {
    statuses: { invalid: 422, wrongType: 422, foreign: 403, wrongMethod: 405, inUse: 409, pastLastPage: 200 },
    routing: 'after-key',
    errors: { kind: 'json-api' },
    codes: {
      unauthorized: 'unauthorized',
      not_found: 'record_not_found',
      route_not_found: 'route_not_found',
      forbidden: 'forbidden',
      invalid: 'invalid_attribute',
      invalid_json: 'malformed_body',
      method_not_allowed: 'method_not_allowed',
      in_use: 'record_in_use',
      rate_limited: 'throttled',
      too_large: 'body_too_large',
      internal: 'server_error',
    },
    problemPath: 'pointer',
    paging: { kind: 'json-api' },
    pageSize: { param: 'per_page', default: 10, max: 50, above: 'clamp', below: 'refuse' },
    rateLimit: { family: 'ietf-structured', algorithm: 'token-bucket', policyName: 'burst' },
    deletes: { campaign: { status: 202, body: 'receipt' }, advert: { status: 202, body: 'receipt' } },
    stamps: 's-z',
    order: { key: 'created_at', direction: 'desc' },
    ids: { start: 1000, step: 10, sequence: 'shared' },
    apiKeyPrefix: 'ja_',
    broadcastingTypes: ['active_ad', 'native_ad'],
    tier: { name: 'team', perMinute: 900, perDay: 100_000, maxTopups: 20 },
    bounds: {
      titleMax: 150,
      descriptionMax: 2000,
      cpm: { max: 10_000, decimals: 4, beyond: 'refuse' },
      sendingLimitMax: 1_000_000_000,
    },
    unknownFields: 'refuse',
    newCampaignsEnabled: false,
    campaignDetailEmbedsAdvert: false,
    extraFields: {
      campaign: { type: { constant: 'campaigns' }, currency: { constant: 'USD' } },
      advert: { type: { constant: 'adverts' } },
    },
  },
  seed: {
    balance: { balance_usd: 42.25, total_topups_usd: 100 },
    adverts: [
      { title: 'Garden furniture', description: 'Teak, oiled', daysAgo: 20 },
      { title: 'Barbecue season', target_url: 'https://grill.example.com', daysAgo: 12, updatedDaysAgo: 1 },
      { title: 'Picnic baskets', daysAgo: 4 },
    ],
    campaigns: [
      // A value no learner probes: the house's own broadcasting type, and a cpm to the fourth decimal.
      {
        advert: 0,
        broadcasting_type: 'native_ad',
        cpm: 2.3456,
        sending_limit: 20_000,
        sending_count: 7_500,
        enabled: true,
        daysAgo: 18,
      },
      {
        advert: 1,
        broadcasting_type: 'active_ad',
        cpm: 1.5,
        sending_limit: 1000,
        sending_count: 0,
        enabled: false,
        daysAgo: 10,
      },
    ],
  },
  differences: [
    differs(
      'json-api-errors',
      'errorBody',
      '`{success: false, errors: [{status, code, title, detail, source: {pointer}}]}`, with codes of its own: `record_not_found`, `invalid_attribute`, `malformed_body`, …',
      FOUND.errorShape,
    ),
    differs('foreign-403', 'foreign', '403 `forbidden`', FOUND.status(403)),
    COMMON_ROWS.method405,
    differs(
      'in-use-409',
      'inUse',
      '409 `record_in_use`',
      FOUND.inUse(/^Deleting a resource another one uses answered 409$/),
    ),
    differs(
      'links-and-meta',
      'listEnvelope',
      '`links: {self, first, prev, next, last}` and `meta: {total_count, total_pages}`',
      FOUND.pagingKey,
    ),
    COMMON_ROWS.perPageUnchecked('`per_page` more than 50 served as 50'),
    COMMON_ROWS.defaultPageSize(10),
    COMMON_ROWS.pageUnbounded,
    COMMON_ROWS.advertIdZero,
    differs('delete-202', 'deletes', '202 `{success: true, data: {id, deleted: true}}`', FOUND.status(202)),
    COMMON_ROWS.secondStamps,
    differs('ids-from-1000-by-10', 'ids', 'one sequence, from 1000, step 10'),
    COMMON_ROWS.broadcastingTypes('native-ad', '`active_ad`, `native_ad`'),
    COMMON_ROWS.tier('team'),
    COMMON_ROWS.cpmDecimals('up to 4 decimals'),
    COMMON_ROWS.cpmMax(10_000),
    COMMON_ROWS.titleLonger(150),
    COMMON_ROWS.campaignsStartDisabled,
    differs('advert-type', 'extraFields', 'adverts carry `type: "adverts"`', FOUND.extra('Advert', 'type')),
    differs(
      'campaign-type-and-currency',
      'extraFields',
      'campaigns carry `type: "campaigns"` and `currency: "USD"`',
      FOUND.extra('Campaign', 'type'),
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'ietf-structured',
      'rateLimitHeaders',
      'only RateLimit and RateLimit-Policy, a token bucket',
      FOUND.missingHeaders('X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset'),
    ),
  ],
}
