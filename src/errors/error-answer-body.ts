import type { ErrorChoices } from '../profile/profile.js'
import type { ApiError } from './api-error.js'
import { ERROR_STATUS } from './error-codes.js'

// An ApiError as a deployment with these choices would answer it: the status the profile gives its
// code, the code's wire name, the problem list in its shape, and the extra fields. The default
// profile answers every code as the table says, with `fields: [{ field, message }]`.

/** The status an error answers with under a profile's choices. */
export function errorStatus(error: ApiError, errors: ErrorChoices): number {
  if (error.code === 'validation_failed') return errors.validationStatus
  if (error.code === 'advert_in_use') return errors.advertInUseStatus
  return ERROR_STATUS[error.code]
}

/**
 * The `error` object of the error envelope, under a profile's choices.
 * @example errorBody(new ApiError('not_found', 'Campaign 7 does not exist'), DEFAULT_PROFILE.errors, 404) // { code: 'not_found', message: … }
 */
export function errorBody(error: ApiError, errors: ErrorChoices, status: number): Record<string, unknown> {
  const code = errors.codes[error.code] ?? error.code
  const body: Record<string, unknown> = { code, message: error.message }
  if (error.fields) {
    const { key, field, message } = errors.problems
    body[key] = error.fields.map((problem) => ({
      [field]: errors.problemPathWrapped ? problem.field : unwrapped(problem.field),
      [message]: problem.message,
    }))
  }
  if (!errors.extraFieldsExcept.includes(status))
    for (const [name, value] of Object.entries(errors.extraFields))
      body[name] = typeof value === 'string' ? value.replaceAll('{code}', code) : value
  return body
}

/** A field's path without its wrapper: `campaign.cpm` is `cpm`; the body itself ('') stays ''. */
function unwrapped(path: string): string {
  const dot = path.indexOf('.')
  return dot < 0 ? path : path.slice(dot + 1)
}
