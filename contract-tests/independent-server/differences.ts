/**
 * Where the independent server differs from openapi/openapi.json. Every row is a place the
 * interface spec leaves open ("not shown"); the server keeps to everything the spec states.
 *
 * | id                        | the spec leaves open         | our document                       | this server                                  | reported by                   |
 * |---------------------------|------------------------------|------------------------------------|----------------------------------------------|-------------------------------|
 * | error-code-401            | error body fields (7)        | 401 code `unauthorized`            | `invalid_api_key`                            | response_schema_conformance   |
 * | error-code-404            | error body fields (7)        | 404 code `not_found`               | `resource_not_found`                         | response_schema_conformance   |
 * | error-code-422            | error body fields (7)        | 422 code `validation_failed`       | `invalid_request`                            | response_schema_conformance   |
 * | error-code-429            | rate-limit response (8)      | 429 code `rate_limit_exceeded`     | `too_many_requests`                          | response_schema_conformance   |
 * | error-documentation-url   | error body fields (7)        | error has code and message only    | errors but 422 add `documentation_url`       | response_schema_conformance   |
 * | ietf-rate-limit-headers   | rate-limit headers (8)       | X-RateLimit-* and RateLimit        | only RateLimit and RateLimit-Policy          | response_headers_conformance  |
 * | default-page-size         | page sizes (8)               | per_page defaults to 25            | 20                                           | pagination_conformance        |
 * | oldest-first              | list parameters (4.1)        | newest first (x-list order)        | oldest first                                 | ordering_conformance          |
 * | delete-204                | other operations (4.1)       | DELETE answers 200 with the body   | 204, no body                                 | status_code_conformance       |
 * | campaigns-start-disabled  | transitions (3)              | new campaigns start enabled        | start disabled                               | read_back_conformance         |
 * | unknown-fields-ignored    | input fields (2.5)           | unknown body fields are a 422      | ignored                                      | negative_data_rejection       |
 * | cpm-fractions-of-cents    | field bounds (2.5)           | cpm in whole cents                 | any positive cpm                             | negative_data_rejection       |
 * | long-titles               | field bounds (2.5)           | advert titles up to 120 characters | up to 200                                    | negative_data_rejection       |
 * | advert-status-field       | Advert fields (2.5)          | no `status`                        | adverts carry `status: "active"`             | response_schema_conformance   |
 * | user-locale-field         | User is open to more fields  | no `locale`                        | users carry `locale`                         | response_schema_conformance   |
 * | balance-currency-field    | balance operation (4.1)      | balance_usd and total_topups_usd   | also `currency: "USD"`                       | response_schema_conformance   |
 * | api-tier-names            | api_tier values (2.5)        | free, basic, pro, enterprise       | `starter`                                    | response_schema_conformance   |
 * | foreign-resource-403      | conditions of errors (7)     | another account's resource: 404    | 403 `forbidden`                              | status_code_conformance       |
 * | error-code-400            | error body fields (7)        | 400 code `invalid_json`            | `malformed_json`                             | response_schema_conformance   |
 * | passive-ad-refused        | broadcasting_type values (2.5) | active_ad and passive_ad         | only `active_ad`, the value the spec names   | positive_data_acceptance      |
 * | advert-delete-cascades    | conditions of errors (7)     | an advert in use: 422              | deleted with its campaigns                   | in_use_deletion_refused       |
 * | deleted-still-listed      | other operations (4.1)       | a deleted resource leaves its list | deleted softly, and still listed             | deleted_resource_unlisted     |
 *
 * Choices the contract does not judge, so they are no rows: the rate limit is a token bucket
 * refilled continuously (Retry-After is the seconds until one more request, and so is the
 * RateLimit `t` of a spent bucket). Timestamps are stamped to the second (`2026-01-15T09:30:07Z`),
 * which the document's timestamp pattern allows: a correct-but-different choice that must raise
 * no finding (the suite judges write stamps at the precision it learns from the answers).
 * Refusing `passive_ad` is correct by the spec but differs from the document: one finding, and
 * no check may go unexercised for it (the campaign flow goes on with `active_ad`). A deleted row
 * is kept and still listed (a soft delete the list query forgets): a difference that must be found.
 *
 * That is the first set of choices, the default. A second set, chosen by the `choices: 'second'`
 * option of startIndependentServer, the INDEPENDENT_CHOICES=second environment variable or
 * main.ts's `--choices second`, differs from our document and from this set otherwise: its table
 * is SECOND_DIFFERENCES, in second-differences.ts.
 */

/** The options a run needs before a difference can show: a 429 needs the quota spent, a 403 a second key. */
export type NeededOption = 'rate-limit' | 'second-key'

/** One difference, and the finding the contract suite reports it as. */
export interface Difference {
  id: string
  /** What the spec leaves open (its section). */
  open: string
  /** What openapi/openapi.json says. */
  document: string
  /** What this server does instead. */
  server: string
  /** The finding: its check, and what its title (and, where titles repeat, its "Documented") says. */
  reportedAs: { check: string; title: RegExp; documented?: RegExp }
  needs?: NeededOption
}

