import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import formatsModule from 'ajv-formats'
import type { ContractDocument, JsonObject } from './document.js'

// ajv-formats is CommonJS: under NodeNext the default import is its module object, whose `default` is the plugin.
const addFormats = formatsModule.default

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

/** One way a value breaks a schema, with where in the document the broken keyword sits. */
export interface SchemaViolation {
  /** JSON pointer into the value, e.g. `/data/cpm`. */
  instancePath: string
  keyword: string
  /** JSON pointer of the schema that holds the keyword, e.g. `#/components/schemas/Campaign`; `(inline)` when unknown. */
  location: string
  /** The property an `additionalProperties` or `required` violation is about. */
  property?: string
  /** The values a `const` or `enum` allows. */
  allowed?: unknown[]
  /** ajv's message, e.g. `must be multiple of 0.01`. */
  message: string
  /** One line: `/data/cpm must be multiple of 0.01`. */
  text: string
}

/**
 * Validates values against the document's schemas with ajv (JSON Schema 2020-12, formats on),
 * compiling each schema once. The whole document is registered, so `$ref`s resolve as written.
 * @example validator.validate('#/paths/~1user/get/responses/200/content/application~1json/schema', body)
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020
  private readonly compiled = new Map<string, ValidateFunction>()
  /** Where each schema object of the document sits: ajv hands back the very objects (verbose), so errors can name their location. */
  private readonly locations = new Map<object, string>()

  constructor(document: ContractDocument) {
    // strict: false because OpenAPI adds keywords ajv does not know (example, discriminator, xml).
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      validateSchema: false,
      verbose: true,
      multipleOfPrecision: MULTIPLE_OF_PRECISION,
    })
    addFormats(this.ajv)
    this.ajv.addSchema(document.raw, DOCUMENT_KEY)
    indexLocations(document.raw, '#', this.locations)
  }

  /** Validates a value against the schema at a JSON pointer of the document. */
  validate(pointer: string, value: unknown): SchemaErrors {
    return this.violations(pointer, value).map((violation) => violation.text)
  }

  /**
   * The violations of a value against the schema at a JSON pointer, each once. A failed
   * anyOf/oneOf reports the violations of its closest branch (the one with the fewest), as if
   * that branch were the schema: "error.code must be validation_failed" rather than "must match a
   * schema in anyOf" plus what every other branch disliked. Where `const` and `enum` both refuse
   * one value, only the `const` (the narrower statement).
   */
  violations(pointer: string, value: unknown): SchemaViolation[] {
    let validate = this.compiled.get(pointer)
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_KEY}${pointer}` })
      this.compiled.set(pointer, validate)
    }
    if (validate(value)) return []
    let found: Found[] = (validate.errors ?? []).map((error) => ({
      error,
      location: this.locations.get(error.parentSchema as object) ?? '(inline)',
    }))
    const closest: SchemaViolation[] = []
    const alternatives = found.filter(
      ({ error, location }) => (error.keyword === 'anyOf' || error.keyword === 'oneOf') && location !== '(inline)',
    )
    // Outermost first: an alternative inside another one's branches goes with them.
    for (const alternative of alternatives.sort((a, b) => a.error.instancePath.length - b.error.instancePath.length)) {
      if (!found.includes(alternative)) continue
      found = found.filter((other) => other !== alternative && !fromBranches(other, alternative))
      const branches = (alternative.error.schema as unknown[]).map(
        (_, index) => `${alternative.location}/${alternative.error.keyword}/${index}`,
      )
      const [best] = branches
        .map((branch) => this.violations(branch, alternative.error.data))
        .sort((a, b) => a.length - b.length)
      closest.push(...(best ?? []).map((violation) => below(alternative.error.instancePath, violation)))
    }
    const constPaths = new Set(
      found.filter(({ error }) => error.keyword === 'const').map(({ error }) => error.instancePath),
    )
    const own = found
      .filter(({ error }) => !(error.keyword === 'enum' && constPaths.has(error.instancePath)))
      .map(({ error, location }) => {
        const params = error.params as Record<string, unknown>
        const property = (params.additionalProperty ?? params.missingProperty) as string | undefined
        const allowed =
          error.keyword === 'const'
            ? [params.allowedValue]
            : error.keyword === 'enum'
              ? (params.allowedValues as unknown[])
              : undefined
        return {
          instancePath: error.instancePath,
          keyword: error.keyword,
          location,
          ...(property ? { property } : {}),
          ...(allowed ? { allowed } : {}),
          message: error.message ?? 'is invalid',
          text: describeError(error),
        }
      })
    return [...own, ...closest]
  }

  /** Validates a value against a stand-alone schema (the spec's own field tables, say). */
  validateWith(schema: JsonObject, value: unknown): SchemaErrors {
    const validate = this.ajv.compile(schema)
    return validate(value) ? [] : describeErrors(validate.errors)
  }
}

type Found = { error: ErrorObject; location: string }

/**
 * Whether an error came from an alternative's branches: at or below its value, and not from a
 * keyword beside the anyOf in the same schema (a branch that is a $ref sits elsewhere in the document).
 */
function fromBranches({ error, location }: Found, alternative: Found): boolean {
  const path = alternative.error.instancePath
  if (error.instancePath !== path && !error.instancePath.startsWith(`${path}/`)) return false
  const beside =
    location.startsWith(alternative.location) &&
    !location.startsWith(`${alternative.location}/${alternative.error.keyword}/`)
  return !beside
}

/** A branch's violation, re-rooted at the value the alternative judged. */
function below(path: string, violation: SchemaViolation): SchemaViolation {
  if (!path) return violation
  const instancePath = `${path}${violation.instancePath}`
  const text = `${instancePath}${violation.text.slice((violation.instancePath || '(root)').length)}`
  return { ...violation, instancePath, text }
}

function describeErrors(errors: ErrorObject[] | null | undefined): SchemaErrors {
  return (errors ?? []).map(describeError)
}

function describeError(error: ErrorObject): string {
  return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${paramsNote(error)}`
}

function indexLocations(node: unknown, pointer: string, into: Map<object, string>): void {
  if (!node || typeof node !== 'object') return
  if (!Array.isArray(node)) into.set(node, pointer)
  for (const [key, child] of Object.entries(node))
    indexLocations(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, into)
}

function paramsNote(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if ('additionalProperty' in params) return ` (${String(params.additionalProperty)})`
  if ('allowedValues' in params) return ` (${JSON.stringify(params.allowedValues)})`
  if ('allowedValue' in params) return ` (${JSON.stringify(params.allowedValue)})`
  return ''
}
