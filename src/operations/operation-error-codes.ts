import type { ErrorCode } from '../http/error-codes.js'
import { hasIdParam, type Operation } from './define-operation.js'

/**
 * Every error code an operation can answer with, in the order its pipeline checks them
 * (see handlers/implement-operation): the OpenAPI document derives its error responses
 * from this, so a new step in the pipeline belongs here too.
 * @example operationErrorCodes(deleteAdvert) // ['unauthorized', 'rate_limit_exceeded', 'not_found', 'validation_failed', 'advert_in_use']
 */
export function operationErrorCodes(operation: Operation): ErrorCode[] {
  const codes: ErrorCode[] =
    operation.auth === 'admin' ? ['admin_forbidden'] : ['unauthorized', 'rate_limit_exceeded']
  if (hasIdParam(operation)) codes.push('not_found')
  if (operation.query) codes.push('validation_failed')
  // A body that cannot be read: not JSON (415), undecodable (400: invalid_json, or bad_request when
  // the listener cannot even decompress it), over 1 MiB (413), then the schema (422).
  if (operation.body) codes.push('unsupported_media_type', 'invalid_json', 'bad_request', 'payload_too_large', 'validation_failed')
  // A body sent to an operation that takes none is a 422; a GET cannot carry one (fetch refuses, the listener drops it).
  else if (operation.method !== 'get') codes.push('validation_failed')
  codes.push(...(operation.errors ?? []))
  return [...new Set(codes)]
}
