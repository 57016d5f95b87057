import { validationFailed } from './api-error.js'

/**
 * For an operation that takes no body: a 422 on the body itself (`field: ''`) when the request
 * carries one, so that `{"user": {...}}` sent to reset the key is refused rather than ignored.
 * A body of white space only counts as none, as it does where a body is optional.
 * @example const body = operation.body ? readBody(request) : await refuseBody(request) // undefined, or a 422
 */
export async function refuseBody(request: Request): Promise<undefined> {
  if (request.body === null || (await request.text()).trim() === '') return undefined
  throw validationFailed('This operation takes no request body', [{ field: '', message: 'must be empty: this operation takes no body' }])
}
