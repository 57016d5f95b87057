import type { FieldError } from './error-body.js'
import { ERROR_STATUS, type ErrorCode } from './error-codes.js'
import { MESSAGES } from './messages.js'

/**
 * A failure a client caused (or asked for), thrown anywhere below the HTTP edge: a code from
 * the one table, a message from MESSAGES, and for validation_failed the failing fields. The
 * pipeline (pipeline/error-answer.ts, in the profile's shape: model/error-model.ts) turns it into
 * the error envelope that the listener and msw send; in-process callers of the MockApi read the
 * same code, status and fields off the error.
 * @example throw new ApiError('not_found', MESSAGES.not_found.resource('Campaign', 42))
 */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly fields: FieldError[] | undefined
  /** For `method_not_allowed`: the methods the path has, for the answer's `Allow` header. */
  readonly allow: readonly string[] | undefined
  /** A status asked for as such (a forced fault, `Prefer: code=422`), whatever status the profile gives the code. */
  readonly forced: number | undefined

  constructor(code: ErrorCode, message: string, fields?: FieldError[], allow?: readonly string[], forced?: number) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.fields = fields
    this.allow = allow
    this.forced = forced
  }

  /** The HTTP status: the one asked for, else the one its code has in the mock's own table. */
  get status(): number {
    return this.forced ?? ERROR_STATUS[this.code]
  }
}

/** A 422 naming the fields that failed. @example validationFailed('Invalid campaign', [{ field: 'campaign.cpm', message: 'must be > 0' }]) */
export function validationFailed(message: string, fields: FieldError[]): ApiError {
  return new ApiError('validation_failed', message, fields)
}

/** The 500 for a failure that is the mock's own bug, never the client's. */
export function internalError(): ApiError {
  return new ApiError('internal_error', MESSAGES.internal_error.bug())
}
