import { expect } from 'vitest'
import type { ErrorCode } from '../../src/errors/error-codes.js'
import { DEFAULT_MODEL } from '../../src/model/api-model.js'

/** What an error response must be: its status, its code and, for a 422, a field it names. */
export interface ExpectedError {
  status: number
  code: string
  /** For validation_failed: a field the error must name (`''` for the body itself). */
  field?: string
}

/**
 * Asserts that a response is the error envelope with this status and code: the whole body
 * checked against the Error (or, for validation_failed, the ValidationError) envelope schema.
 * @example expectError(await t.send(request), { status: 422, code: 'validation_failed', field: 'campaign.cpm' })
 */
export function expectError(response: { status: number; body: any }, { status, code, field }: ExpectedError): void {
  expect(response.status).toBe(status)
  const schema = DEFAULT_MODEL.errors.envelope(code as ErrorCode)
  expect(schema.safeParse(response.body).error?.issues).toBeUndefined()
  expect(response.body.error.code).toBe(code)
  if (field !== undefined) expect(response.body.error.fields.map((f: { field: string }) => f.field)).toContain(field)
}
