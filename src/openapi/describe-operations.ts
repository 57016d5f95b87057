import type {
  HeaderObject,
  OperationObject,
  ParameterObject,
  PathsObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  SecurityRequirementObject,
} from 'openapi3-ts/oas31'
import * as z from 'zod/mini'
import { errorEnvelopeFor } from '../errors/error-body.js'
import { ERROR_STATUS, type ErrorCode } from '../errors/error-codes.js'
import { operationErrorCodes } from '../pipeline/steps.js'
import type { Plane } from '../pipeline/route.js'
import type { Operation } from '../operations/define-operation.js'
import { envelopeOf, IdParam, pageEnvelopeOf } from '../schemas/common.js'
import { must } from '../store/must.js'
import { errorResponseComponent, errorResponseName, rateLimitHeaderComponents, responseHeaders } from './error-responses.js'
import { HEADER_EXTENSIONS, operationExtensions, SCHEMA_EXTENSIONS } from './behaviour-extensions.js'
import { exampleOf, LIST_EXAMPLES, pageOf, SCHEMA_EXAMPLES } from './examples.js'
import { componentName, SCHEMA_REF_PREFIX, toOpenApiSchemas, type OpenApiSchemas } from './to-openapi-schemas.js'

/** The paths and components that describe a list of operations. */
export interface DescribedOperations {
  paths: PathsObject
  schemas: Record<string, SchemaObject>
  responses: Record<string, ResponseObject>
  headers: Record<string, HeaderObject>
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 201: 'Created', 204: 'No Content' }

/**
 * Describes operations as OpenAPI paths from their declarations alone: parameters from
 * the path template and the `query` schema, the body, the success envelope, and one
 * response per status their error codes map to (see operationErrorCodes).
 * @example describeOperations(operations, 'api', [{ ApiKeyAuth: [] }]).paths['/campaigns']?.get?.operationId // 'listCampaigns'
 */
export function describeOperations(
  operations: readonly Operation[],
  plane: Plane,
  security: SecurityRequirementObject[],
): DescribedOperations {
  const codes = [...new Set(operations.flatMap(operationErrorCodes))]
  const output = toOpenApiSchemas(
    {
      ...Object.fromEntries(operations.map((op) => [op.operationId, successSchema(op)])),
      ...Object.fromEntries(codes.map((code) => [`error:${code}`, errorEnvelopeFor(code)])),
    },
    'output',
  )
  const converted = toOpenApiSchemas(
    {
      id: IdParam,
      ...Object.fromEntries(operations.flatMap((op) => (op.body ? [[`${op.operationId}:body`, op.body]] : []))),
      ...Object.fromEntries(operations.flatMap((op) => (op.query ? [[`${op.operationId}:query`, op.query]] : []))),
    },
    'input',
  )
  const { components, inputSchemas } = reconcile(output, converted)
  const input = { schemas: inputSchemas }

  const responses: Record<string, ResponseObject> = {}
  const component = (code: ErrorCode) => errorResponseComponent(code, plane, schemaOf(output, `error:${code}`))
  const errorResponse = (status: number, statusCodes: ErrorCode[]): ResponseObject | ReferenceObject => {
    const [code, ...others] = statusCodes
    if (code !== undefined && others.length === 0) {
      responses[errorResponseName(code)] ??= component(code)
      return { $ref: `#/components/responses/${errorResponseName(code)}` }
    }
    // Several codes share a status (say two kinds of 422): one response, one schema per code
    // (anyOf, not oneOf: the codes already keep them apart, which linters cannot see).
    const each = statusCodes.map(component)
    // Headers every one of the codes promises, or none.
    const headers = statusCodes.every((code) => responseHeaders(plane, code)) ? responseHeaders(plane) : undefined
    return {
      description: each.map((response) => response.description).join(' Or '),
      ...(headers ? { headers } : {}),
      content: {
        'application/json': {
          schema: { anyOf: each.map((response) => response.content['application/json'].schema) },
          examples: Object.assign({}, ...each.map((response) => response.content['application/json'].examples)),
        },
      },
    }
  }

  const paths: PathsObject = {}
  for (const op of operations) {
    const byStatus = new Map<number, ErrorCode[]>()
    for (const code of operationErrorCodes(op)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code])
    const parameters = [...pathParameters(op, schemaOf(input, 'id')), ...queryParameters(input.schemas[`${op.operationId}:query`])]
    const operation: OperationObject = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body ? { requestBody: requestBody(op, op.body, schemaOf(input, `${op.operationId}:body`)) } : {}),
      responses: {
        [op.response.status]: successResponse(op, plane, schemaOf(output, op.operationId)),
        ...Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, errorResponse(status, list)])),
      },
      ...(plane === 'api' ? operationExtensions(op) : {}),
    }
    paths[op.path] = { ...paths[op.path], [op.method]: operation }
  }

  return {
    paths,
    schemas: withExamples(components),
    responses,
    headers: plane === 'api' ? withHeaderExtensions(rateLimitHeaderComponents()) : {},
  }
}

