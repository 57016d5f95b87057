import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, differs, FOUND } from './house-differences.js'

// The problem-details house: errors as RFC 9457 problem details (`application/problem+json`,
// a type URI per problem, `invalid_params` as RFC 7807's example has them), as Spring Boot's
// ProblemDetail and Zalando's RESTful API guidelines serve them; Spring Data's page object
// (`size`, `total_elements`, `total_pages`) asked for with `size`; Zalando's X-RateLimit-* with a
// Reset in seconds from now; 204 deletes; PHP's DATE_ATOM stamps (`+00:00`, as Symfony and API
// Platform write them); lists in id order; a sequence per table, from 500.

/** The problem-details house, as data. */
export const PROBLEM_DETAILS: StyleDeclaration = {
  name: 'problem-details',
  follows:
    'RFC 9457 problem details (Spring Boot ProblemDetail, Zalando RESTful API guidelines), Spring Data pages, Symfony stamps',
  conventions: {
    statuses: { invalid: 422, wrongType: 422, foreign: 404, wrongMethod: 405, inUse: 409, pastLastPage: 200 },
    routing: 'after-key',
    errors: {
      kind: 'problem-details',
      typeBase: 'https://problems.adverts.example/',
      problems: { key: 'invalid_params', name: 'name', reason: 'reason' },
    },
    codes: {
      unauthorized: 'unauthorized',
      not_found: 'not-found',
      route_not_found: 'not-found',
      forbidden: 'forbidden',
      invalid: 'validation-error',
      invalid_json: 'malformed-json',
      method_not_allowed: 'method-not-allowed',
      in_use: 'resource-in-use',
      rate_limited: 'rate-limit-exceeded',
      too_large: 'payload-too-large',
      internal: 'internal-error',
    },
    problemPath: 'wrapped',
    paging: {
      kind: 'page-object',
      key: 'page',
      names: { page: 'number', perPage: 'size', total: 'total_elements', pages: 'total_pages' },
    },
    pageSize: { param: 'size', default: 20, max: 100, above: 'refuse', below: 'refuse' },
    rateLimit: { family: 'x-ratelimit-delta', algorithm: 'fixed-window' },
    deletes: { campaign: { status: 204 }, advert: { status: 204 } },
    stamps: 's-offset',
    order: { key: 'id', direction: 'asc' },
    ids: { start: 500, step: 1, sequence: 'per-kind' },
    apiKeyPrefix: 'pd_',
    broadcastingTypes: ['active_ad', 'banner_ad'],
    tier: { name: 'standard', perMinute: 1200, perDay: 200_000, maxTopups: 12 },
    bounds: {
      titleMax: 120,
      descriptionMax: 1000,
      cpm: { max: 1000, decimals: 2, beyond: 'refuse' },
      sendingLimitMax: 10_000_000,
    },
    unknownFields: 'refuse',
    newCampaignsEnabled: true,
    campaignDetailEmbedsAdvert: false,
    extraFields: { campaign: { status: { follows: 'enabled', values: { true: 'active', false: 'paused' } } } },
  },
  seed: {
    balance: { balance_usd: 180.5, total_topups_usd: 250 },
    adverts: [
      { title: 'Winter boots', description: 'Warm and dry', target_url: 'https://shop.example.com/boots', daysAgo: 9 },
      { title: 'Rain jackets', daysAgo: 6, updatedDaysAgo: 2 },
    ],
    campaigns: [
      {
        advert: 0,
        broadcasting_type: 'active_ad',
        cpm: 3.4,
        sending_limit: 5000,
        sending_count: 1200,
        enabled: true,
        daysAgo: 8,
      },
      {
        advert: 1,
        broadcasting_type: 'banner_ad',
        cpm: 0.75,
        sending_limit: 800,
        sending_count: 0,
        enabled: false,
        daysAgo: 5,
      },
    ],
  },
  differences: [
    differs(
      'problem-details',
      'errorBody',
      'RFC 9457 `application/problem+json`: `{type, title, status, detail, instance}`, a type URI per problem and no `code`, invalid input listed as `invalid_params: [{name, reason}]`; no `success`',
      FOUND.errorShape,
    ),
    COMMON_ROWS.method405,
    differs(
      'in-use-409',
      'inUse',
      '409 `resource-in-use`',
      FOUND.inUse(/^Deleting a resource another one uses answered 409$/),
    ),
    differs(
      'page-object',
      'listEnvelope',
      "Spring Data's `page: {number, size, total_elements, total_pages}`",
      FOUND.pagingKey,
    ),
    COMMON_ROWS.perPageUnchecked('pages by `size` (1 to 100, more refused); `per_page` ignored'),
    COMMON_ROWS.defaultPageSize(20, 'size'),
    COMMON_ROWS.pageUnbounded,
    COMMON_ROWS.advertIdZero,
    COMMON_ROWS.idOrder,
    COMMON_ROWS.delete204,
    differs('offset-stamps', 'stamps', 'to the second, `+00:00`', FOUND.stamps),
    differs('ids-per-kind-from-500', 'ids', 'a sequence per table, from 500'),
    COMMON_ROWS.broadcastingTypes('banner-ad', '`active_ad`, `banner_ad`'),
    COMMON_ROWS.tier('standard'),
    COMMON_ROWS.cpmMax(1000),
    COMMON_ROWS.sendingLimitMax(10_000_000),
    differs(
      'description-max-1000',
      'descriptions',
      'descriptions up to 1000 characters',
      FOUND.refused(/advert\.description of 2000 characters/),
    ),
    differs(
      'campaign-status',
      'extraFields',
      'campaigns carry `status`: `active` or `paused`, following `enabled`',
      FOUND.extra('Campaign', 'status'),
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'no-ratelimit-fields',
      'rateLimitHeaders',
      'X-RateLimit-Limit/Remaining/Reset; no RateLimit',
      FOUND.missingHeaders('RateLimit-Policy, RateLimit'),
    ),
    differs('reset-in-seconds', 'resetForm', 'X-RateLimit-Reset in seconds from now', {
      check: 'rate_limit_reset_conformance',
      title: /^X-RateLimit-Reset counts the seconds until the reset, not an epoch time$/,
    }),
  ],
}
