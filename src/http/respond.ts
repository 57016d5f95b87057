import type { Pagination } from '../schemas/common.js'
import { ApiError } from './api-error.js'

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' }

/** A JSON response; plain Fetch API so it runs in Node, browsers and workers alike. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } })
}

/** The success envelope. @example successResponse(200, user) */
export function successResponse(status: number, data: unknown, pagination?: Pagination): Response {
  return jsonResponse(status, pagination ? { success: true, data, pagination } : { success: true, data })
}

/** The error envelope for an ApiError. */
export function errorResponse(error: ApiError): Response {
  const body = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) }
  return jsonResponse(error.status, { success: false, error: body }, error.headers)
}
