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
import type { ErrorCode } from '../errors/error-codes.js'
import type { ApiModel } from '../model/api-model.js'
import type { Operation, Plane } from '../operations/define-operation.js'
import { IdParam } from '../schemas/common.js'
import { must } from '../store/must.js'
import { errorResponseComponent, errorResponseName, mediaTypeOf, rateLimitHeaderComponents, responseHeaders } from './error-responses.js'
import { headerExtensions, operationExtensions, schemaExtensions } from './behaviour-extensions.js'
import { examplesOf, type ModelExamples } from './model-examples.js'
import { componentName, SCHEMA_REF_PREFIX, toOpenApiSchemas, type OpenApiSchemas } from './to-openapi-schemas.js'
import { renderTemplate } from '../model/render-template.js'
import type { Json } from '../profile/template.js'

/** The paths and components that describe a list of operations. */
export interface DescribedOperations {
  paths: PathsObject
  schemas: Record<string, SchemaObject>
  responses: Record<string, ResponseObject>
  headers: Record<string, HeaderObject>
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' }

/**
 * Describes operations as OpenAPI paths from their declarations alone: parameters from
 * the path template and the `query` schema, the body, the success envelope, and one
 * response per status their error codes answer with under the model (see ApiModel.errorsByStatus).
 * @example describeOperations(operations, 'api', [{ ApiKeyAuth: [] }], DEFAULT_MODEL).paths['/campaigns']?.get?.operationId // 'listCampaigns'
 */
export function describeOperations(
  operations: readonly Operation[],
  plane: Plane,
  security: SecurityRequirementObject[],
  model: ApiModel,
): DescribedOperations {
  const names = model.schemas.namer.names
  const examples = examplesOf(model)
  const { output, input, components } = convertSchemas(operations, model)

  const responses: Record<string, ResponseObject> = {}
  const component = (code: ErrorCode) => errorResponseComponent(code, plane, schemaOf(output, `error:${code}`), model, examples)
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
    const headers = statusCodes.every((code) => responseHeaders(plane, model, code)) ? responseHeaders(plane, model) : undefined
    // One content entry per media type the codes come in (an HTML page beside JSON bodies).
    const medias = [...new Set(statusCodes.map((code) => mediaTypeOf(model, code)))]
    const content = Object.fromEntries(
      medias.map((media) => {
        const bodies = each.filter((response) => response.content[media])
        const schemas = bodies.map((response) => response.content[media]!.schema)
        return [
          media,
          {
            schema: schemas.length === 1 ? schemas[0]! : { anyOf: schemas },
            examples: Object.assign({}, ...bodies.map((response) => response.content[media]!.examples)),
          },
        ]
      }),
    )
    return { description: each.map((response) => response.description).join(' Or '), ...(headers ? { headers } : {}), content }
  }

  const paths: PathsObject = {}
  for (const op of operations) {
    const byStatus = model.errorsByStatus(op)
    const parameters = [...pathParameters(op, schemaOf(input, 'id'), examples, names), ...queryParameters(input.schemas[`${op.operationId}:query`])]
    const operation: OperationObject = {
      operationId: op.operationId,
      summary: op.summary,
      description: model.words.operation(op.description),
      tags: [op.tag],
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body ? { requestBody: requestBody(op, op.body, schemaOf(input, `${op.operationId}:body`), examples, names) } : {}),
      responses: {
        [op.response.status]: successResponse(op, plane, output.schemas[op.operationId], model, examples),
        ...Object.fromEntries([...byStatus].map(([status, list]) => [status, errorResponse(status, list)])),
      },
      ...(plane === 'api' ? operationExtensions(op, model) : {}),
    }
    paths[op.path] = { ...paths[op.path], [op.method]: operation }
  }

  return {
    paths,
    schemas: withExamples(components, model, examples),
    responses,
    headers: plane === 'api' ? withHeaderExtensions(rateLimitHeaderComponents(model), model) : {},
  }
}

