import * as z from 'zod/mini'
import { ERROR_CODES, type ErrorCode } from './error-codes.js'
import { meta } from '../schemas/meta.js'

/** What went wrong, in every error response (the spec's Error schema; named ErrorBody here so it does not shadow the global Error). */
export const ErrorBody = meta(
  z.strictObject({
    code: meta(z.enum(ERROR_CODES), { description: 'Stable, machine-readable reason.' }),
    message: meta(z.string().check(z.minLength(1)), { description: 'What failed and why, for people.' }),
  }),
  { id: 'Error' },
)
export type ErrorBody = z.infer<typeof ErrorBody>

/** One failing input field. */
export const FieldError = meta(
  z.strictObject({
    field: meta(z.string(), {
      description: 'Dotted path of the field, e.g. `campaign.cpm`; empty for the body itself.',
    }),
    message: z.string().check(z.minLength(1)),
  }),
  { id: 'FieldError' },
)
export type FieldError = z.infer<typeof FieldError>

/** An Error that also names each failing field. */
export const ValidationError = meta(
  z.extend(ErrorBody, {
    code: z.literal('validation_failed'),
    fields: z.array(FieldError).check(z.minLength(1)),
  }),
  { id: 'ValidationError' },
)
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
export function errorEnvelopeFor(code: ErrorCode): z.ZodMiniType {
  if (code === 'validation_failed') return ValidationErrorEnvelope
  return z.strictObject({
    success: z.literal(false),
    error: z.intersection(ErrorBody, z.looseObject({ code: z.literal(code) })),
  })
}