/** The table above, as data. */
export const DIFFERENCES: readonly Difference[] = [
  {
    id: 'error-code-401',
    open: 'error body fields (7)',
    document: '401 code `unauthorized`',
    server: '`invalid_api_key`',
    reportedAs: { check: 'response_schema_conformance', title: /^error\.code must be "unauthorized"$/ },
  },
  {
    id: 'error-code-404',
    open: 'error body fields (7)',
    document: '404 code `not_found`',
    server: '`resource_not_found`',
    reportedAs: { check: 'response_schema_conformance', title: /^error\.code must be "not_found"$/ },
  },
  {
    id: 'error-code-422',
    open: 'error body fields (7)',
    document: '422 code `validation_failed`',
    server: '`invalid_request`',
    reportedAs: { check: 'response_schema_conformance', title: /^error\.code must be "validation_failed"$/ },
  },
  {
    id: 'error-code-429',
    open: 'rate-limit response (8)',
    document: '429 code `rate_limit_exceeded`',
    server: '`too_many_requests`',
    reportedAs: { check: 'response_schema_conformance', title: /^error\.code must be "rate_limit_exceeded"$/ },
    needs: 'rate-limit',
  },
  {
    id: 'error-documentation-url',
    open: 'error body fields (7)',
    document: 'error has code and message only',
    server: 'errors but 422 add `documentation_url`',
    reportedAs: { check: 'response_schema_conformance', title: /^Undocumented property documentation_url$/ },
  },
  {
    id: 'ietf-rate-limit-headers',
    open: 'rate-limit headers (8)',
    document: 'X-RateLimit-* and RateLimit',
    server: 'only RateLimit and RateLimit-Policy',
    reportedAs: {
      check: 'response_headers_conformance',
      title: /^Missing headers X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset$/,
    },
  },
  {
    id: 'default-page-size',
    open: 'page sizes (8)',
    document: 'per_page defaults to 25',
    server: '20',
    reportedAs: { check: 'pagination_conformance', title: /^The default per_page is not the documented one$/ },
  },
  {
    id: 'oldest-first',
    open: 'list parameters (4.1)',
    document: 'newest first (x-list order)',
    server: 'oldest first',
    reportedAs: { check: 'ordering_conformance', title: /^List is not in the documented order$/ },
  },
  {
    id: 'delete-204',
    open: 'other operations (4.1)',
    document: 'DELETE answers 200 with the body',
    server: '204, no body',
    reportedAs: { check: 'status_code_conformance', title: /^Undocumented status 204$/ },
  },
  {
    id: 'campaigns-start-disabled',
    open: 'transitions (3)',
    document: 'new campaigns start enabled',
    server: 'start disabled',
    reportedAs: { check: 'read_back_conformance', title: /^A new resource starts with enabled false$/ },
  },
  {
    id: 'unknown-fields-ignored',
    open: 'input fields (2.5)',
    document: 'unknown body fields are a 422',
    server: 'ignored',
    reportedAs: { check: 'negative_data_rejection', title: /^Invalid input accepted: unknown field / },
  },
  {
    id: 'cpm-fractions-of-cents',
    open: 'field bounds (2.5)',
    document: 'cpm in whole cents',
    server: 'any positive cpm',
    reportedAs: {
      check: 'negative_data_rejection',
      title: /^Invalid input accepted: campaign\.cpm=[\d.]+ is not a multiple of 0\.01$/,
    },
  },
  {
    id: 'long-titles',
    open: 'field bounds (2.5)',
    document: 'advert titles up to 120 characters',
    server: 'up to 200',
    reportedAs: {
      check: 'negative_data_rejection',
      title: /^Invalid input accepted: advert\.title is longer than 120$/,
    },
  },
  {
    id: 'advert-status-field',
    open: 'Advert fields (2.5)',
    document: 'no `status`',
    server: 'adverts carry `status: "active"`',
    reportedAs: { check: 'response_schema_conformance', title: /^Undocumented property status$/ },
  },
  {
    id: 'user-locale-field',
    open: 'User is open to more fields',
    document: 'no `locale`',
    server: 'users carry `locale`',
    reportedAs: { check: 'response_schema_conformance', title: /^Undocumented property locale$/ },
  },
  {
    id: 'balance-currency-field',
    open: 'balance operation (4.1)',
    document: 'balance_usd and total_topups_usd',
    server: 'also `currency: "USD"`',
    reportedAs: { check: 'response_schema_conformance', title: /^Undocumented property currency$/ },
  },
  {
    id: 'api-tier-names',
    open: 'api_tier values (2.5)',
    document: 'free, basic, pro, enterprise',
    server: '`starter`',
    reportedAs: { check: 'response_schema_conformance', title: /^data\.api_tier must be one of / },
  },
  {
    id: 'foreign-resource-403',
    open: 'conditions of errors (7)',
    document: "another account's resource: 404",
    server: '403 `forbidden`',
    reportedAs: { check: 'status_code_conformance', title: /^Undocumented status 403$/ },
    needs: 'second-key',
  },
  {
    id: 'error-code-400',
    open: 'error body fields (7)',
    document: '400 code `invalid_json`',
    server: '`malformed_json`',
    reportedAs: { check: 'response_schema_conformance', title: /^error\.code must be "invalid_json"$/ },
  },
  {
    id: 'passive-ad-refused',
    open: 'broadcasting_type values (2.5)',
    document: 'active_ad and passive_ad',
    server: 'only `active_ad`, the value the spec names',
    reportedAs: {
      check: 'positive_data_acceptance',
      title: /^Valid input refused: campaign\.broadcasting_type=passive_ad$/,
    },
  },
  {
    id: 'advert-delete-cascades',
    open: 'conditions of errors (7)',
    document: 'an advert in use: 422',
    server: 'deleted with its campaigns',
    reportedAs: { check: 'in_use_deletion_refused', title: /^Deleting a resource another one uses was not refused$/ },
  },
  {
    id: 'deleted-still-listed',
    open: 'other operations (4.1)',
    document: 'a deleted resource leaves its list',
    server: 'deleted softly, and still listed',
    reportedAs: { check: 'deleted_resource_unlisted', title: /^Deleted resource is still listed$/ },
  },
]
