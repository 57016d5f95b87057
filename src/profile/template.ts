import * as z from 'zod/mini'

// A template: a JSON value kept from an observed answer, with slots where the answer varies. What a
// deployment's error bodies, list envelopes and delete answers look like is open-ended; a template
// holds any such shape, where a fixed list of knobs holds only the shapes its authors imagined.
//
// A template is plain JSON, and any JSON is one (a literal). Four kinds of node are not literal:
//
// - `{ "$slot": "code" }`: the slot's value, of any JSON type; the key holding it is left out when
//   the slot has no value (an error without problems has no `fields`).
// - `{ "$text": "https://errors.example.com/{code}" }`: a string, each `{slot}` replaced by its value.
// - `{ "$each": "problems", "item": T }`: an array, T once per problem, where T also sees the
//   problem's own slots (`problem.field`, …); left out without problems. With `"by": "problem.path"`
//   (or another problem slot), an object instead, T under the problem's field (`{ "cpm": [T] }`,
//   Rails, Laravel); with `"nested": true` too, under each segment of it (`{ "campaign": { "cpm": T } }`, DRF).
// - `{ "$link": "next", "href": "{base}{path}?page={page}&per_page={per_page}" }`: a list's link to
//   one of its pages, null where that page does not exist (`next` on the last page).
// - `{ "$map": { "field": "enabled", "cases": [[true, "active"], [false, "paused"]] } }`: a value that
//   follows another field of the same record (extra fields of a resource only).
// - In a resource's extra field, `{ "$text": "{base}/adverts/{id}" }` is written from the record's
//   id and the API's base URL (a DRF `url`), and with `"encode": "base64"` base64-encoded (a
//   GitHub `node_id`).

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A template: JSON with slot nodes (see above). */
export type Template = Json

/** The slots of an error body, each with what it holds. */
export const ERROR_SLOTS = {
  code: 'the error code, by its wire name',
  message: 'what failed and why, for people',
  status: 'the HTTP status, a number',
  status_text: "the status's reason phrase (`Not Found`)",
  title: 'the error kind in a few words (`Validation failed`)',
  path: "the request's path (`/api/v1/campaigns/7`)",
  method: "the request's method",
  request_id: 'an id of its own for each answer (a UUID)',
  time: 'when it was answered, as the API writes timestamps',
} as const

/** The slots of one problem of a validation error, inside `$each`. */
export const PROBLEM_SLOTS = {
  'problem.path': 'the field, dotted, with its wrapper (`campaign.cpm`); empty for the body itself',
  'problem.field': 'the field, dotted, without its wrapper (`cpm`)',
  'problem.pointer': 'the field as a JSON Pointer (`/campaign/cpm`)',
  'problem.fragment': 'the field as a JSON Pointer in a URI fragment (`#/campaign/cpm`, RFC 6901 section 6)',
  'problem.bracket': 'the field as a form writes it (`campaign[cpm]`)',
  'problem.resource': 'the resource the field belongs to, capitalized (`Campaign`); none for a query parameter',
  'problem.message': 'what is wrong with it',
} as const

/** The slots of a list's envelope. */
export const LIST_SLOTS = {
  items: "the page's records",
  page: 'the page number, from 1',
  per_page: 'records per page',
  total: 'records in the whole list',
  pages: 'pages in the whole list',
  last_page: "the last page's number: the pages in the whole list, and 1 for an empty one (Laravel's `last_page`)",
  count: 'records on this page',
  next_page: 'the next page number, or null on the last',
  prev_page: 'the previous page number, or null on the first',
  from: "the first record's position in the list (from 1), or null on an empty page",
  to: "the last record's position in the list, or null on an empty page",
  has_more: 'whether pages follow this one',
} as const

/** The pages a `$link` may point at. */
export const LINK_TARGETS = ['self', 'first', 'last', 'next', 'prev'] as const
export type LinkTarget = (typeof LINK_TARGETS)[number]

/** The slots of a `$link`'s href. */
export const LINK_SLOTS = {
  base: "the API's base URL (`http://127.0.0.1:4010/api/v1`)",
  basepath: "the base URL's path alone, for a link relative to the host (`/api/v1`)",
  path: "the list's path below it (`/adverts`)",
  page: 'the page linked to',
  per_page: 'records per page',
} as const

/** The slots of a delete's answer. */
export const DELETE_SLOTS = {
  record: 'the deleted record, as a read showed it',
  id: "the deleted record's id",
} as const

/** The slots of a rate-limit header's value. */
export const HEADER_SLOTS = {
  limit: 'requests admitted in the window closest to exhaustion',
  remaining: 'requests left in that window, this one counted',
  used: 'requests counted in that window, this one included',
  reset: 'when that window starts again, in Unix epoch seconds',
  reset_after: 'seconds until that window starts again',
  window: "that window's length in seconds",
  retry_after: 'seconds until a request would be admitted (a 429 only)',
  policy: 'every window as an IETF RateLimit-Policy list',
  ratelimit: 'every window as an IETF RateLimit list',
} as const

/** A slot of one of the vocabularies above. */
export type ErrorSlot = keyof typeof ERROR_SLOTS
export type ProblemSlot = keyof typeof PROBLEM_SLOTS
export type ListSlot = keyof typeof LIST_SLOTS
export type HeaderSlot = keyof typeof HEADER_SLOTS

/** Where a template is used, and so which slots it may name. */
export type TemplateUse = 'error' | 'list' | 'delete' | 'field'

