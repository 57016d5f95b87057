import type { FindingPattern, StyleDeclaration, StyleDifference } from './house-conventions.js'

// What our document (openapi/openapi.json) chooses where the spec is silent, once, in the words
// every style's table of differences uses in its "ours" column; and the table as Markdown. A row
// is one cause, as the contract suite keys its findings (one finding per cause): a kind of error's
// status and code, one schema's extra or missing members, a bound and its direction, one query
// parameter, an enum's values, the paging object's key, a family of headers.

/** Our document's choice on each topic a style's table may differ on, and the spec's section that leaves it open. */
export const OURS = {
  errorBody: ['error body fields (7)', '`{success: false, error: {code, message}}`, `fields: [{field, message}]`'],
  errorMembers: ['error body fields (7)', '`error: {code, message}`, nothing more'],
  problemList: ['error body fields (7)', 'invalid input lists `fields: [{field, message}]`'],
  code401: ['error body fields (7)', '401 `unauthorized`'],
  code404: ['error body fields (7)', '404 `not_found`'],
  codeRoute: ['error body fields (7)', 'a method a path lacks: 404 `route_not_found`'],
  code422: ['error body fields (7)', '422 `validation_failed`'],
  code400: ['error body fields (7)', 'malformed JSON: 400 `invalid_json`'],
  code429: ['rate-limit response (8)', '429 `rate_limit_exceeded`'],
  validationStatus: ['conditions of errors (7)', 'invalid input: 422'],
  foreign: ['conditions of errors (7)', "another account's record: 404"],
  wrongMethod: ['conditions of errors (7)', 'a method a path lacks: 404, like an unknown path'],
  inUse: ['conditions of errors (7)', 'an advert in use: 422 `advert_in_use`'],
  unknownFields: ['input fields (2.5)', 'unknown body fields: refused (422)'],
  listEnvelope: ['list parameters (4.1)', '`pagination: {page, per_page, total_count, total_pages}`'],
  listMembers: ['list parameters (4.1)', '`success`, `data`, `pagination`, nothing more'],
  defaultPageSize: ['page sizes (8)', '`per_page`: 25 by default'],
  perPageBounds: ['page sizes (8)', '`per_page`: 1 to 100, anything else refused'],
  pastLastPage: ['page sizes (8)', 'a page past the last: 200, empty'],
  pageBounds: ['list parameters (4.1)', '`page`: 1 to 1000000, anything else refused'],
  advertIdBounds: ['list parameters (4.1)', '`advert_id`: above 0, else refused'],
  order: ['list parameters (4.1)', 'newest first (id descending)'],
  deletes: ['other operations (4.1)', 'DELETE answers 200 with the record'],
  stamps: ['timestamp format (2.2, 2.3)', 'milliseconds, `Z`'],
  ids: ['identifiers (2.2, 2.3)', 'from 1, step 1'],
  broadcastingTypes: ['broadcasting_type values (2.5)', '`active_ad`, `passive_ad`'],
  tiers: ['api_tier values (2.5)', '`free`, `basic`, `pro`, `enterprise`'],
  cpmMax: ['field bounds (2.5)', 'cpm at most 100000'],
  cpmCents: ['field bounds (2.5)', 'cpm in whole cents (more decimals refused)'],
  titles: ['field bounds (2.5)', 'advert titles 1 to 120 characters'],
  descriptions: ['field bounds (2.5)', 'advert descriptions up to 2000 characters'],
  sendingLimit: ['field bounds (2.5)', 'sending_limit at most 1000000000'],
  newCampaigns: ['transitions (3)', 'new campaigns start enabled'],
  detail: ['other operations (4.1)', 'GET /campaigns/{id} embeds its advert'],
  rateLimitHeaders: ['rate-limit headers (8)', 'X-RateLimit-Limit/Remaining/Reset and RateLimit/RateLimit-Policy'],
  resetForm: ['rate-limit headers (8)', 'X-RateLimit-Reset: the epoch second the window starts again'],
  retryAfter: ['rate-limit headers (8)', 'Retry-After: the seconds until a request would be admitted'],
  extraFields: ['fields beyond 2.2 and 2.3', 'none'],
  patch: ['other operations (4.1)', 'PATCH changes the fields sent, and only those'],
} as const satisfies Record<string, readonly [open: string, ours: string]>

