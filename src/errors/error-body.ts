import { z } from 'zod'
import { ERROR_CODES, type ErrorCode } from './error-codes.js'

/** What went wrong, in every error response (the spec's Error schema; named ErrorBody here so it does not shadow the global Error). */
export const ErrorBody = z
  .strictObject({
    code: z.enum(ERROR_CODES).meta({ description: 'Stable, machine-readable reason.' }),
    message: z.string().min(1).meta({ description: 'What failed and why, for people.' }),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/** One failing input field. */
export const FieldError = z
  .strictObject({
    field: z.string().meta({ description: 'Dotted path of the field, e.g. `campaign.cpm`; empty for the body itself.' }),
    message: z.string().min(1),
  })
  .meta({ id: 'FieldError' })
export type FieldError = z.infer<typeof FieldError>

/** An Error that also names each failing field. */
export const ValidationError = ErrorBody.extend({
  code: z.literal('validation_failed'),
  fields: z.array(FieldError).min(1),
}).meta({ id: 'ValidationError' })
export type ValidationError = z.infer<typeof ValidationError>

/** The error envelope around an Error. */
export const ErrorEnvelope = z.strictObject({ success: z.literal(false), error: ErrorBody })

/** The error envelope around a ValidationError. */
export const ValidationErrorEnvelope = z.strictObject({ success: z.literal(false), error: ValidationError })

/**
 * The error envelope narrowed to one code: what a response documented for that code
 * carries (validation_failed carries a ValidationError).
 * @example errorEnvelopeFor('not_found').parse({ success: false, error: { code: 'not_found', message: 'Gone' } })
 */
export function errorEnvelopeFor(code: ErrorCode): z.ZodType {
  if (code === 'validation_failed') return ValidationErrorEnvelope
  return z.strictObject({ success: z.literal(false), error: z.intersection(ErrorBody, z.looseObject({ code: z.literal(code) })) })
}