/** The converted schema of a key given to toOpenApiSchemas above. */
function schemaOf({ schemas }: Pick<OpenApiSchemas, 'schemas'>, key: string): SchemaObject {
  return must(schemas[key], `the converted schema "${key}"`)
}

function successSchema(op: Operation): z.ZodMiniType {
  return op.response.list ? pageEnvelopeOf(op.response.data) : envelopeOf(op.response.data)
}

function successResponse(op: Operation, plane: Plane, schema: SchemaObject): ResponseObject {
  const name = componentName(op.response.data) ?? 'result'
  const data = exampleOf(op.response.data)
  const example = op.response.list ? listExample(name) : data === undefined ? undefined : { success: true, data }
  const headers = responseHeaders(plane)
  return {
    description: `${STATUS_TEXT[op.response.status]}: ${op.response.list ? `one page of ${name} records` : `the ${name}`}.`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema,
        ...(example === undefined ? {} : { examples: { [op.operationId]: { summary: op.summary, value: example } } }),
      },
    },
  }
}

function listExample(name: string): unknown {
  const items = LIST_EXAMPLES[name]
  return items && { success: true, data: items, pagination: pageOf(items.length) }
}

function pathParameters(op: Operation, idSchema: SchemaObject): ParameterObject[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (name !== 'id') throw new Error(`${op.operationId}: only {id} path parameters are supported, not {${name}}`)
    const example = (exampleOf(op.response.data) as { id?: unknown } | undefined)?.id
    // Named after the collection it indexes (`/campaigns/{id}` -> campaign), not the response.
    const segments = op.path.split('/')
    const resource = segments[segments.indexOf(`{${name}}`) - 1]?.replace(/s$/, '') ?? 'resource'
    return { name, in: 'path', required: true, description: `Id of the ${resource}.`, schema: idSchema, ...(example ? { example } : {}) }
  })
}

function queryParameters(schema: SchemaObject | undefined): ParameterObject[] {
  if (!schema) return []
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as SchemaObject
    return { name, in: 'query', required: schema.required?.includes(name) ?? false, description, schema: rest }
  })
}

function requestBody(op: Operation, body: z.ZodMiniType, schema: SchemaObject): RequestBodyObject {
  const example = exampleOf(body instanceof z.ZodMiniOptional ? (body.def.innerType as z.ZodMiniType) : body)
  return {
    required: !body.safeParse(undefined).success,
    content: {
      'application/json': {
        schema,
        ...(example === undefined ? {} : { examples: { [op.operationId]: { summary: op.summary, value: example } } }),
      },
    },
  }
}

// A named schema can convert differently for requests and responses (defaults make a
// field optional only in input): the input variant then becomes `<Name>Input`, and the
// request schemas point at it.
function reconcile(output: OpenApiSchemas, input: OpenApiSchemas): { components: Record<string, SchemaObject>; inputSchemas: Record<string, SchemaObject> } {
  let renamed = input
  // Renaming one schema changes the refs of those that use it, so repeat until stable.
  for (;;) {
    const differing = Object.keys(renamed.components).filter(
      (id) => id in output.components && JSON.stringify(output.components[id]) !== JSON.stringify(renamed.components[id]),
    )
    if (differing.length === 0) break
    let json = JSON.stringify(renamed)
    for (const id of differing) {
      if (`${id}Input` in output.components || `${id}Input` in renamed.components) throw new Error(`Cannot rename the input variant of "${id}": ${id}Input exists`)
      json = json.replaceAll(`"${SCHEMA_REF_PREFIX}${id}"`, `"${SCHEMA_REF_PREFIX}${id}Input"`)
    }
    renamed = JSON.parse(json) as OpenApiSchemas
    renamed.components = Object.fromEntries(Object.entries(renamed.components).map(([id, schema]) => [differing.includes(id) ? `${id}Input` : id, schema]))
  }
  const merged = { ...output.components, ...renamed.components }
  return {
    components: Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b))),
    inputSchemas: renamed.schemas,
  }
}

function withExamples(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [
      id,
      { ...schema, ...(id in SCHEMA_EXAMPLES ? { examples: [SCHEMA_EXAMPLES[id]] } : {}), ...SCHEMA_EXTENSIONS[id] },
    ]),
  )
}

function withHeaderExtensions(headers: Record<string, HeaderObject>): Record<string, HeaderObject> {
  return Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, { ...header, ...HEADER_EXTENSIONS[name] }]))
}
