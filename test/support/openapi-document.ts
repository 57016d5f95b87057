import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { HeaderObject, OpenAPIObject, OperationObject, ReferenceObject, ResponseObject } from 'openapi3-ts/oas31'

/** The committed, generated document: tests judge the mock against it, not against the zod code. */
export function loadDocument(file = 'openapi/openapi.json'): OpenAPIObject {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject
}

export interface DocumentedOperation {
  method: string
  path: string
  operation: OperationObject
}

/** Every operation in a document. */
export function documentedOperations(doc: OpenAPIObject): DocumentedOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'patch', 'put', 'delete'] as const).flatMap((method) =>
      item[method] ? [{ method: method.toUpperCase(), path, operation: item[method]! }] : [],
    ),
  )
}

/** The documented operation a request addresses, e.g. `PATCH /campaigns/1` -> updateCampaign. */
export function findOperation(doc: OpenAPIObject, method: string, path: string): DocumentedOperation | undefined {
  const bare = path.split('?')[0]!
  return documentedOperations(doc).find(
    (entry) => entry.method === method && new RegExp(`^${entry.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare),
  )
}

/** Follows a `#/components/...` reference inside the document. */
export function resolve<T>(doc: OpenAPIObject, value: T | ReferenceObject): T {
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value as T
  const target = value.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc)
  return resolve(doc, target as T | ReferenceObject)
}

/**
 * Checks responses against the document with ajv (JSON Schema 2020-12, formats on): the
 * status must be documented for the operation, the body must match its schema, and
 * every required header must be there with a value of its type.
 */
export function createResponseChecker(doc: OpenAPIObject) {
  // multipleOfPrecision: in floats 19.99 / 0.01 is no integer; 1e-4 holds up to the 1e9 USD balances.
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 4 })
  addFormats.default(ajv)
  const id = 'https://mock.test/openapi.json'
  ajv.addSchema({ ...doc, $id: id })
  const pointer = (...keys: (string | number)[]) => keys.map((key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

  return function check(entry: DocumentedOperation, status: number, body: unknown, headers: Record<string, string>): string[] {
    const responses = entry.operation.responses ?? {}
    const raw = responses[String(status)] as ResponseObject | ReferenceObject | undefined
    if (!raw) return [`Received: ${status} / Documented: ${Object.keys(responses).join(', ')}`]
    const problems: string[] = []
    // Validate through the document itself so every $ref resolves exactly as a client's would.
    const ref = '$ref' in raw ? raw.$ref.slice(1) : `/${pointer('paths', entry.path, entry.method.toLowerCase(), 'responses', status)}`
    const validate = ajv.getSchema(`${id}#${ref}/content/application~1json/schema`)
    if (!validate) return [`No schema at ${ref}`]
    if (!validate(body)) problems.push(...(validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message} (${e.schemaPath})`))
    const response = resolve(doc, raw)
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const { required, schema } = resolve<HeaderObject>(doc, header)
      const value = headers[name.toLowerCase()]
      if (value === undefined) {
        if (required) problems.push(`header ${name} is missing`)
        continue
      }
      const type = (schema as { type?: string } | undefined)?.type
      if (type === 'integer' && !/^\d+$/.test(value)) problems.push(`header ${name} is "${value}", not an integer`)
    }
    return problems
  }
}
