/** `METHOD /path/template` as the document names an operation, e.g. `GET /campaigns/{id}`. */
export type OperationLabel = string

/** A JSON Schema (or any other part of the document) as plain data. */
export type JsonObject = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** A response the document lists for an operation, its `$ref`s followed. */
export interface DocumentedResponse {
  /** `200`, `4XX` or `default`, as the document writes it. */
  key: string
  description: string
  /** Media types of the content, e.g. `application/json`. Empty when the response has no body. */
  contentTypes: string[]
  /** JSON pointer (into the document) of the body schema of the first JSON media type. */
  schemaPointer?: string
  headers: DocumentedHeader[]
}

export interface DocumentedHeader {
  name: string
  required: boolean
  /** JSON pointer of the header's schema, when it has one. */
  schemaPointer?: string
  schema?: JsonObject
  /** Its `x-` fields (the facts it shares with a body, see document-consistency.ts). */
  extensions?: JsonObject
}

export interface DocumentedParameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required: boolean
  schema: JsonObject
}

/** One operation of the document, with everything the checks need already resolved. */
export interface DocumentedOperation {
  /** `GET /campaigns/{id}` */
  label: OperationLabel
  operationId?: string
  summary?: string
  method: string
  /** Path template below the base URL, e.g. `/campaigns/{id}`. */
  path: string
  parameters: DocumentedParameter[]
  requestBody?: { required: boolean; contentTypes: string[]; schema?: JsonObject; schemaPointer?: string }
  responses: DocumentedResponse[]
  /** Whether the operation needs credentials (an empty `security: []` opts out). */
  secured: boolean
  /** Its `x-` fields (behaviour the document states for the suite to read, see document-behaviour.ts). */
  extensions?: JsonObject
}

/** The OpenAPI 3.1 document the suite judges against: operations, `$ref` resolution and lookup by request. */
export class ContractDocument {
  readonly operations: DocumentedOperation[]
  private readonly matchers: Array<{ operation: DocumentedOperation; pattern: RegExp; params: number }>

  constructor(readonly raw: JsonObject) {
    if (typeof raw.openapi !== 'string' || !raw.openapi.startsWith('3.1')) {
      throw new Error(`Not an OpenAPI 3.1 document: "openapi" is ${JSON.stringify(raw.openapi)}`)
    }
    this.operations = this.readOperations()
    this.matchers = this.operations
      .map((operation) => ({
        operation,
        pattern: templatePattern(operation.path),
        params: (operation.path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params)
  }

  /** The operation a request reaches, from its method and its path below the base URL. */
  find(method: string, path: string): DocumentedOperation | undefined {
    const lower = method.toLowerCase()
    return this.matchers.find((m) => m.operation.method === lower && m.pattern.test(path))?.operation
  }

  /** The path template a request path matches, whatever the method (`/adverts/{id}` for `/adverts/7`). */
  routeOf(path: string): string | undefined {
    return this.matchers.find((m) => m.pattern.test(path))?.operation.path
  }

  /** The operation with this label (`GET /user`). */
  get(label: OperationLabel): DocumentedOperation | undefined {
    return this.operations.find((operation) => operation.label === label)
  }

  /** The documented response for a status: the exact code, then `4XX`, then `default`. */
  response(operation: DocumentedOperation, status: number): DocumentedResponse | undefined {
    const exact = operation.responses.find((r) => r.key === String(status))
    return (
      exact ??
      operation.responses.find((r) => r.key === `${String(status)[0]}XX`) ??
      operation.responses.find((r) => r.key === 'default')
    )
  }

  /**
   * The error code a response states, and where: the `const` (or lone `enum` value) of
   * `error.code` in its schema, else the one code all its examples carry; undefined when it states none.
   * @example document.errorCode(document.response(operation, 429)!) // { code: 'rate_limit_exceeded', in: 'schema' }
   */
  errorCode(response: DocumentedResponse): { code: string; in: 'schema' | 'examples' } | undefined {
    if (!response.schemaPointer) return undefined
    const stated = constAt(this.dereference(this.at(response.schemaPointer)), ['error', 'code'])
    if (stated !== undefined) return { code: stated, in: 'schema' }
    const media = this.at(response.schemaPointer.replace(/\/schema$/, '')) as JsonObject
    const named = Object.values((media.examples ?? {}) as JsonObject).map(
      (example) => this.follow(example, '').node?.value,
    )
    const codes = new Set(
      [media.example, ...named]
        .filter((value) => value !== undefined)
        .map((value) => (value as { error?: { code?: unknown } }).error?.code),
    )
    const [only] = codes
    return codes.size === 1 && typeof only === 'string' ? { code: only, in: 'examples' } : undefined
  }

  /** The node a local JSON pointer (`#/components/schemas/User`) points at. */
  at(pointer: string): unknown {
    if (!pointer.startsWith('#')) throw new Error(`Only local references are supported, not "${pointer}"`)
    let node: unknown = this.raw
    for (const token of pointer.slice(1).split('/').slice(1)) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~')
      node = (node as JsonObject | undefined)?.[key]
      if (node === undefined) throw new Error(`The document has nothing at "${pointer}"`)
    }
    return node
  }

  /** Follows a chain of `$ref`s to the object itself, and says where it ended. */
  follow(node: unknown, pointer: string): { node: JsonObject; pointer: string } {
    let current = { node: node as JsonObject, pointer }
    for (let hops = 0; typeof current.node?.$ref === 'string'; hops++) {
      if (hops > 32) throw new Error(`Too many $ref hops from "${pointer}"`)
      const target = current.node.$ref as string
      current = { node: this.at(target) as JsonObject, pointer: target }
    }
    return current
  }

  /** A copy of a schema with every local `$ref` replaced by its target (recursion cut at depth 12). */
  dereference(schema: unknown): JsonObject {
    // The copy has the shape of what it was given: a schema object (or a boolean schema, passed on as it is).
    return this.withoutRefs(schema, 0) as JsonObject
  }

  /** A copy of any part of the document with its local `$ref`s replaced, a `$ref`'s siblings over its target's fields. */
  private withoutRefs(node: unknown, depth: number): unknown {
    if (depth > 12 || node === null || typeof node !== 'object') return node
    if (Array.isArray(node)) return node.map((item) => this.withoutRefs(item, depth + 1))
    const entries: Array<[string, unknown]> = Object.entries(node)
    const ref = entries.find(([key]) => key === '$ref')?.[1]
    if (typeof ref === 'string') {
      const target = this.withoutRefs(this.at(ref), depth + 1)
      const siblings = this.withoutRefs(Object.fromEntries(entries.filter(([key]) => key !== '$ref')), depth + 1)
      return { ...objectOrNothing(target), ...objectOrNothing(siblings) }
    }
    return Object.fromEntries(entries.map(([key, value]) => [key, this.withoutRefs(value, depth + 1)]))
  }

  private readOperations(): DocumentedOperation[] {
    const operations: DocumentedOperation[] = []
    const paths = (this.raw.paths ?? {}) as Record<string, JsonObject>
    for (const [path, pathItemRaw] of Object.entries(paths)) {
      const pathPointer = `#/paths/${escapePointer(path)}`
      const pathItem = this.follow(pathItemRaw, pathPointer).node
      for (const method of METHODS) {
        const raw = pathItem[method] as JsonObject | undefined
        if (!raw) continue
        const pointer = `${pathPointer}/${method}`
        operations.push({
          label: `${method.toUpperCase()} ${path}`,
          operationId: raw.operationId as string | undefined,
          summary: raw.summary as string | undefined,
          method,
          path,
          parameters: this.readParameters([...asArray(pathItem.parameters), ...asArray(raw.parameters)]),
          requestBody: this.readRequestBody(raw.requestBody, `${pointer}/requestBody`),
          responses: this.readResponses((raw.responses ?? {}) as JsonObject, `${pointer}/responses`),
          secured: !(Array.isArray(raw.security) && raw.security.length === 0),
          extensions: Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('x-'))),
        })
      }
    }
    return operations
  }

