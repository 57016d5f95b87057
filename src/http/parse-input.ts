import type { z } from 'zod'
import type { FieldError } from '../schemas/error.js'
import { ApiError, validationFailed } from './api-error.js'

/** Turns zod issues into the ValidationError's list of fields. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldError[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path].map(String)
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a known field' }))
    }
    return [{ field: path.join('.'), message: issue.message }]
  })
}

/** Validates a value against a schema, or throws a 422 that names every failing field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw validationFailed(`Invalid ${what}`, toFieldErrors(result.error.issues))
}

/** Largest request body read, in bytes: the same 1 MiB in every transport (the listener refuses more before reading). */
export const MAX_BODY_BYTES = 1_048_576

/**
 * Reads a request's JSON body: 422 when it is missing (unless optional, then `undefined`),
 * 415 unless it is sent as JSON (uncompressed: the listener inflates gzip, deflate and br
 * before this, in-process there is nothing to), 400 when it does not parse.
 */
export async function readJsonBody(request: Request, { optional = false } = {}): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? ''
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES / 4 && new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ApiError('payload_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`)
  }
  if (text.trim() === '') {
    if (optional) return undefined
    throw validationFailed('A JSON request body is required', [{ field: '', message: 'is required' }])
  }
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') {
    throw new ApiError('unsupported_media_type', `Send the body uncompressed: Content-Encoding "${encoding}" is not supported`)
  }
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', `Send the body as JSON with Content-Type: application/json (got "${contentType || 'none'}")`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ApiError('invalid_json', `The request body is not valid JSON: ${(error as Error).message}`)
  }
}

/** Turns URL search parameters into an object for a query schema (the last value of a repeated key wins). */
export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams)
}

/**
 * Validates a URL's query against a schema whose numbers are coerced from strings, and
 * then insists that each number was written in plain decimal: `1e3`, `0x1`, `01`, `1.0`
 * and ` 1` coerce to numbers too, but a client sending them has made a mistake.
 */
export function validateQuery<S extends z.ZodObject>(schema: S, url: URL): z.output<S> {
  const raw = queryObject(url)
  const query = validate(schema, raw, 'query parameters')
  const fields = Object.entries(query as Record<string, unknown>)
    .filter(([key, value]) => typeof value === 'number' && raw[key] !== undefined && !isPlainDecimal(raw[key], value))
    .map(([key]) => ({ field: key, message: 'must be a whole number written in plain decimal digits' }))
  if (fields.length > 0) throw validationFailed('Invalid query parameters', fields)
  return query
}

/** Whether a URL string is exactly how the number is written in plain decimal. */
export function isPlainDecimal(text: string, value: number): boolean {
  return String(value) === text
}
