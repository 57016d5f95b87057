import type { ApiError } from '../errors/api-error.js'
import type { FieldError } from '../errors/error-body.js'

/** Where an arrange refusal lies: the option at fault and what is wrong with it, said of that option alone. */
export interface ArrangeProblem {
  /** The option (`sending_count`, `advert`, `user`, `topups.1`), or '' for the call as a whole. */
  field: string
  /** What is wrong with it, as a predicate (`must be at most sending_limit (10)`), never the whole message again. */
  problem: string
}

/** Why an arrange helper refused: the helper, what was asked and why it cannot be; nothing was changed. */
export class ArrangeError extends Error {
  /** The option at fault (`sending_count`, `advert`, `user`, `topups.1`), or '' for the call as a whole. */
  readonly field: string
  /** Each option at fault with what is wrong with it: what a 422 over HTTP lists in `error.fields`. */
  readonly fields: FieldError[]

  constructor(helper: string, reason: string, options: ErrorOptions & ({ fields: FieldError[] } | ArrangeProblem)) {
    super(`arrange.${helper}: ${reason}`, options)
    this.name = 'ArrangeError'
    this.fields = 'fields' in options ? options.fields : [{ field: options.field, message: options.problem }]
    this.field = this.fields[0]?.field ?? ''
  }

  /**
   * The refusal of a domain rule or an options schema (an ApiError), as the helper words it: the
   * message and its fields, each said once (`user is required`), the first field named.
   * @example ArrangeError.of('user', new ApiError('validation_failed', 'Invalid options', [{ field: 'tier', message: 'is not a tier' }])) // arrange.user: Invalid options (tier is not a tier)
   */
  static of(helper: string, error: ApiError): ArrangeError {
    const named = error.fields?.map(({ field, message }) =>
      field ? `${field}${/^[a-z]/.test(message) ? ' ' : ': '}${message}` : message,
    )
    const reason = named?.length ? `${error.message} (${named.join('; ')})` : error.message
    // A domain rule that names no field (a cap, say) refuses the call as a whole, by its code.
    const fields = error.fields?.length ? error.fields : [{ field: '', message: `is refused: ${error.code}` }]
    return new ArrangeError(helper, reason, { cause: error, fields })
  }
}
