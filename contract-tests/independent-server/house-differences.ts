import type { StyleDeclaration, StyleDifference } from './house-conventions.js'

// What our document (openapi/openapi.json) chooses where the spec is silent, once, in the words
// every style's table of differences uses in its "ours" column; and the table as Markdown.

/** Our document's choice on each topic a style's table may differ on, and the spec's section that leaves it open. */
export const OURS = {
  errorBody: ['error body fields (7)', '`{success: false, error: {code, message}}`, `fields: [{field, message}]`'],
  errorCodes: ['error body fields (7)', '`unauthorized`, `not_found`, `validation_failed`, `invalid_json`, …'],
  validationStatus: ['conditions of errors (7)', 'invalid input: 422'],
  foreign: ['conditions of errors (7)', "another account's record: 404"],
  wrongMethod: ['conditions of errors (7)', 'a method a path lacks: 404, like an unknown path'],
  inUse: ['conditions of errors (7)', 'an advert in use: 422 `advert_in_use`'],
  unknownFields: ['input fields (2.5)', 'unknown body fields: refused (422)'],
  listEnvelope: ['list parameters (4.1)', '`pagination: {page, per_page, total_count, total_pages}`'],
  pageSize: ['page sizes (8)', '`per_page`: 25 by default, 1 to 100, more refused'],
  pastLastPage: ['page sizes (8)', 'a page past the last: 200, empty'],
  order: ['list parameters (4.1)', 'newest first (id descending)'],
  deletes: ['other operations (4.1)', 'DELETE answers 200 with the record'],
  stamps: ['timestamp format (2.2, 2.3)', 'milliseconds, `Z`'],
  ids: ['identifiers (2.2, 2.3)', 'from 1, step 1'],
  broadcastingTypes: ['broadcasting_type values (2.5)', '`active_ad`, `passive_ad`'],
  tiers: ['api_tier values (2.5)', '`free`, `basic`, `pro`, `enterprise`'],
  cpm: ['field bounds (2.5)', 'cpm above 0, at most 100000, whole cents (more refused)'],
  titles: ['field bounds (2.5)', 'advert titles 1 to 120 characters'],
  descriptions: ['field bounds (2.5)', 'advert descriptions up to 2000 characters'],
  queryBounds: ['list parameters (4.1)', 'page 1 to 1000000 and advert_id above 0, else refused'],
  sendingLimit: ['field bounds (2.5)', 'sending_limit at most 1000000000'],
  newCampaigns: ['transitions (3)', 'new campaigns start enabled'],
  detail: ['other operations (4.1)', 'GET /campaigns/{id} embeds its advert'],
  rateLimitHeaders: ['rate-limit headers (8)', 'X-RateLimit-Limit/Remaining/Reset and RateLimit/RateLimit-Policy'],
  retryAfter: ['rate-limit headers (8)', 'Retry-After: the seconds until the window resets'],
  extraFields: ['fields beyond 2.2 and 2.3', 'none'],
  patch: ['other operations (4.1)', 'PATCH changes the fields sent, and only those'],
} as const satisfies Record<string, readonly [open: string, ours: string]>

/**
 * One row of a style's table.
 * @example differs('order', 'order', 'oldest first (id ascending)', 'ordering_conformance')
 */
export function differs(
  id: string,
  topic: keyof typeof OURS,
  theirs: string,
  ...reportedBy: string[]
): StyleDifference {
  const [open, ours] = OURS[topic]
  return { id, open, ours, theirs, reportedBy }
}

/** Rows several styles share word for word. */
export const COMMON_ROWS = {
  unknownIgnored: differs('unknown-ignored', 'unknownFields', 'ignored', 'negative_data_rejection'),
  queryBounds: differs(
    'query-bounds',
    'queryBounds',
    'any page number; `advert_id=0` filters to nothing',
    'negative_data_rejection',
  ),
  advertIdZero: differs('query-bounds', 'queryBounds', '`advert_id=0` filters to nothing', 'negative_data_rejection'),
  idOrder: differs('id-order', 'order', 'oldest first (id ascending)', 'ordering_conformance'),
  delete204: differs('delete-204', 'deletes', '204, no body', 'status_code_conformance'),
  microsecondStamps: differs('microsecond-stamps', 'stamps', 'to the microsecond, `Z`'),
  secondStamps: differs('stamps-to-the-second', 'stamps', 'to the second, `Z`'),
  sendingLimitInt4: differs('sending-limit-int4', 'sendingLimit', 'at most 2147483647', 'negative_data_rejection'),
  detailWithoutAdvert: differs('detail-without-advert', 'detail', 'no advert embedded', 'response_schema_conformance'),
  method405: differs('method-405', 'wrongMethod', '405 with Allow'),
  campaignsStartDisabled: differs(
    'campaigns-start-disabled',
    'newCampaigns',
    'new campaigns start disabled',
    'read_back_conformance',
  ),
} as const

/** A row that is a deliberate defect, not a choice. */
export function defect(row: StyleDifference): StyleDifference {
  return { ...row, kind: 'defect' }
}

/**
 * A style's table as Markdown: one row per difference (for the docs, and for a reader of the test's output).
 * @example console.log(formatDifferences(STYLES.rails))
 */
export function formatDifferences({ name, differences }: StyleDeclaration): string {
  const rows = differences.map(
    (row) =>
      `| ${row.id}${row.kind ? ' (defect)' : ''} | ${row.open} | ${row.ours} | ${row.theirs} | ${row.reportedBy.join(', ') || '-'} |`,
  )
  return [
    `**${name}**`,
    '',
    '| id | the spec leaves open | ours | theirs | reported by |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}
