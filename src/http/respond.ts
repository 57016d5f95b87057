import type { ApiError } from '../errors/api-error.js'
import type { Pagination } from '../schemas/common.js'

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' }

// Plain Fetch API, so a response runs in Node, browsers and workers alike.
function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS })
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