/** Every schema the operations answer and take, converted: the output's (success and error bodies) and the input's (id, bodies, queries). */
function convertSchemas(operations: readonly Operation[], model: ApiModel) {
  const names = model.schemas.namer.names
  const codes = [...new Set(operations.flatMap(model.errorCodes))]
  const success = Object.fromEntries(
    operations.flatMap((op) => {
      const schema = model.successSchema(op)
      return schema ? [[op.operationId, schema]] : []
    }),
  )
  const output = toOpenApiSchemas(
    { ...success, ...Object.fromEntries(codes.map((code) => [`error:${code}`, model.errors.envelope(code)])) },
    'output',
    names,
  )
  const converted = toOpenApiSchemas(
    {
      id: IdParam,
      ...Object.fromEntries(operations.flatMap((op) => (op.body ? [[`${op.operationId}:body`, op.body]] : []))),
      ...Object.fromEntries(operations.flatMap((op) => (op.query ? [[`${op.operationId}:query`, op.query]] : []))),
    },
    'input',
    names,
  )
  const { components, inputSchemas } = reconcile(output, converted)
  return { output, input: { schemas: inputSchemas }, components }
}

/** The converted schema of a key given to toOpenApiSchemas above. */
function schemaOf({ schemas }: Pick<OpenApiSchemas, 'schemas'>, key: string): SchemaObject {
  return must(schemas[key], `the converted schema "${key}"`)
}

function successResponse(op: Operation, plane: Plane, schema: SchemaObject | undefined, model: ApiModel, examples: ModelExamples): ResponseObject {
  const headers = responseHeaders(plane, model)
  const { status } = op.response
  const name = componentName(op.response.data, model.schemas.namer.names) ?? 'result'
  if (!schema) return { description: `${STATUS_TEXT[status]}: deleted.`, ...(headers ? { headers } : {}) }
  const data = exampleOfSchema(op.response.data, examples, model.schemas.namer.names)
  const example = op.response.list
    ? examples.list(name)
    : data === undefined
      ? undefined
      : op.response.body
        ? renderTemplate(op.response.body, { record: data as Json, id: (data as { id?: number }).id })
        : { success: true, data }
  return {
    description: `${STATUS_TEXT[status]}: ${op.response.list ? `one page of ${name} records` : `the ${name}`}.`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema,
        ...(example === undefined ? {} : { examples: { [op.operationId]: { summary: op.summary, value: example } } }),
      },
    },
  }
}

function pathParameters(op: Operation, idSchema: SchemaObject, examples: ModelExamples, names: ReadonlyMap<z.ZodMiniType, string>): ParameterObject[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (name !== 'id') throw new Error(`${op.operationId}: only {id} path parameters are supported, not {${name}}`)
    const example = (exampleOfSchema(op.response.data, examples, names) as { id?: unknown } | undefined)?.id
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

function requestBody(op: Operation, body: z.ZodMiniType, schema: SchemaObject, examples: ModelExamples, names: ReadonlyMap<z.ZodMiniType, string>): RequestBodyObject {
  const example = exampleOfSchema(body instanceof z.ZodMiniOptional ? (body.def.innerType as z.ZodMiniType) : body, examples, names)
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

function withExamples(schemas: Record<string, SchemaObject>, model: ApiModel, examples: ModelExamples): Record<string, SchemaObject> {
  const extensions = schemaExtensions(model)
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const example = examples.schema(id)
      return [id, { ...schema, ...(example !== undefined ? { examples: [example] } : {}), ...extensions[id] }]
    }),
  )
}

function withHeaderExtensions(headers: Record<string, HeaderObject>, model: ApiModel): Record<string, HeaderObject> {
  const extensions = headerExtensions(model)
  return Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, { ...header, ...extensions[name] }]))
}

/** The example of a zod schema that has a name (or of an array of one), if any. */
function exampleOfSchema(schema: z.ZodMiniType, examples: ModelExamples, names?: ReadonlyMap<z.ZodMiniType, string>): unknown {
  if (schema instanceof z.ZodMiniArray) {
    const item = exampleOfSchema(schema.def.element as z.ZodMiniType, examples, names)
    return item === undefined ? undefined : [item]
  }
  const id = componentName(schema, names)
  return id === undefined ? undefined : examples.schema(id)
}