  private readParameters(list: unknown[]): DocumentedParameter[] {
    return list.map((item) => {
      const parameter = this.follow(item, '').node
      return {
        name: String(parameter.name),
        in: parameter.in as DocumentedParameter['in'],
        required: parameter.required === true,
        schema: this.dereference(parameter.schema ?? {}),
      }
    })
  }

  private readRequestBody(raw: unknown, pointer: string): DocumentedOperation['requestBody'] {
    if (!raw) return undefined
    const { node, pointer: at } = this.follow(raw, pointer)
    const content = (node.content ?? {}) as Record<string, JsonObject>
    const contentTypes = Object.keys(content)
    const json = contentTypes.find(isJsonMediaType)
    const schemaPointer = json && content[json]?.schema ? `${at}/content/${escapePointer(json)}/schema` : undefined
    return {
      required: node.required === true,
      contentTypes,
      schemaPointer,
      schema: schemaPointer ? this.dereference(this.at(schemaPointer)) : undefined,
    }
  }

  private readResponses(responses: JsonObject, pointer: string): DocumentedResponse[] {
    return Object.entries(responses).map(([key, raw]) => {
      const { node, pointer: at } = this.follow(raw, `${pointer}/${escapePointer(key)}`)
      const content = (node.content ?? {}) as Record<string, JsonObject>
      const contentTypes = Object.keys(content)
      const json = contentTypes.find(isJsonMediaType)
      const headers = Object.entries((node.headers ?? {}) as JsonObject).map(([name, headerRaw]): DocumentedHeader => {
        const header = this.follow(headerRaw, `${at}/headers/${escapePointer(name)}`)
        const schemaPointer = header.node.schema ? `${header.pointer}/schema` : undefined
        return {
          name,
          required: header.node.required === true,
          schemaPointer,
          schema: schemaPointer ? this.dereference(this.at(schemaPointer)) : undefined,
          extensions: Object.fromEntries(Object.entries(header.node).filter(([key]) => key.startsWith('x-'))),
        }
      })
      return {
        key: key.toUpperCase(),
        description: String(node.description ?? ''),
        contentTypes,
        schemaPointer: json && content[json]?.schema ? `${at}/content/${escapePointer(json)}/schema` : undefined,
        headers,
      }
    })
  }
}

/** Whether a media type is JSON (`application/json`, `application/problem+json`, …). */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? ''
  return essence === 'application/json' || /^application\/[\w.-]+\+json$/.test(essence)
}

/** A string a schema pins at a property path (`const`, or an `enum` of one), looking through `allOf`. */
function constAt(schema: unknown, path: readonly string[]): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined
  const node = schema as JsonObject
  for (const member of asArray(node.allOf)) {
    const found = constAt(member, path)
    if (found !== undefined) return found
  }
  const [head, ...rest] = path
  if (head === undefined) {
    if (typeof node.const === 'string') return node.const
    return Array.isArray(node.enum) && node.enum.length === 1 && typeof node.enum[0] === 'string'
      ? node.enum[0]
      : undefined
  }
  return constAt((node.properties as JsonObject | undefined)?.[head], rest)
}

/** A value to spread: an object as it is, anything else as nothing. */
function objectOrNothing(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {}
}

function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}
