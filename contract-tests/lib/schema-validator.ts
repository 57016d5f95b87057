import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import formatsModule from 'ajv-formats'
import type { ContractDocument, JsonObject } from './document.js'

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (
  ajv: Ajv2020,
) => void

const DOCUMENT_KEY = 'contract:openapi'

/**
 * `multipleOf` in floats: 19.99 / 0.01 is 1998.9999999999998, so by default ajv refuses every
 * other cents value. With this option it accepts a quotient within 1e-4 of an integer. Not 1e-9:
 * the document's balances reach 1e9 USD, where the quotient (1e11) is off by up to ~2e-5
 * (999980000.06 fails at 1e-5). Anything more than 1e-4 of a step off (1e-6 USD) is still refused.
 */
const MULTIPLE_OF_PRECISION = 4

/** A verdict on one value: empty when it conforms, else one line per violation. */
export type SchemaErrors = string[]

/**
 * Validates values against the document's schemas with ajv (JSON Schema 2020-12, formats on),
 * compiling each schema once. The whole document is registered, so `$ref`s resolve as written.
 * @example validator.validate('#/paths/~1user/get/responses/200/content/application~1json/schema', body)
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(document: ContractDocument) {
    // strict: false because OpenAPI adds keywords ajv does not know (example, discriminator, xml).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, multipleOfPrecision: MULTIPLE_OF_PRECISION })
    addFormats(this.ajv)
    this.ajv.addSchema(document.raw, DOCUMENT_KEY)
  }

  /** Validates a value against the schema at a JSON pointer of the document. */
  validate(pointer: string, value: unknown): SchemaErrors {
    let validate = this.compiled.get(pointer)
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_KEY}${pointer}` })
      this.compiled.set(pointer, validate)
    }
    return validate(value) ? [] : describeErrors(validate.errors)
  }

  /** Validates a value against a stand-alone schema (the spec's own field tables, say). */
  validateWith(schema: JsonObject, value: unknown): SchemaErrors {
    const validate = this.ajv.compile(schema)
    return validate(value) ? [] : describeErrors(validate.errors)
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): SchemaErrors {
  return (errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${paramsNote(error)}`)
}

function paramsNote(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if ('additionalProperty' in params) return ` (${String(params.additionalProperty)})`
  if ('allowedValues' in params) return ` (${JSON.stringify(params.allowedValues)})`
  return ''
}
