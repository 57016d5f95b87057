import type { FieldError } from '../schemas/error.js'
import { ERROR_STATUS, type ErrorCode } from './error-codes.js'

/**
 * A client-facing failure: thrown anywhere below a handler, turned into the error
 * envelope with the status from the one table.
 * @example throw new ApiError('not_found', 'Campaign 42 does not exist')
 */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly fields: FieldError[] | undefined
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, message: string, options: { fields?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.fields = options.fields
    this.headers = options.headers ?? {}
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/** A 422 naming the fields that failed. @example validationFailed('Invalid campaign', [{ field: 'campaign.cpm', message: 'must be > 0' }]) */
export function validationFailed(message: string, fields: FieldError[]): ApiError {
  return new ApiError('validation_failed', message, { fields })
}
