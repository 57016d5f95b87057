import { dataItemSchema } from './document-behaviour.js'
import type { ContractDocument, DocumentedOperation, JsonObject } from './document.js'

/**
 * Facts two places of the API report, as the document states them in `x-` fields (our document
 * writes them from src/openapi/consistency-extensions.ts; another document may state its own, or
 * none, and then the checks that read them have nothing to judge):
 * `x-consistency` on operations and on rate-limit headers, `x-immutable`, `x-write-stamp` and
 * `x-volatile` on resource schemas.
 */

/** Each resource an answer reports (at `at`, or each item) is the one `read` answers with these `params`; `fields` (here -> there) agree. */
export interface ConsistencyFact {
  /** Its place in the operation's list: facts are told apart by it. */
  index: number
  /** An embedded resource's property, e.g. `advert`. */
  at?: string
  read: DocumentedOperation
  /** The read's path parameters, each from a field of the answer's data. */
  params: Record<string, string>
  fields: Record<string, string>
  /** `before`: the answer is the resource as it was before the request (a delete). */
  state: 'after' | 'before'
}

/** What time may and may not change in a resource, by the schema of what its reader answers. */
export interface TimeRules {
  /** Fields that never change after creation (`x-immutable`). */
  immutable: string[]
  /** The field every write that changes the resource moves forward, and nothing else moves (`x-write-stamp`). */
  stamp?: string
  /** Fields that may change without a write by the caller (`x-volatile`: delivery, billing). */
  volatile: string[]
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const stringMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {}

/** The operation with this operationId. */
export function operationById(document: ContractDocument, id: unknown): DocumentedOperation | undefined {
  return typeof id === 'string' ? document.operations.find((operation) => operation.operationId === id) : undefined
}

// The facts are fixed by the document, and the checks ask for them on every exchange: read once.
const factsByOperation = new WeakMap<DocumentedOperation, ConsistencyFact[]>()
const rateLimitFactsByDocument = new WeakMap<ContractDocument, RateLimitFacts>()

/** The `x-consistency` facts of an operation whose reads the document has. */
export function consistencyFacts(
  document: ContractDocument,
  operation: DocumentedOperation | undefined,
): ConsistencyFact[] {
  if (!operation) return []
  let facts = factsByOperation.get(operation)
  if (!facts) factsByOperation.set(operation, (facts = readConsistencyFacts(document, operation)))
  return facts
}

function readConsistencyFacts(document: ContractDocument, operation: DocumentedOperation): ConsistencyFact[] {
  const raw = operation.extensions?.['x-consistency']
  if (!Array.isArray(raw)) return []
  return raw.flatMap((fact: JsonObject, index): ConsistencyFact[] => {
    const read = operationById(document, fact?.read)
    if (!read) return []
    return [
      {
        index,
        ...(typeof fact.at === 'string' ? { at: fact.at } : {}),
        read,
        params: stringMap(fact.params),
        fields: stringMap(fact.fields),
        state: fact.state === 'before' ? 'before' : 'after',
      },
    ]
  })
}

/** The time rules of the resource a read answers. */
export function timeRules(document: ContractDocument, read: DocumentedOperation): TimeRules {
  const pointer = read.responses.find((response) => /^2\d\d$/.test(response.key))?.schemaPointer
  const schema = pointer ? dataItemSchema(document, pointer) : undefined
  const stamp = (schema?.['x-write-stamp'] as JsonObject | undefined)?.field
  return {
    immutable: strings(schema?.['x-immutable']),
    ...(typeof stamp === 'string' ? { stamp } : {}),
    volatile: strings(schema?.['x-volatile']),
  }
}

/** The fact that an operation's answer is the resource its own reader reads (its first, without `at`, reading its own kind). */
export function selfFact(
  facts: readonly ConsistencyFact[],
  operation: DocumentedOperation,
): ConsistencyFact | undefined {
  const own = facts.filter((fact) => !fact.at)
  return (
    own.find((fact) => fact.read === operation) ??
    own.find((fact) => Object.values(fact.params).every((field) => fact.fields[field] === field))
  )
}

/** Whether an operation creates what it answers: a POST whose reader sits one path parameter below it. */
export function isCreate(operation: DocumentedOperation, fact: ConsistencyFact | undefined): boolean {
  return operation.method === 'post' && fact !== undefined && fact.read.path.startsWith(`${operation.path}/{`)
}

/** The rate-limit facts the document states on its headers: the limit's fields per window, the policy's, and the headers the IETF pair agrees with. */
export interface RateLimitFacts {
  limit?: { read: DocumentedOperation; windows: Array<{ seconds: number; field: string }> }
  policy?: { read: DocumentedOperation; windows: Array<{ seconds: number; field: string }> }
  agrees?: string[]
}

/** The rate-limit facts, from the first response that documents each header with its `x-consistency`. */
export function rateLimitFacts(document: ContractDocument): RateLimitFacts {
  let facts = rateLimitFactsByDocument.get(document)
  if (!facts) rateLimitFactsByDocument.set(document, (facts = readRateLimitFacts(document)))
  return facts
}

function readRateLimitFacts(document: ContractDocument): RateLimitFacts {
  const facts: RateLimitFacts = {}
  const windows = (raw: unknown) =>
    Object.entries(stringMap(raw))
      .map(([seconds, field]) => ({ seconds: Number(seconds), field }))
      .filter((w) => Number.isFinite(w.seconds))
  for (const header of document.operations.flatMap((operation) =>
    operation.responses.flatMap((response) => response.headers),
  )) {
    const fact = header.extensions?.['x-consistency'] as JsonObject | undefined
    if (!fact) continue
    const name = header.name.toLowerCase()
    const read = operationById(document, fact.read)
    if (name === 'x-ratelimit-limit' && read && !facts.limit) facts.limit = { read, windows: windows(fact.windows) }
    if (name === 'ratelimit-policy' && read && !facts.policy) facts.policy = { read, windows: windows(fact.windows) }
    if (name === 'ratelimit' && !facts.agrees) facts.agrees = strings(fact.agrees)
  }
  return facts
}
