import type { NeededOption } from './differences.js'

/**
 * Where the second set of choices (INDEPENDENT_CHOICES=second; second-set.ts) differs from
 * openapi/openapi.json. Every row is a place the interface spec leaves open, and a choice a
 * Profile can hold (src/profile/profile.ts): its path and the value a twin of this set learns.
 * The second set keeps to everything the spec states, as the first does.
 *
 * | id                      | the spec leaves open            | our document                                   | the first set             | this set                                         | reported by                  |
 * |-------------------------|---------------------------------|------------------------------------------------|---------------------------|--------------------------------------------------| ---------------------------- |
 * | error-code-401          | error body fields (7)           | 401 code `unauthorized`                        | `invalid_api_key`         | `UNAUTHENTICATED`                                | response_schema_conformance  |
 * | error-code-404          | error body fields (7)           | 404 `not_found`, `route_not_found`             | `resource_not_found`      | `NOT_FOUND` for both                             | response_schema_conformance  |
 * | validation-400          | conditions of errors (7)        | 422 `validation_failed`                        | 422 `invalid_request`     | 400 `VALIDATION_ERROR`                           | negative_data_rejection      |
 * | invalid-json-code       | error body fields (7)           | 400 `invalid_json`                             | `malformed_json`          | `INVALID_JSON`                                   | response_schema_conformance  |
 * | problem-list            | error body fields (7)           | `fields: [{ field, message }]`, `campaign.cpm` | the same                  | `errors: [{ path, detail }]`, `cpm`              | response_schema_conformance  |
 * | advert-in-use-409       | conditions of errors (7)        | 422 `advert_in_use`                            | deletes its campaigns too | 409 `CONFLICT`                                   | in_use_deletion_refused      |
 * | method-not-allowed-405  | conditions of errors (7)        | 404 like an unknown path                       | 404 `resource_not_found`  | 405 `METHOD_NOT_ALLOWED` with Allow              | response_schema_conformance  |
 * | error-code-429          | rate-limit response (8)         | 429 `rate_limit_exceeded`                      | `too_many_requests`       | `RATE_LIMITED`                                   | response_schema_conformance  |
 * | x-ratelimit-headers     | rate-limit headers (8)          | X-RateLimit-* and RateLimit                    | only RateLimit            | only X-RateLimit-* (a fixed window)              | response_headers_conformance |
 * | api-tier-growth         | api_tier values (2.5)           | free, basic, pro, enterprise                   | `starter`                 | `growth`: 900 a minute, 50,000 a day, 25 top-ups | response_schema_conformance  |
 * | default-page-50         | page sizes (8)                  | per_page defaults to 25                        | 20                        | 50                                               | pagination_conformance       |
 * | per-page-clamped-200    | page sizes (8)                  | per_page at most 100, more refused             | the same                  | at most 200, more counts as 200                  | negative_data_rejection      |
 * | pagination-meta         | list parameters (4.1)           | the page under `pagination`                    | the same                  | under `meta`                                     | response_schema_conformance  |
 * | list-object-key         | list parameters (4.1)           | success, data, pagination                      | the same                  | also `object: "list"`                            | response_schema_conformance  |
 * | detail-without-advert   | other operations (4.1)          | GET /campaigns/{id} embeds its advert          | the same                  | no advert embedded                               | response_schema_conformance  |
 * | campaign-delete-204     | other operations (4.1)          | both DELETEs 200 with the body                 | both 204                  | campaign 204, advert 200 with the body           | status_code_conformance      |
 * | interstitial-ad         | broadcasting types (2.3)        | active_ad, passive_ad                          | only active_ad            | active_ad, interstitial_ad                       | positive_data_acceptance     |
 * | advert-category-field   | Advert fields (2.5)             | no `category`                                  | `status: "active"`        | `category: "general"`                            | response_schema_conformance  |
 * | campaign-currency-field | Campaign is open to more fields | no `currency`                                  | none                      | `currency: "USD"`                                | response_schema_conformance  |
 * | cpm-three-decimals      | field bounds (2.5)              | cpm in whole cents                             | any positive cpm          | up to 3 decimals                                 | negative_data_rejection      |
 * | cpm-max-500             | field bounds (2.5)              | cpm at most 100,000                            | the same                  | at most 500                                      | positive_data_acceptance     |
 * | titles-80               | field bounds (2.5)              | advert titles up to 120                        | up to 200                 | up to 80                                         | positive_data_acceptance     |
 * | stamps-to-the-second    | timestamp precision (2.5)       | milliseconds                                   | seconds too               | seconds: `2026-01-15T09:30:00Z`                  | -                            |
 * | ids-from-1000           | identifiers (2.5)               | ids from 1                                     | from 1, one counter       | from 1000, a sequence per kind                   | -                            |
 *
 * Where it chooses as our document does, there is no row: another account's resource is a 404,
 * lists are newest first, unknown body fields are refused, new campaigns start enabled, errors
 * carry code and message only, and users and balances carry no field beyond the document's.
 * "-": no check sees it against our document: stamps to the second are date-times too, judged
 * at their precision; and which id comes first is no check's business. (The default page size is
 * judged on a list's pagination, which the suite reads under `meta` too.) The rate limit is a fixed
 * window per minute from an account's first request in it (no choice a profile holds, so no row).
 */

