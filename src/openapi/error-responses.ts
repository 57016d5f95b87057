import type { ExampleObject, HeaderObject, MediaTypeObject, ReferenceObject, ResponseObject, SchemaObject } from 'openapi3-ts/oas31'
import type { ErrorCode } from '../errors/error-codes.js'
import type { ApiModel } from '../model/api-model.js'
import type { Plane } from '../operations/define-operation.js'
import type { ModelExamples } from './model-examples.js'

// The spec names these responses; every other code's response is named after the code.
const RESPONSE_NAMES: Partial<Record<ErrorCode, string>> = { validation_failed: 'ValidationError' }

/** Name of the response component for an error code, e.g. `NotFound` for `not_found`. */
export function errorResponseName(code: ErrorCode): string {
  return RESPONSE_NAMES[code] ?? code.replace(/(^|_)(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase())
}

/** Reference to a header component. */
export function headerRef(name: string): ReferenceObject {
  return { $ref: `#/components/headers/${name}` }
}

/** The rate-limit headers as header components, keyed by header name, each described from its slots. */
export function rateLimitHeaderComponents({ headers }: ApiModel): Record<string, HeaderObject> {
  // Each is required where it is listed: every authenticated response, Retry-After on a 429.
  return Object.fromEntries(headers.headers.map((header) => [header.name, { ...headers.doc(header) }]))
}

/**
 * Codes answered before the caller is authenticated, so without rate-limit headers: a 401, and what
 * the listener's body reader refuses before any handler runs (a body that does not inflate, one
 * over the limit, an unknown Content-Encoding). In-process the last three come with the headers.
 */
const BEFORE_AUTHENTICATION: readonly ErrorCode[] = ['unauthorized', 'bad_request', 'payload_too_large', 'unsupported_media_type']

/** Headers of a response: the rate-limit ones on every API response answered after authentication, Retry-After on a 429. */
export function responseHeaders(plane: Plane, { headers }: ApiModel, code?: ErrorCode): Record<string, ReferenceObject> | undefined {
  if (plane !== 'api' || (code && BEFORE_AUTHENTICATION.includes(code))) return undefined
  const names = [...headers.names]
  if (code === 'rate_limit_exceeded' && headers.retryAfterName) names.push(headers.retryAfterName)
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]))
}

/** The media type of the model's error bodies (of one code's, where given), as the document's content key (`application/json`, `application/problem+json`, `text/html`). */
export function mediaTypeOf({ errors }: ApiModel, code?: ErrorCode): string {
  return (code ? errors.mediaOf(code) : errors.contentType).split(';')[0]!.trim()
}

/** An error response component: always one JSON body, with its schema and its example. */
export interface ErrorResponse extends ResponseObject {
  content: Record<string, MediaTypeObject & { schema: SchemaObject; examples: Record<string, ExampleObject> }>
}

/**
 * The response component for one error code: the error body narrowed to that code (`schema`, the
 * converted `model.errors.envelope(code)`), with the status the model gives it and a real example.
 */
export function errorResponseComponent(
  code: ErrorCode,
  plane: Plane,
  schema: SchemaObject,
  model: ApiModel,
  examples: ModelExamples,
): ErrorResponse {
  const headers = responseHeaders(plane, model, code)
  const wire = model.errors.wireName(code)
  const { message, body } = examples.error(code)
  return {
    description: `${model.errors.status(code)} \`${wire}\`: ${model.words.when(code)}`,
    ...(headers ? { headers } : {}),
    content: { [mediaTypeOf(model, code)]: { schema, examples: { [wire]: { summary: message, value: body } } } },
  }
}
