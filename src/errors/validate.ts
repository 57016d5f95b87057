import type * as z from 'zod/mini'
import { IdParam } from '../schemas/common.js'
import { ApiError, validationFailed } from './api-error.js'
import type { FieldError } from './error-body.js'
import { MESSAGES } from './messages.js'

/**
 * Turns zod issues into the ValidationError's list of fields. A field the value lacks says so, `is
 * required`, whatever the schema would have taken there (zod's "Invalid input" for a union).
 */
function toFieldErrors(issues: readonly z.core.$ZodIssue[], value: unknown): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a known field' }))
    }
    return [{ field: path.join('.'), message: isMissing(value, issue.path) ? 'is required' : issue.message }]
  })
}

/** Whether the field a path names is absent from an object that is there (so the object lacks it). */
function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false
  let parent = value
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return false
    parent = (parent as Record<PropertyKey, unknown>)[key]
  }
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return false
  return !Object.hasOwn(parent, path.at(-1)!)
}

/** Validates a value against a schema, or throws a 422 that names every failing field. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw validationFailed(MESSAGES.validation_failed.invalid(what), toFieldErrors(result.error.issues, value))
}

/**
 * Validates query parameters (strings, the last of a repeated key) against a schema whose
 * numbers are coerced, and then insists that each number was written in plain decimal:
 * `1e3`, `0x1`, `01`, `1.0` and ` 1` coerce to numbers too, but a client sending them has made a mistake.
 * @example validateQuery(PaginationQuery, { page: '2' }) // { page: 2, per_page: 25 }
 */
export function validateQuery<S extends z.ZodMiniObject>(schema: S, raw: Record<string, string>): z.output<S> {
  const query = validate(schema, raw, 'query parameters')
  const fields = Object.entries(query as Record<string, unknown>)
    .filter(([key, value]) => typeof value === 'number' && raw[key] !== undefined && !isPlainDecimal(raw[key], value))
    .map(([key]) => ({ field: key, message: 'must be a whole number written in plain decimal digits' }))
  if (fields.length > 0) throw validationFailed(MESSAGES.validation_failed.invalid('query parameters'), fields)
  return query
}

/** An id as written in a path, with the same bounds as a query's ids; anything else is no resource at all (404). */
export function parseId(raw: string): number {
  const id = IdParam.safeParse(raw)
  if (!id.success || !isPlainDecimal(raw, id.data)) throw new ApiError('not_found', MESSAGES.not_found.malformedId(raw))
  return id.data
}

/**
 * Whether a string is exactly how the number is written in plain decimal, or a whole number so
 * written that the schema changed (a per_page a profile clamps); 15 digits stay exact in a double.
 */
function isPlainDecimal(text: string, value: number): boolean {
  return String(value) === text || /^[1-9]\d{0,14}$/.test(text)
}
