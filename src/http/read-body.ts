import { ApiError, validationFailed } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { MockRequest } from './mock-request.js'

/** Largest request body read, in bytes: the same 1 MiB in every transport (the listener refuses more before reading). */
export const MAX_BODY_BYTES = 1_048_576

/**
 * Reads a request's JSON body: 422 when it is missing (unless optional, then `undefined`),
 * 415 unless it is sent as JSON (uncompressed: the listener inflates gzip, deflate and br
 * before this, in-process there is nothing to), 400 when it does not parse.
 * @example const body = validate(CampaignInput, await readJsonBody(request), 'request body')
 */
export async function readJsonBody(request: MockRequest, { optional = false } = {}): Promise<unknown> {
  const contentType = request.header('content-type') ?? ''
  const text = await readBodyText(request)
  if (text.trim() === '') {
    if (optional) return undefined
    throw validationFailed(MESSAGES.validation_failed.bodyRequired(), [{ field: '', message: 'is required' }])
  }
  assertNoEncoding(request)
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type.contentType(contentType))
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ApiError('invalid_json', MESSAGES.invalid_json.unparsable((error as Error).message))
  }
}

/**
 * For an operation that takes no body: a 422 on the body itself (`field: ''`) when the request
 * carries one, so that `{"user": {...}}` sent to reset the key is refused rather than ignored.
 * A body of white space only counts as none, as it does where a body is optional; so does an
 * empty JSON object where `emptyObject` says (the control plane: scripts send `-d '{}'` with
 * every POST), never on the API, where a client that sends one to toggle is told.
 * @example const body = operation.body ? await readJsonBody(request) : await refuseBody(request) // undefined, or a 422
 */
export async function refuseBody(request: MockRequest, { emptyObject = false } = {}): Promise<undefined> {
  if (!request.hasBody) return undefined
  const text = (await readBodyText(request)).trim()
  if (text === '' || (emptyObject && /^\{\s*\}$/.test(text))) return undefined
  // As the listener's body reader does before any operation: a body it cannot read is refused as such.
  assertNoEncoding(request)
  throw validationFailed(MESSAGES.validation_failed.bodyRefused(), [
    { field: '', message: 'must be empty: this operation takes no body' },
  ])
}

/** The body as text; one over MAX_BODY_BYTES is a 413, as the listener refuses it. */
async function readBodyText(request: MockRequest): Promise<string> {
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES / 4 && new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ApiError('payload_too_large', MESSAGES.payload_too_large.body(MAX_BODY_BYTES))
  }
  return text
}

/** A 415 for a compressed body: in-process nothing inflates it (the listener inflates gzip, deflate and br before this). */
function assertNoEncoding(request: MockRequest): void {
  const encoding = request.header('content-encoding')?.trim().toLowerCase()
  if (encoding && encoding !== 'identity')
    throw new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type.encoding(encoding))
}
