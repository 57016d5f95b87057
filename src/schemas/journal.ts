import * as z from 'zod/mini'
import { Id, Timestamp } from './common.js'
import { meta } from './meta.js'

// The request journal as the control plane shows it, and the filters it is read with.

/** Longest body an entry keeps, in characters (64 KiB); a longer one is kept cut, as text ending with `…`. */
export const MAX_JOURNAL_BODY = 65_536

/** Most body text the whole journal keeps, in characters (16 MiB): past it, the oldest entries lose their bodies first. */
export const MAX_JOURNAL_BODIES = 16_777_216

/** Deepest nesting of a body the journal shows as JSON (deeper is kept as its text), and of a body filter. */
export const MAX_JOURNAL_JSON_DEPTH = 64

const Count = z.int().check(z.nonnegative())

/**
 * How deeply a JSON text nests arrays and objects, counted without parsing it (brackets in strings
 * skipped), so a body too deep to show or compare is caught before anything recurses into it.
 * @example jsonDepth('{"a":[1,{"b":"]"}]}') // 3
 */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth)
    else if (char === '}' || char === ']') depth--
  }
  return deepest
}

/** A JSON value no deeper than MAX_JOURNAL_JSON_DEPTH, as a body filter takes it. */
const shallow = (value: unknown) =>
  value === undefined || jsonDepth(JSON.stringify(value) ?? '') <= MAX_JOURNAL_JSON_DEPTH
const TOO_DEEP = { message: `must nest at most ${MAX_JOURNAL_JSON_DEPTH} levels deep` }

/** One request the public API answered. */
export const JournalEntry = meta(
  z.strictObject({
    seq: z.int().check(z.positive()),
    at: Timestamp,
    method: z.string(),
    path: meta(z.string(), { description: 'Path and query string as requested.' }),
    status: z.int(),
    duration_ms: z.number().check(z.nonnegative()),
    user_id: meta(z.nullable(Id), {
      description: 'The authenticated user; null when authentication failed or was not reached.',
    }),
    operation_id: meta(z.nullable(z.string()), { description: 'The operation asked for; null for an unknown route.' }),
    request_body: meta(z.unknown(), {
      description: `The body the request carried: its JSON value, or its text when it is not JSON or was cut at 64 KiB (${MAX_JOURNAL_BODY.toLocaleString('en-US')} characters); null when it carried none. API keys read [redacted].`,
    }),
    response_body: meta(z.unknown(), {
      description: 'The body of the answer, in the same form as request_body (null for none).',
    }),
    truncated: meta(z.boolean(), {
      description: `Whether a body here is not whole: cut at 64 KiB, or dropped (null) because the journal keeps at most 16 MiB (${MAX_JOURNAL_BODIES.toLocaleString('en-US')} characters) of bodies in all, the oldest entries' first.`,
    }),
  }),
  { id: 'JournalEntry' },
)

/** Answer of DELETE /__admin/requests. */
export const JournalCleared = meta(z.strictObject({ cleared: Count }), { id: 'JournalCleared' })

/** A status (`422`) or a class of them (`4xx`). */
const STATUS_PATTERN = /^[1-5](\d\d|xx)$/

/** A status or a class, as a filter holds it: a number, or the class's text. */
const StatusText = z.pipe(
  z.string().check(z.regex(STATUS_PATTERN)),
  z.transform((status) => (status.endsWith('xx') ? status : Number(status))),
)

/** A JSON text, parsed; text that does not parse is an issue on this field. */
const JsonText = z
  .pipe(
    z.string().check(z.maxLength(65_536)),
    z.transform((text, payload) => {
      try {
        return JSON.parse(text) as unknown
      } catch (error) {
        payload.issues.push({ code: 'custom', message: `is not JSON: ${(error as Error).message}`, input: text })
        return z.NEVER
      }
    }),
  )
  .check(z.refine((value) => shallow(value), TOO_DEEP))

const BODY_FILTER =
  'Only requests whose JSON body contains this JSON: every field it gives, at any depth, is there and equal (arrays and other values compared whole), e.g. `{"campaign":{"cpm":3}}`.'
const LIMIT_FILTER = 'Only the last this many of the requests that match (still oldest first).'

/**
 * The journal's filters, read over HTTP (`JournalQuery`: GET /__admin/requests's query string, `body`
 * as JSON text) and in-process (`JournalFilter`: `api.requests(filter)`, a number for a status, any
 * JSON for `body`); each one left out matches every entry. `operation` is one of the operation ids
 * given (the API's), so a misspelt one is a 422 naming them rather than a silent "no match".
 * @example journalFilters(['getUser', 'listCampaigns']).JournalFilter.parse({ operation: 'listCampaigns' })
 */
export function journalFilters<OperationId extends string>(operationIds: readonly [OperationId, ...OperationId[]]) {
  const fields = {
    operation: meta(
      z.optional(
        z.enum(operationIds, { error: () => `is not an operation of the API (one of ${operationIds.join(', ')})` }),
      ),
      { description: 'Only requests for this operation id, e.g. `updateCampaign`.' },
    ),
    method: meta(z.optional(z.string().check(z.regex(/^[A-Za-z]{1,10}$/))), {
      description: 'Only this method (any case).',
    }),
    path: meta(z.optional(z.string().check(z.regex(/^\/[\w\-./*{}?=&%,]*$/), z.maxLength(2048))), {
      description:
        'Only paths matching this pattern, below the API base (`/campaigns/7`) or whole (`/api/v1/campaigns/7`): `*` one segment, `**` any, `{id}` one segment. The query string is ignored unless the pattern has one.',
    }),
    since: meta(z.optional(z.iso.datetime({ offset: true })), {
      description: "Only requests that arrived at or after this instant, by the mock's clock.",
    }),
  }
  return {
    JournalQuery: z.strictObject({
      ...fields,
      status: meta(z.optional(StatusText), { description: 'Only this status (`422`) or class of statuses (`4xx`).' }),
      user_id: meta(z.optional(z.coerce.number().check(z.int(), z.positive())), {
        description: 'Only requests authenticated as this user.',
      }),
      body: meta(z.optional(JsonText), { description: BODY_FILTER }),
      limit: meta(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))), {
        description: LIMIT_FILTER,
      }),
    }),
    JournalFilter: z.strictObject({
      ...fields,
      status: z.optional(z.union([z.int().check(z.minimum(100), z.maximum(599)), StatusText])),
      user_id: z.optional(Id),
      body: z.optional(z.unknown().check(z.refine(shallow, TOO_DEEP))),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(100_000))),
    }),
  }
}

type JournalFilterSchema = ReturnType<typeof journalFilters<string>>['JournalFilter']

/**
 * A filter of the request journal, as `api.requests(filter)` and `mock.requests(filter)` take it:
 * `operation` one of the API's operation ids, `user_id` a user's id.
 * @example const filter: JournalFilterInput<'updateCampaign'> = { operation: 'updateCampaign', user_id: 1, status: '2xx' }
 */
export type JournalFilterInput<OperationId extends string = string> = Omit<
  z.input<JournalFilterSchema>,
  'operation' | 'user_id'
> & { operation?: OperationId; user_id?: number }
/** A filter of the request journal, checked. */
export type JournalFilter = z.output<JournalFilterSchema>
