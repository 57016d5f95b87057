import type { StyleDeclaration } from './house-conventions.js'
import { COMMON_ROWS, defect, differs, FOUND, needing } from './house-differences.js'

// The GitHub house: GitHub's REST API conventions. Errors `{message, documentation_url}` with no
// code, a validation failure listing `errors: [{resource, field, code}]`; a 400 for a value of
// the wrong type and a 422 for one that breaks a rule; 404 for what the caller may not see and for
// a method a path lacks (after the credentials, as GitHub answers "Bad credentials" first); the
// pages in a `Link` header (next, last, first, prev), 30 a page and per_page clamped at 100;
// X-RateLimit-Limit/Remaining/Reset/Used/Resource; 204 deletes; stamps to the second; lists by
// last update; a `node_id` on each record; ids far from 1. Its one defect: Retry-After on a 429 is
// the whole minute, not what is left of it.

/** The GitHub house, as data. */
export const GITHUB: StyleDeclaration = {
  name: 'github',
  follows: 'GitHub REST API (client errors, Link pagination, X-RateLimit-* with Used and Resource, node ids)',
  conventions: {
    statuses: { invalid: 422, wrongType: 400, foreign: 404, wrongMethod: 404, inUse: 422, pastLastPage: 200 },
    routing: 'after-key',
    errors: { kind: 'github', documentationUrl: 'https://docs.adverts.example/rest' },
    codes: null,
    problemPath: 'leaf',
    paging: { kind: 'link-header' },
    pageSize: { param: 'per_page', default: 30, max: 100, above: 'clamp', below: 'default' },
    rateLimit: { family: 'github', algorithm: 'fixed-window' },
    deletes: { campaign: { status: 204 }, advert: { status: 204 } },
    stamps: 's-z',
    order: { key: 'updated_at', direction: 'desc' },
    ids: { start: 1_296_269, step: 1, sequence: 'shared' },
    apiKeyPrefix: 'ghp_',
    broadcastingTypes: ['active_ad'],
    tier: { name: 'core', perMinute: 5000, perDay: 120_000, maxTopups: 1 },
    bounds: {
      titleMax: 256,
      descriptionMax: 65_536,
      cpm: { max: 100_000, decimals: null, beyond: 'refuse' },
      sendingLimitMax: 1_000_000_000,
    },
    unknownFields: 'ignore',
    newCampaignsEnabled: true,
    campaignDetailEmbedsAdvert: false,
    extraFields: {
      campaign: { node_id: { follows: 'id', form: 'node-id' } },
      advert: { node_id: { follows: 'id', form: 'node-id' } },
      user: { node_id: { follows: 'id', form: 'node-id' } },
    },
    defect: 'retry-after-full-window',
  },
  seed: {
    balance: { balance_usd: 12, total_topups_usd: 40 },
    adverts: [
      { title: 'Octocat stickers', description: 'A pack of ten', daysAgo: 30 },
      { title: 'Hoodies', target_url: 'https://merch.example.com/hoodies', daysAgo: 10, updatedDaysAgo: 9 },
    ],
    campaigns: [
      {
        advert: 0,
        broadcasting_type: 'active_ad',
        cpm: 5,
        sending_limit: 100_000,
        sending_count: 64_000,
        enabled: true,
        daysAgo: 28,
        updatedDaysAgo: 1,
      },
    ],
  },
  differences: [
    differs(
      'message-and-docs',
      'errorBody',
      '`{success: false, message, documentation_url}`, no code; `errors: [{resource, field, code}]`',
      FOUND.errorShape,
    ),
    differs(
      'type-400-rule-422',
      'validationStatus',
      'a value of the wrong type: 400; a broken rule: 422',
      FOUND.invalid400,
    ),
    COMMON_ROWS.unknownIgnored,
    differs(
      'link-header',
      'listEnvelope',
      'no page object: a `Link` header with next, last, first, prev',
      FOUND.pagingKey,
    ),
    COMMON_ROWS.perPageUnchecked('`per_page` more than 100 served as 100, below 1 the default'),
    COMMON_ROWS.defaultPageSize(30),
    COMMON_ROWS.pageUnbounded,
    COMMON_ROWS.advertIdZero,
    differs('updated-first', 'order', 'last updated first'),
    COMMON_ROWS.delete204,
    COMMON_ROWS.secondStamps,
    differs('ids-from-1296269', 'ids', 'one sequence, from 1296269'),
    COMMON_ROWS.broadcastingTypes('active-ad-only', 'only `active_ad`'),
    COMMON_ROWS.tier('core'),
    COMMON_ROWS.cpmDecimals('any precision'),
    COMMON_ROWS.titleLonger(256),
    COMMON_ROWS.descriptionLonger(65_536),
    differs(
      'user-node-id',
      'extraFields',
      'users carry a `node_id` made from their id',
      FOUND.extra('User', 'node_id'),
    ),
    differs(
      'advert-node-id',
      'extraFields',
      'adverts carry a `node_id` made from their id',
      FOUND.extra('Advert', 'node_id'),
    ),
    differs(
      'campaign-node-id',
      'extraFields',
      'campaigns carry a `node_id` made from their id',
      FOUND.extra('Campaign', 'node_id'),
    ),
    COMMON_ROWS.detailWithoutAdvert,
    differs(
      'github-rate-limit',
      'rateLimitHeaders',
      'X-RateLimit-Limit/Remaining/Reset/Used/Resource; no RateLimit',
      FOUND.missingHeaders('RateLimit-Policy, RateLimit'),
    ),
    defect(
      needing(
        'rate-limit',
        differs('retry-after-full-window', 'retryAfter', 'Retry-After is always 60', {
          check: 'retry_after_agreement',
          title: /^Retry-After disagrees with X-RateLimit-Reset$/,
        }),
      ),
    ),
  ],
}