/**
 * One row of a style's table: one cause, and the one finding the suite makes of it against our
 * document (none where no check sees it).
 * @example differs('id-order', 'order', 'oldest first (id ascending)', FOUND.order)
 */
export function differs(
  id: string,
  topic: keyof typeof OURS,
  theirs: string,
  ...reportedAs: FindingPattern[]
): StyleDifference {
  const [open, ours] = OURS[topic]
  const reportedBy = [...new Set(reportedAs.map(({ check }) => check))]
  return { id, open, ours, theirs, reportedBy, ...(reportedAs.length > 0 ? { reportedAs } : {}) }
}

const schema = (title: RegExp, cause?: string): FindingPattern => ({
  check: 'response_schema_conformance',
  title,
  ...(cause ? { cause } : {}),
})
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The findings of the suite a row names, by their checks' titles. */
export const FOUND = {
  /** An error body of another shape: one cause, its members, codes and problem list alike. */
  errorShape: schema(/^Members of the object \{success, error\}: /),
  /** Timestamps in another form than `…Z` (an offset): one cause, whatever field shows it. */
  stamps: schema(/^data(\[\])?\.\w+_at must match pattern /),
  tier: schema(/^data\.api_tier must be one of /),
  pagingKey: schema(/^Required property pagination is missing$/),
  problemList: schema(/^Required property fields is missing$/),
  detailWithoutAdvert: schema(/^Required property advert is missing$/),
  /** A kind of error answered with the document's status and another code. */
  code: (documented: string) => schema(new RegExp(`^error\\.code must be "${documented}"$`)),
  /** A kind of error the document does not have, by its code (a method a path lacks). */
  undocumentedCode: (code: string) => schema(new RegExp(`^error\\.code "${code}" is no documented code$`)),
  /** A schema's undocumented members, all of them, the first named: by its title's name for it and its cause's (`{data,pagination,success}` for an unnamed one). */
  extra: (schemaName: string, first: string, causeName = schemaName) =>
    schema(
      new RegExp(`^Undocumented propert(?:y|ies of ${escape(schemaName)}:) ${first}(?:,|$)`),
      `members ${causeName} extra`,
    ),
  /** A schema's missing members, more than one (a record answered in part: a delete's receipt). */
  missing: (schemaName: string) => schema(new RegExp(`^Required properties of ${schemaName} are missing: `)),
  status: (status: number): FindingPattern => ({
    check: 'status_code_conformance',
    title: new RegExp(`^Undocumented status ${status}$`),
  }),
  inUse: (title: RegExp): FindingPattern => ({ check: 'in_use_deletion_refused', title }),
  /** Input past a bound of the document, or unknown, accepted. */
  accepted: (what: RegExp): FindingPattern => ({
    check: 'negative_data_rejection',
    title: new RegExp(`^Invalid input accepted: ${what.source}`),
  }),
  invalid400: { check: 'negative_data_rejection', title: /^Invalid input answered 400: / },
  /** Input within the document's bounds refused. */
  refused: (what: RegExp): FindingPattern => ({
    check: 'positive_data_acceptance',
    title: new RegExp(`^Valid input refused: ${what.source}`),
  }),
  defaultPageSize: { check: 'pagination_conformance', title: /^The default per_page is not the documented one$/ },
  order: { check: 'ordering_conformance', title: /^List is not in the documented order$/ },
  startsDisabled: { check: 'read_back_conformance', title: /^A new resource starts with enabled false$/ },
  missingHeaders: (names: string): FindingPattern => ({
    check: 'response_headers_conformance',
    title: new RegExp(`^Missing headers ${escape(names)}$`),
  }),
} as const satisfies Record<string, FindingPattern | ((...args: never[]) => FindingPattern)>

