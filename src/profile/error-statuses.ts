// The mock's error codes, and the status its own profile gives each (profile.ts re-exports them).

/**
 * Every error code the mock answers with, and the status the mock's own profile gives it. Lower
 * layers throw codes; the model gives each its status under a profile.
 */
export const DEFAULT_ERROR_STATUSES = {
  invalid_json: 400,
  // A request the listener cannot read at all (a body that does not decode, an aborted upload).
  bad_request: 400,
  unauthorized: 401,
  admin_forbidden: 403,
  // Another account's resource, where a profile answers it apart from a missing one (errors.foreign).
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  // A method the path does not have, where a profile answers it apart from an unknown path (errors.unsupportedMethod).
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
export type ErrorCode = keyof typeof DEFAULT_ERROR_STATUSES

/** Every error code, in the table's order. */
export const ERROR_CODE_NAMES = Object.keys(DEFAULT_ERROR_STATUSES) as [ErrorCode, ...ErrorCode[]]
