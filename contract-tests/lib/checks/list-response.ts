import type { Exchange } from '../client/exchange.js'
import { listBehaviour, type ListBehaviour } from '../document/document-behaviour.js'
import type { DocumentedOperation } from '../document/document.js'
import { isSuccess, operationOf, type RunContext } from './check.js'
import { readPaging, type PagingReading } from './paging-reading.js'
import { pathOf } from './probe.js'

/** A successful answer of a list operation whose behaviour the document states, taken apart. */
export interface ListResponse {
  operation: DocumentedOperation
  behaviour: ListBehaviour
  items: Array<Record<string, unknown>>
  /** The page's position, wherever the answer keeps it (the documented `pagination`, or `meta`, the body, the headers). */
  paging?: PagingReading
  /** The query the request sent. */
  query: URLSearchParams
}

/** The list answer in an exchange, or undefined when it is none (or input sent to be refused). */
export function listResponse(ctx: RunContext, exchange: Exchange): ListResponse | undefined {
  const operation = operationOf(ctx, exchange)
  const behaviour = listBehaviour(operation)
  const body = exchange.response.json as Record<string, unknown> | undefined
  if (
    !operation ||
    !behaviour ||
    exchange.negative ||
    !isSuccess(exchange.response.status) ||
    !Array.isArray(body?.data)
  )
    return undefined
  const items = (body.data as unknown[]).filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object',
  )
  const paging = behaviour.paging ? readPaging(exchange, behaviour.paging.pagination, behaviour.paging.page) : undefined
  return {
    operation,
    behaviour,
    items,
    ...(paging ? { paging } : {}),
    query: new URL(exchange.request.url).searchParams,
  }
}

/** Whether an operation states list behaviour of this kind (a `promises` for the list checks). */
export function statesList(operation: DocumentedOperation, part: 'order' | 'filters' | 'paging'): boolean {
  const behaviour = listBehaviour(operation)
  if (!behaviour) return false
  return part === 'paging' ? behaviour.paging !== undefined : behaviour[part].length > 0
}

/**
 * Whether a list item is a resource the run deleted before this answer (one a deployment still
 * lists): no list judgement but deleted_resource_unlisted's is made on it, since what it holds is
 * often the run's own invalid probe (a 121-character title a lenient deployment took).
 */
export function isDeletedItem(ctx: RunContext, exchange: Exchange, item: unknown): boolean {
  const id = (item as { id?: unknown } | null)?.id
  if (id === undefined || exchange.request.method !== 'GET') return false
  const at = ctx.state.deleted.get(`${exchange.credentials} ${pathOf(ctx, exchange)}/${String(id)}`)
  return at !== undefined && at < ctx.state.history.indexOf(exchange)
}
