import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs } from './house-differences.js'

// The Django house: a Django REST framework API with its defaults. Errors `{detail, code}` with
// DRF's codes (`not_authenticated`, `not_found`, `parse_error`, `method_not_allowed`,
// `throttled`), invalid input a 400 with the serializer's nested field errors; PageNumberPagination
// (`count`, `next`, `previous` as full URLs, `page_size` asked for and clamped at 100, a page
// past the last a 404 "Invalid page."); throttling that sends only Retry-After; 204 deletes;
// stamps to the microsecond with `Z`; lists by id; HyperlinkedModelSerializer's `url` on each
// record; a ProtectedError answered 409; one sequence from 100 (a fixture-loaded database).

/** The Django house, as data. */
export const DJANGO: StyleDeclaration = {
  name: 'django',
  follows: 'Django REST framework (exceptions, PageNumberPagination, throttling, HyperlinkedModelSerializer)',
  conventions: {
    statuses: { invalid: 400, wrongType: 400, foreign: 404, wrongMethod: 405, inUse: 409, pastLastPage: 404 },
    routing: 'before-key',
    errors: { kind: 'drf' },
    codes: {
      unauthorized: 'not_authenticated',
      not_found: 'not_found',
      route_not_found: 'not_found',
      forbidden: 'permission_denied',
      invalid: 'invalid',
      invalid_json: 'parse_error',
      method_not_allowed: 'method_not_allowed',
      in_use: 'protected',
      rate_limited: 'throttled',
      too_large: 'request_too_large',
      internal: 'error',
    },
    problemPath: 'nested',
    paging: { kind: 'django' },
    pageSize: { param: 'page_size', default: 10, max: 100, above: 'clamp', below: 'default' },
    rateLimit: { family: 'none', algorithm: 'fixed-window' },
    deletes: { campaign: { status: 204 }, advert: { status: 204 } },
    stamps: 'us-z',
    order: { key: 'id', direction: 'asc' },
    ids: { start: 100, step: 1, sequence: 'shared' },
    apiKeyPrefix: 'tok_',
    broadcastingTypes: ['active_ad', 'video_ad'],
    tier: { name: 'developer', perMinute: 1000, perDay: 10_000, maxTopups: 5 },
    bounds: {
      titleMax: 100,
      descriptionMax: 1000,
      cpm: { max: 99_999.999, decimals: 3, beyond: 'refuse' },
      sendingLimitMax: 2_147_483_647,
    },
    unknownFields: 'ignore',
    newCampaignsEnabled: true,
    campaignDetailEmbedsAdvert: false,
    extraFields: {
      campaign: {
        url: { follows: 'id', form: 'url' },
        state: { follows: 'enabled', values: { true: 'running', false: 'stopped' } },
      },
      advert: { url: { follows: 'id', form: 'url' } },
    },
  },
  seed: {
    balance: { balance_usd: 75, total_topups_usd: 75 },
    adverts: [
      { title: 'Coffee beans', description: 'Single origin', daysAgo: 25 },
      { title: 'Espresso machines', target_url: 'http://coffee.example.com/machines', daysAgo: 21, updatedDaysAgo: 5 },
    ],
    campaigns: [
      // A value no learner probes: the house's own broadcasting type, and a cpm to the third decimal.
      {
        advert: 1,
        broadcasting_type: 'video_ad',
        cpm: 4.125,
        sending_limit: 50_000,
        sending_count: 12_000,
        enabled: true,
        daysAgo: 20,
      },
      {
        advert: 0,
        broadcasting_type: 'active_ad',
        cpm: 0.9,
        sending_limit: 2000,
        sending_count: 150,
        enabled: false,
        daysAgo: 15,
      },
    ],
  },
  differences: [
    differs(
      'drf-errors',
      'errorBody',
      "`{success: false, detail, code}`; invalid input adds `errors: {campaign: {cpm: ['…']}}`",
      'response_schema_conformance',
      'envelope_conformance',
      'unsupported_method',
    ),
    differs(
      'drf-codes',
      'errorCodes',
      '`not_authenticated`, `not_found`, `invalid`, `parse_error`, `throttled`, …',
      'response_schema_conformance',
    ),
    differs(
      'validation-400',
      'validationStatus',
      '400 `invalid`',
      'negative_data_rejection',
      'status_code_conformance',
    ),
    differs('method-405', 'wrongMethod', '405 `method_not_allowed` with Allow', 'response_schema_conformance'),
    differs('in-use-409', 'inUse', '409 `protected`', 'status_code_conformance', 'in_use_deletion_refused'),
    COMMON_ROWS.unknownIgnored,
    differs(
      'count-next-previous',
      'listEnvelope',
      '`count`, `next`, `previous` (full URLs or null) beside `data`',
      'response_schema_conformance',
    ),
    differs(
      'page-size-param',
      'pageSize',
      '`page_size`: 10 by default, more than 100 served as 100; `per_page` ignored',
      'negative_data_rejection',
      'pagination_conformance',
    ),
    differs(
      'invalid-page-404',
      'pastLastPage',
      'a page past the last: 404 "Invalid page."',
      'status_code_conformance',
      'negative_data_rejection',
      'positive_data_acceptance',
    ),
    COMMON_ROWS.advertIdZero,
    COMMON_ROWS.idOrder,
    COMMON_ROWS.delete204,
    COMMON_ROWS.microsecondStamps,
    differs('ids-from-100', 'ids', 'one sequence, from 100'),
    differs(
      'video-ad',
      'broadcastingTypes',
      '`active_ad`, `video_ad`',
      'positive_data_acceptance',
      'response_schema_conformance',
    ),
    differs('tier-developer', 'tiers', '`developer`', 'response_schema_conformance'),
    differs(
      'cpm-three-decimals',
      'cpm',
      'up to 3 decimals, at most 99999.999',
      'negative_data_rejection',
      'positive_data_acceptance',
    ),
    differs('title-max-100', 'titles', 'up to 100 characters', 'positive_data_acceptance'),
    differs('description-max-1000', 'descriptions', 'up to 1000 characters', 'positive_data_acceptance'),
    COMMON_ROWS.sendingLimitInt4,
    differs(
      'url-and-state',
      'extraFields',
      'records carry their `url`; campaigns `state`: `running` or `stopped`, following `enabled`',
      'response_schema_conformance',
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'retry-after-only',
      'rateLimitHeaders',
      'no rate-limit headers; Retry-After on a 429',
      'response_headers_conformance',
    ),
  ],
}
