import { ApiError } from '../http/api-error.js'
import { errorResponse } from '../http/respond.js'

/** Runs a resolver and turns any failure into the error envelope: ApiErrors as they are, anything else as a 500. */
export async function handleSafely(resolve: () => Promise<Response>): Promise<Response> {
  try {
    return await resolve()
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error)
    console.error('[ad-campaign-mock] unexpected error:', error)
    return errorResponse(new ApiError('internal_error', 'The mock failed unexpectedly; this is a bug in the mock'))
  }
}
