import { DEFAULT_PROFILE, ERROR_CODE_NAMES, type ErrorCode } from '../profile/profile.js'
import type { FaultStatus } from '../schemas/control-plane.js'

export type { ErrorCode } from '../profile/profile.js'

/**
 * The status of each error code under the mock's own profile (a twin's are its profile's, through
 * the model): the public API's table, for callers that read a status off a code.
 * @example ERROR_STATUS.not_found // 404
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = DEFAULT_PROFILE.errors.statuses

/** The codes only a profile other than the default answers with: the default document leaves them out. */
export const PROFILED_ERROR_CODES: readonly ErrorCode[] = ['forbidden', 'method_not_allowed']

/** Every error code the default profile answers with, for enums (the Error schema's `code`). */
export const ERROR_CODES = ERROR_CODE_NAMES.filter((code) => !PROFILED_ERROR_CODES.includes(code)) as [
  ErrorCode,
  ...ErrorCode[],
]

/**
 * The error code a forced fault answers with: the first code the mock's own table gives that
 * status (the answer keeps the status asked for, whatever a profile gives the code).
 * @example faultCode(503) // 'service_unavailable'
 */
export function faultCode(status: FaultStatus): ErrorCode {
  return ERROR_CODE_NAMES.find((code) => ERROR_STATUS[code] === status) ?? 'internal_error'
}
