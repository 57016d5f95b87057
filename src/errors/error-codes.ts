import type { FaultStatus } from '../schemas/control-plane.js'

/**
 * Every error code the mock answers with, and its HTTP status: the one table. Lower layers
 * throw codes; the status is looked up here (ApiError.status) by the HTTP edge and the document.
 * @example ERROR_STATUS.not_found // 404
 */
export const ERROR_STATUS = {
  invalid_json: 400,
  // A request the listener cannot read at all (a body that does not decode, an aborted upload).
  bad_request: 400,
  unauthorized: 401,
  admin_forbidden: 403,
  // Another account's resource, where a profile answers 403 rather than 404 (errors.foreignStatus).
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  // A method the path does not have, where a profile answers 405 rather than 404 (errors.unsupportedMethodStatus).
  method_not_allowed: 405,
  // The listener's HTTP parser gave up waiting for the request's head or body.
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  advert_in_use: 422,
  topup_limit_reached: 422,
  // A create past the documented cap on one account's adverts or campaigns (or on accounts).
  resource_limit_reached: 422,
  rate_limit_exceeded: 429,
  // The listener's HTTP parser refused a request line and headers over its limit (16 KiB).
  headers_too_large: 431,
  internal_error: 500,
  // Only fault injection answers these, standing in for a failing gateway or backend.
  bad_gateway: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
} as const

/** One of the mock's error codes. */
export type ErrorCode = keyof typeof ERROR_STATUS

/** The codes only a profile other than the default answers with: the default document leaves them out. */
export const PROFILED_ERROR_CODES: readonly ErrorCode[] = ['forbidden', 'method_not_allowed']

/** Every error code the default profile answers with, for enums (the Error schema's `code`). */
export const ERROR_CODES = Object.keys(ERROR_STATUS).filter(
  (code) => !PROFILED_ERROR_CODES.includes(code as ErrorCode),
) as [ErrorCode, ...ErrorCode[]]

/**
 * The error code a forced fault answers with, for each status fault injection may force.
 * @example FAULT_ERROR_CODES[503] // 'service_unavailable'
 */
export const FAULT_ERROR_CODES = {
  401: 'unauthorized',
  404: 'not_found',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
} as const satisfies Record<FaultStatus, ErrorCode>
