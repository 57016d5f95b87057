import type { ApiError } from '../errors/api-error.js'

/** Why an arrange helper refused: the helper, what was asked and why it cannot be; nothing was changed. */
export class ArrangeError extends Error {
  /** The option at fault (`sending_count`, `advert`, `user`, `topups.1`), or '' for the call as a whole. */
  readonly field: string

  constructor(helper: string, reason: string, options?: ErrorOptions & { field?: string }) {
    super(`arrange.${helper}: ${reason}`, options)
    this.name = 'ArrangeError'
    this.field = options?.field ?? ''
  }

  /**
   * The refusal of a domain rule or an options schema (an ApiError), as the helper words it: the
   * message and its fields, the first field named.
   * @example ArrangeError.of('user', new ApiError('validation_failed', 'Invalid options', [{ field: 'tier', message: 'is not a tier' }])) // arrange.user: Invalid options (tier: is not a tier)
   */
  static of(helper: string, error: ApiError): ArrangeError {
    const fields = error.fields?.map(({ field, message }) => (field ? `${field}: ${message}` : message)).join('; ')
    const reason = fields ? `${error.message} (${fields})` : error.message
    return new ArrangeError(helper, reason, { cause: error, field: error.fields?.[0]?.field })
  }
}