/** One difference of the second set: the choices it is, by Profile path, and the findings it makes against our document. */
export interface SecondDifference {
  id: string
  open: string
  document: string
  /** What the first set does (differences.ts). */
  first: string
  server: string
  /** The Profile's choices this row is: path → the value a twin of this set learns (`errors.codes.<mock code>` is a wire name). */
  choices: Record<string, unknown>
  /** Whether a twin learns it; a 429's code is never learned (the learner does not spend the window). */
  learnable: boolean
  /** The findings it makes against our document; none where no check sees it. */
  reportedAs: readonly { check: string; title: RegExp }[]
  needs?: NeededOption
}

const schema = (title: RegExp) => ({ check: 'response_schema_conformance', title })
/** An undocumented property, alone (`Undocumented property meta`) or among others of its object (`…: meta, object`). */
const undocumented = (name: string) =>
  schema(new RegExp(`^Undocumented propert(?:y|ies of the object \\{[^}]*\\}:) (?:.+, )?${name}(?:,|$)`))

/** The table above, as data. */
export const SECOND_DIFFERENCES: readonly SecondDifference[] = [
  {
    ...row('error-code-401', 'error body fields (7)', '401 code `unauthorized`', '`invalid_api_key`'),
    server: '`UNAUTHENTICATED`',
    choices: { 'errors.codes.unauthorized': 'UNAUTHENTICATED' },
    reportedAs: [schema(/^error\.code must be "unauthorized"$/)],
  },
  {
    ...row('error-code-404', 'error body fields (7)', '404 `not_found`, `route_not_found`', '`resource_not_found`'),
    server: '`NOT_FOUND` for both',
    choices: { 'errors.codes.not_found': 'NOT_FOUND', 'errors.codes.route_not_found': 'NOT_FOUND' },
    reportedAs: [schema(/^error\.code must be "not_found"$/)],
  },
  {
    ...row('validation-400', 'conditions of errors (7)', '422 `validation_failed`', '422 `invalid_request`'),
    server: '400 `VALIDATION_ERROR`',
    choices: { 'errors.statuses.validation_failed': 400, 'errors.codes.validation_failed': 'VALIDATION_ERROR' },
    // One cause, the status and code of invalid input: its undocumented 400s elsewhere are knock-ons.
    reportedAs: [{ check: 'negative_data_rejection', title: /^Invalid input answered 400: / }],
  },
  {
    ...row('invalid-json-code', 'error body fields (7)', '400 `invalid_json`', '`malformed_json`'),
    server: '`INVALID_JSON`',
    choices: { 'errors.codes.invalid_json': 'INVALID_JSON' },
    reportedAs: [schema(/^error\.code must be "invalid_json"$/)],
  },
  {
    ...row('problem-list', 'error body fields (7)', '`fields: [{ field, message }]`, `campaign.cpm`', 'the same'),
    server: '`errors: [{ path, detail }]`, `cpm`',
    choices: {
      'errors.body.error.errors': {
        $each: 'problems',
        item: { path: { $slot: 'problem.field' }, detail: { $slot: 'problem.message' } },
      },
    },
    reportedAs: [undocumented('errors')],
  },
  {
    ...row('advert-in-use-409', 'conditions of errors (7)', '422 `advert_in_use`', 'deletes its campaigns too'),
    server: '409 `CONFLICT`',
    choices: { 'errors.statuses.advert_in_use': 409, 'errors.codes.advert_in_use': 'CONFLICT' },
    reportedAs: [{ check: 'in_use_deletion_refused', title: /^Deleting a resource another one uses answered 409$/ }],
  },
  {
    ...row(
      'method-not-allowed-405',
      'conditions of errors (7)',
      '404 like an unknown path',
      '404 `resource_not_found`',
    ),
    server: '405 `METHOD_NOT_ALLOWED` with Allow',
    choices: {
      'errors.unsupportedMethod': 'method_not_allowed',
      'errors.statuses.method_not_allowed': 405,
      'errors.codes.method_not_allowed': 'METHOD_NOT_ALLOWED',
    },
    // unsupported_method takes a 405 with Allow as a 404's equal; its code is no code of our document.
    reportedAs: [schema(/^error\.code "METHOD_NOT_ALLOWED" is no documented code$/)],
  },
  {
    ...row('error-code-429', 'rate-limit response (8)', '429 `rate_limit_exceeded`', '`too_many_requests`'),
    server: '`RATE_LIMITED`',
    choices: { 'errors.codes.rate_limit_exceeded': 'RATE_LIMITED' },
    learnable: false,
    reportedAs: [schema(/^error\.code must be "rate_limit_exceeded"$/)],
    needs: 'rate-limit',
  },
  {
    ...row('x-ratelimit-headers', 'rate-limit headers (8)', 'X-RateLimit-* and RateLimit', 'only RateLimit'),
    server: 'only X-RateLimit-* (a fixed window)',
    choices: {
      'rateLimits.headers': [
        { name: 'X-RateLimit-Limit', value: '{limit}' },
        { name: 'X-RateLimit-Remaining', value: '{remaining}' },
        { name: 'X-RateLimit-Reset', value: '{reset}' },
        { name: 'Retry-After', value: '{retry_after}', only429: true },
      ],
    },
    reportedAs: [{ check: 'response_headers_conformance', title: /^Missing headers RateLimit-Policy, RateLimit$/ }],
  },
  {
    ...row('api-tier-growth', 'api_tier values (2.5)', 'free, basic, pro, enterprise', '`starter`'),
    server: '`growth`: 900 a minute, 50,000 a day, 25 top-ups',
    choices: {
      'rateLimits.defaultTier': 'growth',
      'rateLimits.tiers.growth': { per_minute: 900, per_day: 50_000, max_topups: 25 },
    },
    reportedAs: [schema(/^data\.api_tier must be one of /)],
  },
  {
    ...row('default-page-50', 'page sizes (8)', 'per_page defaults to 25', '20'),
    server: '50',
    choices: { 'lists.defaultPerPage': 50 },
    reportedAs: [{ check: 'pagination_conformance', title: /^The default per_page is not the documented one$/ }],
  },
  {
    ...row('per-page-clamped-200', 'page sizes (8)', 'per_page at most 100, more refused', 'the same'),
    server: 'at most 200, more counts as 200',
    choices: { 'lists.maxPerPage': 200, 'lists.abovePerPageMax': 'clamp' },
    reportedAs: [
      { check: 'negative_data_rejection', title: /^Invalid input accepted: query per_page=101 is out of range$/ },
    ],
  },
  {
    ...row('pagination-meta', 'list parameters (4.1)', 'the page under `pagination`', 'the same'),
    server: 'under `meta`',
    choices: {
      'lists.envelope.meta': {
        page: { $slot: 'page' },
        per_page: { $slot: 'per_page' },
        total_count: { $slot: 'total' },
        total_pages: { $slot: 'pages' },
      },
    },
    // `meta` in place of `pagination`: one cause, the paging object's key (the paging one by one is read under `meta`).
    reportedAs: [schema(/^Required property pagination is missing$/)],
  },
  {
    ...row('list-object-key', 'list parameters (4.1)', 'success, data, pagination', 'the same'),
    server: 'also `object: "list"`',
    choices: { 'lists.envelope.object': 'list' },
    reportedAs: [undocumented('object')],
  },
  {
    ...row('detail-without-advert', 'other operations (4.1)', 'GET /campaigns/{id} embeds its advert', 'the same'),
    server: 'no advert embedded',
    choices: { 'resources.campaignDetailEmbedsAdvert': false },
    reportedAs: [schema(/^Required property advert is missing$/)],
  },
  {
    ...row('campaign-delete-204', 'other operations (4.1)', 'both DELETEs 200 with the body', 'both 204'),
    server: 'campaign 204, advert 200 with the body',
    choices: {
      'resources.deletes': {
        campaign: { status: 204, body: null },
        advert: { status: 200, body: { success: true, data: { $slot: 'record' } } },
      },
    },
    reportedAs: [{ check: 'status_code_conformance', title: /^Undocumented status 204$/ }],
  },
  {
    ...row('interstitial-ad', 'broadcasting types (2.3)', 'active_ad, passive_ad', 'only active_ad'),
    server: 'active_ad, interstitial_ad',
    choices: { 'resources.broadcastingTypes': ['active_ad', 'interstitial_ad'] },
    reportedAs: [
      // In a body, and as the campaigns list's filter.
      { check: 'positive_data_acceptance', title: /^Valid input refused: (campaign\.)?broadcasting_type=passive_ad$/ },
    ],
  },
  {
    ...row('advert-category-field', 'Advert fields (2.5)', 'no `category`', '`status: "active"`'),
    server: '`category: "general"`',
    choices: { 'resources.extraFields.advert': { category: 'general' } },
    reportedAs: [undocumented('category')],
  },
  {
    ...row('campaign-currency-field', 'Campaign is open to more fields', 'no `currency`', 'none'),
    server: '`currency: "USD"`',
    choices: { 'resources.extraFields.campaign': { currency: 'USD' } },
    reportedAs: [undocumented('currency')],
  },
  {
    ...row('cpm-three-decimals', 'field bounds (2.5)', 'cpm in whole cents', 'any positive cpm'),
    server: 'up to 3 decimals',
    choices: { 'inputs.cpm.decimals': 3 },
    reportedAs: [
      {
        check: 'negative_data_rejection',
        title: /^Invalid input accepted: campaign\.cpm=[\d.]+ is not a multiple of 0\.01$/,
      },
    ],
  },
  {
    ...row('cpm-max-500', 'field bounds (2.5)', 'cpm at most 100,000', 'the same'),
    server: 'at most 500',
    choices: { 'inputs.cpm.max': 500 },
    reportedAs: [{ check: 'positive_data_acceptance', title: /^Valid input refused: campaign\.cpm=100000 / }],
  },
  {
    ...row('titles-80', 'field bounds (2.5)', 'advert titles up to 120', 'up to 200'),
    server: 'up to 80',
    choices: { 'inputs.titleMaxLength': 80 },
    reportedAs: [{ check: 'positive_data_acceptance', title: /^Valid input refused: advert\.title of 120 characters/ }],
  },
  {
    ...row('stamps-to-the-second', 'timestamp precision (2.5)', 'milliseconds', 'seconds too'),
    server: 'seconds: `2026-01-15T09:30:00Z`',
    choices: { 'stamps.format': { fraction: 0, zone: 'Z' } },
    reportedAs: [],
  },
  {
    ...row('ids-from-1000', 'identifiers (2.5)', 'ids from 1', 'from 1, one counter'),
    server: 'from 1000, a sequence per kind',
    choices: { 'stamps.firstId': 1000 },
    reportedAs: [],
  },
]

/** The columns every row fills the same way, learnable unless it says otherwise. */
function row(id: string, open: string, document: string, first: string) {
  return { id, open, document, first, learnable: true }
}
