import type { JournalFilter } from '../schemas/journal.js'
import { pathPattern } from './faults.js'

/** What a filter reads of a journal entry. */
export interface FilteredEntry {
  operation_id: string | null
  method: string
  path: string
  status: number
  user_id: number | null
  at: string
  request_body: unknown
}

/**
 * The test of a journal filter: every field it gives must hold (operation, method, path pattern,
 * status or class of statuses, user, since, a body containing the given JSON); `limit` is the caller's.
 * @example journal.entries().filter(journalMatcher({ method: 'PATCH', path: '/campaigns/7' }, '/api/v1'))
 */
export function journalMatcher(filter: JournalFilter, apiPath: string): (entry: FilteredEntry) => boolean {
  const { operation, method, path, status, user_id, since, body } = filter
  const upper = method?.toUpperCase()
  const pattern = path === undefined ? undefined : pathPattern(path)
  const withQuery = path?.includes('?') ?? false
  const from = since === undefined ? undefined : Date.parse(since)
  const hasBody = 'body' in filter && body !== undefined
  return (entry) =>
    (operation === undefined || entry.operation_id === operation) &&
    (upper === undefined || entry.method === upper) &&
    (status === undefined || statusMatches(entry.status, status)) &&
    (user_id === undefined || entry.user_id === user_id) &&
    (from === undefined || Date.parse(entry.at) >= from) &&
    (pattern === undefined || pathMatches(pattern, entry.path, withQuery, apiPath)) &&
    (!hasBody || contains(entry.request_body, body))
}

/** A status against `422` or a class such as `4xx`. */
function statusMatches(status: number, wanted: number | string): boolean {
  return typeof wanted === 'number' ? status === wanted : String(Math.floor(status / 100)) === wanted[0]
}

/** A path (with its query) against a pattern: whole, or below the API's base; the query only when the pattern has one. */
function pathMatches(pattern: RegExp, path: string, withQuery: boolean, apiPath: string): boolean {
  const target = withQuery ? path : path.split('?')[0]!
  return pattern.test(target) || (target.startsWith(`${apiPath}/`) && pattern.test(target.slice(apiPath.length)))
}

/**
 * Whether a JSON value contains another: every field of an expected object is in the actual one and
 * contains its value, at any depth; arrays and other values must be equal.
 * @example contains({ campaign: { cpm: 3, enabled: true } }, { campaign: { cpm: 3 } }) // true
 */
export function contains(actual: unknown, expected: unknown): boolean {
  if (!isRecord(expected)) return equal(actual, expected)
  return (
    isRecord(actual) &&
    Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && contains(actual[key], value))
  )
}

function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]))
  }
  return Object.is(a, b)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
