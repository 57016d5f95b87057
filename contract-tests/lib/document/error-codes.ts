import type { ContractDocument, DocumentedResponse, JsonObject } from './document.js'

/** An error code a response's schema pins (`const` of `error.code`, in one of its branches), and where. */
export interface StatedCode {
  code: string
  /** JSON pointer of the schema that pins it. */
  pointer: string
}

const ERROR_CODE = ['error', 'code'] as const

/**
 * Every error code a documented response pins, in the order its branches give them (a 422 that
 * is `validation_failed` or, on a create, the limit's code): `const`s, or `enum`s of one value,
 * of `error.code`, through `$ref`, `allOf`, `anyOf` and `oneOf`. Empty when it pins none.
 * @example errorCodes(document, document.response(operation, 404)!) // [{ code: 'not_found', pointer: '#/components/responses/NotFound/…/code' }]
 */
export function errorCodes(document: ContractDocument, response: DocumentedResponse): StatedCode[] {
  if (!response.schemaPointer) return []
  const found: StatedCode[] = []
  collect(document, document.at(response.schemaPointer), response.schemaPointer, ERROR_CODE, found, 0)
  return found.filter((stated, index) => found.findIndex((other) => other.code === stated.code) === index)
}

const counts = new WeakMap<ContractDocument, Map<number, Map<string, number>>>()

/**
 * The code a status means in this document, among those a response pins: where a status has
 * alternatives (a 422 that is `validation_failed` or, on a create, the limit's code; a 400 that is
 * `invalid_json` or `bad_request`), the one that the most operations with alternatives for that
 * status pin, and on a tie the one the response lists first. What an answer with a code of its own
 * is told it should have said: the general code of its status, never the constant of a branch the
 * answer only happens to break in fewer ways (the limit's, which names no fields).
 */
export function codeForStatus(document: ContractDocument, status: number, stated: readonly StatedCode[]): StatedCode {
  let byStatus = counts.get(document)
  if (!byStatus) counts.set(document, (byStatus = new Map()))
  let tally = byStatus.get(status)
  if (!tally) {
    tally = new Map()
    for (const operation of document.operations) {
      const response = operation.responses.find((r) => r.key === String(status))
      const codes = response ? errorCodes(document, response) : []
      if (codes.length > 1) for (const { code } of codes) tally.set(code, (tally.get(code) ?? 0) + 1)
    }
    byStatus.set(status, tally)
  }
  const widest = Math.max(...stated.map(({ code }) => tally.get(code) ?? 0))
  return stated.find(({ code }) => (tally.get(code) ?? 0) === widest) ?? stated[0]!
}

/** The error code an answer's body carries, if it carries one as text. */
export function receivedErrorCode(body: unknown): string | undefined {
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code
  return typeof code === 'string' ? code : undefined
}

/** The body with its error code replaced: what it would be had the deployment used the documented code. */
export function withErrorCode(body: unknown, code: string): unknown {
  const { error, ...rest } = body as { error: JsonObject }
  return { ...rest, error: { ...error, code } }
}

function collect(
  document: ContractDocument,
  raw: unknown,
  pointer: string,
  path: readonly string[],
  found: StatedCode[],
  depth: number,
): void {
  if (depth > 16 || !raw || typeof raw !== 'object') return
  const { node, pointer: at } = document.follow(raw, pointer)
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const members = Array.isArray(node[key]) ? (node[key] as unknown[]) : []
    members.forEach((member, index) => collect(document, member, `${at}/${key}/${index}`, path, found, depth + 1))
  }
  const [head, ...rest] = path
  if (head === undefined) {
    const pinned =
      typeof node.const === 'string'
        ? node.const
        : Array.isArray(node.enum) && node.enum.length === 1 && typeof node.enum[0] === 'string'
          ? node.enum[0]
          : undefined
    if (pinned !== undefined) found.push({ code: pinned, pointer: at })
    return
  }
  const child = (node.properties as JsonObject | undefined)?.[head]
  if (child !== undefined) collect(document, child, `${at}/properties/${head}`, rest, found, depth + 1)
}
