import { DEFAULT_PROFILE, type Profile } from '../profile/profile.js'
import { OpenApiBuilder, type OpenAPIObject, type SecuritySchemeObject, type ServerObject } from 'openapi3-ts/oas31'
import { PACKAGE_VERSION } from '../domain/package-version.js'
import { OPERATION_TAGS, TAG_DESCRIPTIONS, type Operation } from '../operations/define-operation.js'
import { modelOf } from '../model/api-model.js'
import { DEMO_API_KEY } from '../store/fixtures.js'
import { describeOperations, type DescribedOperations } from './describe-operations.js'

/** Where `npm start` serves the API. */
export const DEFAULT_API_URL = 'http://127.0.0.1:4010/api/v1'

/** Name of the API key scheme in the document. */
export const API_KEY_SCHEME = 'ApiKeyAuth'

export interface BuildOpenApiOptions {
  /** A server to list first, e.g. the running listener's own URL so "try it" calls it. */
  serverUrl?: string
  /** The choices the document describes where the spec is silent: the default profile's unless given. */
  profile?: Profile
  /** A key the description offers to try with: the default fixtures' demo key unless given (none for a twin: pass null). */
  demoKey?: string | null
}

const API_KEY: SecuritySchemeObject = {
  type: 'apiKey',
  in: 'header',
  name: 'Authorization',
  description: 'The API key, bare: `Authorization: <API_KEY>`, with no `Bearer` or other scheme word before it.',
}

/**
 * The OpenAPI 3.1 document of the public API, built from the operation declarations
 * and the zod schemas; the committed openapi/openapi.json is this, serialized.
 * @example buildOpenApi().paths?.['/campaigns']?.post?.operationId // 'createCampaign'
 */
export function buildOpenApi({ serverUrl, profile = DEFAULT_PROFILE, demoKey = DEMO_API_KEY }: BuildOpenApiOptions = {}): OpenAPIObject {
  const model = modelOf(profile)
  const operations = [...model.operations.values()].filter((operation) => operation.auth !== 'admin')
  const servers: ServerObject[] = [
    { url: DEFAULT_API_URL, description: 'The mock, as `npm start` runs it' },
    {
      url: '{base_url}',
      description: 'Any deployment: `base_url` is its base URL, ending with the versioned prefix /api/v1',
      // No `description` on the variable: the OpenAPI 3.1 JSON Schema that swagger-parser
      // validates with misspells it `descriptions`, so a correct one fails validation.
      variables: { base_url: { default: DEFAULT_API_URL } },
    },
  ]
  return assemble(operations, describeOperations(operations, 'api', [{ [API_KEY_SCHEME]: [] }], model), {
    title: 'Advertising Campaign Service API',
    description: model.words.description(demoKey ?? undefined),
    servers: serverUrl ? [{ url: serverUrl, description: 'This running mock' }, ...servers] : servers,
    securitySchemes: { [API_KEY_SCHEME]: API_KEY },
  })
}

/** What differs between the public and the control-plane document around the operations. */
export interface DocumentFrame {
  title: string
  description: string
  servers: ServerObject[]
  securitySchemes: Record<string, SecuritySchemeObject>
}

/** Puts described operations into a document with OpenApiBuilder. */
export function assemble(list: readonly Operation[], described: DescribedOperations, frame: DocumentFrame): OpenAPIObject {
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo({ title: frame.title, version: PACKAGE_VERSION, description: frame.description, license: { name: 'UNLICENSED', identifier: 'UNLICENSED' } })
  for (const server of frame.servers) builder.addServer(server)
  const used = new Set(list.map((op) => op.tag))
  for (const tag of OPERATION_TAGS) if (used.has(tag)) builder.addTag({ name: tag, description: TAG_DESCRIPTIONS[tag] })
  for (const [name, scheme] of Object.entries(frame.securitySchemes)) builder.addSecurityScheme(name, scheme)
  for (const [path, item] of Object.entries(described.paths)) builder.addPath(path, item)
  for (const [name, schema] of Object.entries(described.schemas)) builder.addSchema(name, schema)
  for (const [name, response] of Object.entries(described.responses).sort(([a], [b]) => a.localeCompare(b))) builder.addResponse(name, response)
  for (const [name, header] of Object.entries(described.headers)) builder.addHeader(name, header)
  // Plain data with no shared objects, so serializers (YAML anchors) and callers see a tree.
  return JSON.parse(builder.getSpecAsJson()) as OpenAPIObject
}
