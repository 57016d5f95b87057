import type { ExampleObject, HeaderObject, MediaTypeObject, ReferenceObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31'
import { ERROR_STATUS, type ErrorCode } from '../errors/error-codes.js'
import type { Plane } from '../pipeline/route.js'
import { RATE_LIMIT_HEADERS, RATE_LIMIT_RESPONSE_HEADERS } from '../http/rate-limit-headers.js'
import { MAX_BODY_BYTES } from '../http/read-body.js'
import { MAX_HEADER_BYTES } from '../http/request-limits.js'
import { errorExample } from './examples.js'

// The spec names these responses; every other code's response is named after the code.
const RESPONSE_NAMES: Partial<Record<ErrorCode, string>> = { validation_failed: 'ValidationError' }

/** When the mock answers each code; the message itself is in the example. */
const WHEN: Partial<Record<ErrorCode, string>> = {
  unauthorized:
    'The Authorization header is missing, carries a scheme word (send the bare key), or holds no current key. Counts against no rate limit.',
  admin_forbidden: 'The mock was started with an admin token and the X-Admin-Token header does not carry it.',
  not_found: "No resource has this id, or it belongs to another account (indistinguishable on purpose).",
  invalid_json: 'The body is sent as JSON but does not parse.',
  bad_request:
    'The listener cannot read the body at all (it does not inflate, or the upload was cut short); answered by its body reader before authentication, so without rate-limit headers.',
  payload_too_large: `The body is larger than ${MAX_BODY_BYTES} bytes. The listener refuses it before authentication, so without rate-limit headers.`,
  unsupported_media_type:
    'A body is sent without Content-Type: application/json (or another +json type), or in a Content-Encoding the mock cannot inflate (the listener refuses that one before authentication, so without rate-limit headers).',
  validation_failed: 'The query or body breaks the schema or a rule (a body sent to an operation that takes none included); `fields` names every failing field.',
  advert_in_use: 'A campaign still uses the advert; delete or move those campaigns first.',
  rate_limit_exceeded: 'The per-minute or per-day allowance of the API tier is spent; Retry-After says when to try again.',
  resource_limit_reached: 'The create would take the account (or the store, for users) past the most records it may hold; delete some first.',
  headers_too_large: `The request line and headers together are larger than the listener reads (${MAX_HEADER_BYTES} bytes); answered by the listener before any operation.`,
  request_timeout: 'The request did not arrive in time; answered by the listener before any operation.',
}

/** Name of the response component for an error code, e.g. `NotFound` for `not_found`. */
export function errorResponseName(code: ErrorCode): string {
  return RESPONSE_NAMES[code] ?? code.replace(/(^|_)(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase())
}

/** Reference to a header component. */
export function headerRef(name: string): ReferenceObject {
  return { $ref: `#/components/headers/${name}` }
}

/** The rate-limit headers as header components, keyed by header name. */
export function rateLimitHeaderComponents(): Record<string, HeaderObject> {
  return Object.fromEntries(
    Object.values(RATE_LIMIT_HEADERS).map((header) => [
      header.name,
      // Each is required where it is listed: every authenticated response, Retry-After on a 429.
      {
        description: header.description,
        required: true,
        schema: 'minimum' in header ? { type: 'integer', minimum: header.minimum } : { type: 'string' },
        example: header.example,
      },
    ]),
  )
}

/**
 * Codes answered before the caller is authenticated, so without rate-limit headers: a 401, and what
 * the listener's body reader refuses before any handler runs (a body that does not inflate, one
 * over the limit, an unknown Content-Encoding). In-process the last three come with the headers.
 */
const BEFORE_AUTHENTICATION: readonly ErrorCode[] = ['unauthorized', 'bad_request', 'payload_too_large', 'unsupported_media_type']

/** Headers of a response: the rate-limit ones on every API response answered after authentication, Retry-After on a 429. */
export function responseHeaders(plane: Plane, code?: ErrorCode): Record<string, ReferenceObject> | undefined {
  if (plane !== 'api' || (code && BEFORE_AUTHENTICATION.includes(code))) return undefined
  const names = RATE_LIMIT_RESPONSE_HEADERS.map((key) => RATE_LIMIT_HEADERS[key].name)
  if (code === 'rate_limit_exceeded') names.push(RATE_LIMIT_HEADERS.retryAfter.name)
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]))
}

/** An error response component: always one JSON body, with its schema and its example. */
export interface ErrorResponse extends ResponseObject {
  content: { 'application/json': MediaTypeObject & { schema: SchemaObject; examples: Record<string, ExampleObject> } }
}

/**
 * The response component for one error code: the error envelope narrowed to that code,
 * with a real example. `schema` is the converted `errorEnvelopeFor(code)`.
 */
export function errorResponseComponent(code: ErrorCode, plane: Plane, schema: SchemaObject): ErrorResponse {
  const headers = responseHeaders(plane, code)
  return {
    description: `${ERROR_STATUS[code]} \`${code}\`: ${WHEN[code] ?? code.replaceAll('_', ' ')}`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema,
        examples: { [code]: { summary: errorExample(code).message, value: { success: false, error: errorExample(code) } } },
      },
    },
  }
}