const SLOTS_BY_USE: Record<TemplateUse, readonly string[]> = {
  error: Object.keys(ERROR_SLOTS),
  list: Object.keys(LIST_SLOTS),
  delete: Object.keys(DELETE_SLOTS),
  field: ['id', 'base'],
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The `{name}` placeholders of a text. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{([a-z_.]+)\}/g)].map(([, name]) => name ?? '')
}

/**
 * What is wrong with a template for a use, in a few words with where (`error.$slot: "cod" is not a
 * slot of an error`), or undefined when it holds.
 * @example templateProblem({ error: { $slot: 'cod' } }, 'error') // 'error.$slot: "cod" is not a slot of an error body'
 */
export function templateProblem(value: unknown, use: TemplateUse, at = '', inItem = false): string | undefined {
  const here = (key: string) => (at ? `${at}.${key}` : key)
  const slots = [...SLOTS_BY_USE[use], ...(inItem ? Object.keys(PROBLEM_SLOTS) : [])]
  const known = (name: string, key: string) =>
    slots.includes(name)
      ? undefined
      : `${here(key)}: "${name}" is not a slot of ${use === 'field' ? 'a field' : `a ${use} body`}`
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = templateProblem(item, use, here(String(index)), inItem)
      if (problem) return problem
    }
    return undefined
  }
  if (!isObject(value)) return undefined
  if ('$slot' in value)
    return typeof value.$slot === 'string' ? known(value.$slot, '$slot') : `${here('$slot')}: must be a name`
  if ('$text' in value) {
    if (typeof value.$text !== 'string') return `${here('$text')}: must be a text`
    for (const name of placeholdersOf(value.$text)) {
      const problem = known(name, '$text')
      if (problem) return problem
    }
    return undefined
  }
  if ('$each' in value) {
    if (use !== 'error' || value.$each !== 'problems') return `${here('$each')}: only an error body's "problems" repeat`
    if (value.by !== undefined && !(String(value.by) in PROBLEM_SLOTS))
      return `${here('by')}: "${String(value.by)}" is not a slot of a problem`
    return templateProblem(value.item, use, here('item'), true)
  }
  if ('$link' in value) {
    if (use !== 'list' || !(LINK_TARGETS as readonly string[]).includes(String(value.$link)))
      return `${here('$link')}: a list's link is one of ${LINK_TARGETS.join(', ')}`
    if (typeof value.href !== 'string') return `${here('href')}: must be a text`
    const stray = placeholdersOf(value.href).find((name) => !(name in LINK_SLOTS))
    return stray === undefined ? undefined : `${here('href')}: "${stray}" is not a slot of a link`
  }
  if ('$map' in value) {
    const map = value.$map
    if (use !== 'field') return `${here('$map')}: only a resource's extra field follows another field`
    if (!isObject(map) || typeof map.field !== 'string' || !Array.isArray(map.cases))
      return `${here('$map')}: must be { field, cases: [[value, shown], …] }`
    return map.cases.every((pair) => Array.isArray(pair) && pair.length === 2)
      ? undefined
      : `${here('$map.cases')}: each case is a pair [value, shown]`
  }
  for (const [key, child] of Object.entries(value)) {
    const problem = templateProblem(child, use, here(key), inItem)
    if (problem) return problem
  }
  return undefined
}

/**
 * A zod schema of templates for one use: any JSON whose slot nodes are well formed and name slots
 * of that use.
 * @example TemplateOf('delete').parse({ success: true, data: { $slot: 'record' } })
 */
export function TemplateOf(use: TemplateUse) {
  return z.custom<Template>().check(
    z.superRefine((value, ctx) => {
      const problem = templateProblem(value, use)
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value })
    }),
  )
}

/** Whether a template node is one of the slot nodes (not a literal). */
export function isSlotNode(value: unknown): boolean {
  return isObject(value) && ['$slot', '$text', '$each', '$link', '$map'].some((key) => key in value)
}

/**
 * What a field's `{base}` is written as until the answer is: the pipeline puts the API's base URL,
 * as the request reached it, in its place.
 */
export const BASE_MARK = '\u2063base\u2063'

/**
 * The values a new record gets of its extra fields: each literal as it is; a field that follows
 * another (`$map`) is shown from that field, so it stores nothing.
 * @example initialValues({ currency: 'USD', status: { $map: { field: 'enabled', cases: [] } } }) // { currency: 'USD' }
 */
export function initialValues(fields: Readonly<Record<string, Template>>): Record<string, Json> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => !isSlotNode(value)))
}

/**
 * What an extra field shows on a record: a `$map`'s case for the field it follows (the stored
 * value where no case matches), or the stored value.
 * @example fieldShown({ $map: { field: 'enabled', cases: [[false, 'paused']] } }, 'active', { enabled: false }) // 'paused'
 */
export function fieldShown(template: Template, stored: unknown, record: Readonly<Record<string, unknown>>): unknown {
  if (isObject(template) && '$text' in template) {
    const text = String(template.$text).replaceAll('{id}', String(record.id)).replaceAll('{base}', BASE_MARK)
    return template.encode === 'base64' ? btoa(text) : text
  }
  if (!isObject(template) || !('$map' in template)) return stored
  const { field, cases } = template.$map as { field: string; cases: [Json, Json][] }
  const found = cases.find(([value]) => value === record[field])
  return found ? found[1] : stored
}
