/**
 * One failing input field, as the domain names it: its dotted path with the wrapper
 * (`campaign.cpm`; empty for the body itself) and what is wrong with it. How a body shows it is the
 * model's (model/error-model.ts): the profile's problem list, its keys and its path form.
 */
export interface FieldError {
  field: string
  message: string
}
