import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs, FOUND } from './house-differences.js'

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
      "`{success: false, detail, code}` with DRF's codes (`not_authenticated`, `not_found`, `invalid`, `parse_error`, `throttled`, …); invalid input adds `errors: {campaign: {cpm: ['…']}}`",
      FOUND.errorShape,
    ),
    differs('validation-400', 'validationStatus', '400 `invalid`', FOUND.invalid400),
    // A 405 with Allow is a 404's equal to unsupported_method; its code is the error shape's.
    differs('method-405', 'wrongMethod', '405 `method_not_allowed` with Allow'),
    differs(
      'in-use-409',
      'inUse',
      '409 `protected`',
      FOUND.inUse(/^Deleting a resource another one uses answered 409$/),
    ),
    COMMON_ROWS.unknownIgnored,
    differs(
      'count-next-previous',
      'listEnvelope',
      '`count`, `next`, `previous` (full URLs or null) beside `data`',
      FOUND.pagingKey,
    ),
    COMMON_ROWS.perPageUnchecked('pages by `page_size` (more than 100 served as 100); `per_page` ignored'),
    COMMON_ROWS.defaultPageSize(10, 'page_size'),
    differs(
      'invalid-page-404',
      'pastLastPage',
      'a page past the last: 404 "Invalid page."',
      FOUND.refused(/query page=1000000 /),
    ),
    COMMON_ROWS.advertIdZero,
    COMMON_ROWS.idOrder,
    COMMON_ROWS.delete204,
    COMMON_ROWS.microsecondStamps,
    differs('ids-from-100', 'ids', 'one sequence, from 100'),
    COMMON_ROWS.broadcastingTypes('video-ad', '`active_ad`, `video_ad`'),
    COMMON_ROWS.tier('developer'),
    COMMON_ROWS.cpmDecimals('up to 3 decimals'),
    differs('cpm-max-99999.999', 'cpmMax', 'at most 99999.999', FOUND.refused(/campaign\.cpm=100000 /)),
    differs('title-max-100', 'titles', 'up to 100 characters', FOUND.refused(/advert\.title of 120 characters/)),
    differs(
      'description-max-1000',
      'descriptions',
      'up to 1000 characters',
      FOUND.refused(/advert\.description of 2000 characters/),
    ),
    COMMON_ROWS.sendingLimitInt4,
    differs('advert-url', 'extraFields', 'adverts carry their `url`', FOUND.extra('Advert', 'url')),
    differs(
      'campaign-url-and-state',
      'extraFields',
      'campaigns carry their `url` and `state`: `running` or `stopped`, following `enabled`',
      FOUND.extra('Campaign', 'url'),
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'retry-after-only',
      'rateLimitHeaders',
      'no rate-limit headers; Retry-After on a 429',
      FOUND.missingHeaders('X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit'),
    ),
  ],
}
