import type { ApiError } from '../errors/api-error.js'
import type { Pagination } from '../schemas/common.js'

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' }

// The text of every body made here, so that the listener can send it as it is instead of reading
// the Response's web stream back (about a tenth of the listener's time under load).
const bodyTexts = new WeakMap<Response, string>()

// Plain Fetch API, so a response runs in Node, browsers and workers alike.
function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body)
  const response = new Response(text, { status, headers: JSON_HEADERS })
  bodyTexts.set(response, text)
  return response
}

/**
 * The body of a response this module made, as text, while nobody has read it; undefined for any
 * other response (one a user's handler made, say), whose body must be read as usual.
 * @example const text = unreadBodyText(response) ?? (await response.text())
 */
export function unreadBodyText(response: Response): string | undefined {
  return response.bodyUsed ? undefined : bodyTexts.get(response)
}

/** The success envelope. @example successResponse(200, user) */
export function successResponse(status: number, data: unknown, pagination?: Pagination): Response {
  return jsonResponse(status, pagination ? { success: true, data, pagination } : { success: true, data })
}

/** The error envelope for an ApiError, with the status its code has in the one table. */
export function errorResponse(error: ApiError): Response {
  const body = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) }
  return jsonResponse(error.status, { success: false, error: body })
}