/** Rows several styles share word for word, and makers of those that differ only by a bound, a size or a name. */
export const COMMON_ROWS = {
  unknownIgnored: differs('unknown-ignored', 'unknownFields', 'ignored', FOUND.accepted(/unknown field /)),
  pageUnbounded: differs('page-unbounded', 'pageBounds', 'any page number', FOUND.accepted(/query page[= ]/)),
  advertIdZero: differs(
    'advert-id-zero',
    'advertIdBounds',
    '`advert_id=0` filters to nothing',
    FOUND.accepted(/query advert_id=0 is out of range$/),
  ),
  idOrder: differs('id-order', 'order', 'oldest first (id ascending)', FOUND.order),
  delete204: differs('delete-204', 'deletes', '204, no body', FOUND.status(204)),
  microsecondStamps: differs('microsecond-stamps', 'stamps', 'to the microsecond, `Z`'),
  secondStamps: differs('stamps-to-the-second', 'stamps', 'to the second, `Z`'),
  sendingLimitInt4: differs(
    'sending-limit-int4',
    'sendingLimit',
    'at most 2147483647',
    FOUND.accepted(/campaign\.sending_limit=1000000001 is out of range$/),
  ),
  detailWithoutAdvert: differs('detail-without-advert', 'detail', 'no advert embedded', FOUND.detailWithoutAdvert),
  method405: differs('method-405', 'wrongMethod', '405 with Allow'),
  campaignsStartDisabled: differs(
    'campaigns-start-disabled',
    'newCampaigns',
    'new campaigns start disabled',
    FOUND.startsDisabled,
  ),
  titleLonger: (max: number) =>
    differs(
      `title-max-${max}`,
      'titles',
      `up to ${max} characters`,
      FOUND.accepted(/advert\.title is longer than 120$/),
    ),
  descriptionLonger: (max: number) =>
    differs(
      `description-max-${max}`,
      'descriptions',
      `up to ${max} characters`,
      FOUND.accepted(/advert\.description is longer than 2000$/),
    ),
  cpmDecimals: (theirs: string) =>
    differs('cpm-decimals', 'cpmCents', theirs, FOUND.accepted(/campaign\.cpm=[\d.]+ is not a multiple of 0\.01$/)),
  cpmMax: (max: number) =>
    differs(`cpm-max-${max}`, 'cpmMax', `at most ${max}`, FOUND.refused(/campaign\.cpm=100000 /)),
  sendingLimitMax: (max: number) =>
    differs(
      `sending-limit-max-${max}`,
      'sendingLimit',
      `at most ${max}`,
      FOUND.refused(/campaign\.sending_limit=1000000000 /),
    ),
  broadcastingTypes: (id: string, theirs: string) =>
    differs(id, 'broadcastingTypes', theirs, FOUND.refused(/(campaign\.)?broadcasting_type=passive_ad$/)),
  tier: (name: string) => differs(`tier-${name}`, 'tiers', `\`${name}\``, FOUND.tier),
  perPageUnchecked: (theirs: string) =>
    differs('per-page-unchecked', 'perPageBounds', theirs, FOUND.accepted(/query per_page[= ]/)),
  defaultPageSize: (size: number, param = 'per_page') =>
    differs(`default-page-${size}`, 'defaultPageSize', `\`${param}\`: ${size} by default`, FOUND.defaultPageSize),
} as const

/** A row that is a deliberate defect, not a choice. */
export function defect(row: StyleDifference): StyleDifference {
  return { ...row, kind: 'defect' }
}

/** A row a run shows only with an option it may lack (the rate-limit flow). */
export function needing(needs: NonNullable<StyleDifference['needs']>, row: StyleDifference): StyleDifference {
  return { ...row, needs }
}

/**
 * Whether a finding is the one a row names: by check and title (and cause) where the row gives
 * them, else by any of its checks.
 * @example STYLES.rails.differences.filter((row) => isFindingOf(row, finding))
 */
export function isFindingOf(
  row: StyleDifference,
  finding: { check: string; title: string; rootCause?: string },
): boolean {
  if (!row.reportedAs) return row.reportedBy.includes(finding.check)
  return row.reportedAs.some(
    ({ check, title, cause }) =>
      check === finding.check && title.test(finding.title) && (cause === undefined || cause === finding.rootCause),
  )
}

/**
 * A style's table as Markdown: one row per difference (for the docs, and for a reader of the test's output).
 * @example console.log(formatDifferences(STYLES.rails))
 */
export function formatDifferences({ name, differences }: StyleDeclaration): string {
  const rows = differences.map(
    (row) =>
      `| ${row.id}${row.kind ? ' (defect)' : ''}${row.needs ? ` (needs ${row.needs})` : ''} | ${row.open} | ${row.ours} | ${row.theirs} | ${row.reportedBy.join(', ') || '-'} |`,
  )
  return [
    `**${name}**`,
    '',
    '| id | the spec leaves open | ours | theirs | reported by |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}
