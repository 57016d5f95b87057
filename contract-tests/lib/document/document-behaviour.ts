import type { ContractDocument, DocumentedOperation, JsonObject } from './document.js'

/**
 * Behaviour the document states in `x-` fields, beyond what its schemas say (our document
 * writes them from src/openapi/behaviour-extensions.ts; another document may have none, and
 * then the checks that read them have nothing to judge):
 * `x-list` (order, filters, paging of a list), `x-initial-values` (of a create),
 * `x-toggles` (the field a toggle flips) and `x-invariants` (between fields of a resource).
 */

/** How a list orders, filters and pages its items. */
export interface ListBehaviour {
  order: Array<{ field: string; direction: 'asc' | 'desc' }>
  /** Each filter keeps the items whose `field`, as text, equals the parameter. */
  filters: Array<{ param: string; field: string }>
  paging?: { page: string; per_page: string; pagination: string }
}

/** One field never exceeds another (numbers, or timestamps by time). */
export interface Invariant {
  field: string
  lte: string
}

/** The list behaviour of an operation, when it states one. */
export function listBehaviour(operation: DocumentedOperation | undefined): ListBehaviour | undefined {
  const raw = operation?.extensions?.['x-list'] as JsonObject | undefined
  if (!raw) return undefined
  const order = Array.isArray(raw.order)
    ? (raw.order as ListBehaviour['order']).filter((key) => typeof key?.field === 'string')
    : []
  const filters = Array.isArray(raw.filters)
    ? (raw.filters as ListBehaviour['filters']).filter(
        (f) => typeof f?.param === 'string' && typeof f.field === 'string',
      )
    : []
  const paging = raw.paging as ListBehaviour['paging'] | undefined
  return {
    order,
    filters,
    ...(paging && typeof paging.page === 'string' && typeof paging.per_page === 'string' ? { paging } : {}),
  }
}

/** Fields every resource a create makes starts with. */
export function initialValues(operation: DocumentedOperation | undefined): Record<string, unknown> | undefined {
  const raw = operation?.extensions?.['x-initial-values']
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined
}

/** The boolean a toggle flips, and the fields it may change besides. */
export function toggleOf(operation: DocumentedOperation | undefined): { field: string; touches: string[] } | undefined {
  const raw = operation?.extensions?.['x-toggles'] as { field?: unknown; touches?: unknown } | undefined
  if (typeof raw?.field !== 'string') return undefined
  return {
    field: raw.field,
    touches: Array.isArray(raw.touches) ? raw.touches.filter((t): t is string => typeof t === 'string') : [],
  }
}

const itemSchemas = new WeakMap<ContractDocument, Map<string, JsonObject | undefined>>()

/**
 * The schema of what a success body's `data` holds (each item's, for a list), followed through
 * `$ref`s; undefined when the body has no `data`.
 */
export function dataItemSchema(document: ContractDocument, schemaPointer: string): JsonObject | undefined {
  let cache = itemSchemas.get(document)
  if (!cache) itemSchemas.set(document, (cache = new Map()))
  if (!cache.has(schemaPointer)) {
    const body = document.follow(document.at(schemaPointer), schemaPointer).node
    const data = (body.properties as JsonObject | undefined)?.data
    const followed = data ? document.follow(data, '').node : undefined
    const item = followed?.type === 'array' && followed.items ? document.follow(followed.items, '').node : followed
    cache.set(schemaPointer, item)
  }
  return cache.get(schemaPointer)
}

/** The invariants a resource schema states. */
export function invariantsOf(schema: JsonObject | undefined): Invariant[] {
  const raw = schema?.['x-invariants']
  return Array.isArray(raw)
    ? (raw as Invariant[]).filter((i) => typeof i?.field === 'string' && typeof i.lte === 'string')
    : []
}

/** The fields a schema documents (its `properties`). */
export function propertiesOf(schema: JsonObject | undefined): string[] {
  return Object.keys((schema?.properties ?? {}) as JsonObject)
}
