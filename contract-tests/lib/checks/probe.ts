import type { Exchange } from '../client/exchange.js'
import type { ApiRequest, Credentials } from '../client/http-client.js'
import { listBehaviour } from '../document/document-behaviour.js'
import { isRecord } from '../document/schema-reading.js'
import type { DocumentedOperation } from '../document/document.js'
import { dataOf, operationOf, type RunContext } from './check.js'
import { readPaging } from './paging-reading.js'

/**
 * The guard every probing check starts with: the documented operation an exchange reached with
 * the run's own key, when `when` holds for it, and (given `onceKey`) only the first time that key
 * is seen, so that each operation is probed once. Otherwise undefined: nothing to probe.
 * @example const operation = operationToProbe(ctx, exchange, (o) => o.secured, (o) => `ignored_auth ${o.label}`)
 */
export function operationToProbe(
  ctx: RunContext,
  exchange: Exchange,
  when: (operation: DocumentedOperation) => boolean,
  onceKey?: (operation: DocumentedOperation) => string,
): DocumentedOperation | undefined {
  const operation = operationOf(ctx, exchange)
  if (!operation || exchange.credentials !== 'primary' || !when(operation)) return undefined
  if (onceKey && !ctx.once(onceKey(operation))) return undefined
  return operation
}

/** The path below the base URL that an exchange's request went to (no query). */
export function pathOf(ctx: RunContext, exchange: Exchange): string {
  const base = new URL(ctx.client.baseUrl).pathname.replace(/\/+$/, '')
  return new URL(exchange.request.url).pathname.slice(base.length) || '/'
}

/** The same request again, with other credentials (or other parts), as a probe. */
export function replay(
  ctx: RunContext,
  exchange: Exchange,
  purpose: string,
  overrides: Partial<ApiRequest> & { credentials: Credentials },
): Promise<Exchange> {
  const url = new URL(exchange.request.url)
  const body = exchange.request.body
  return ctx.send({
    method: exchange.request.method as ApiRequest['method'],
    path: pathOf(ctx, exchange),
    query: Object.fromEntries(url.searchParams),
    ...(body === undefined
      ? {}
      : { rawBody: body, contentType: exchange.request.headers['content-type'] ?? 'application/json' }),
    purpose,
    ...overrides,
  })
}

/** The list path of an item path: `/campaigns/12` -> `/campaigns`. */
export function collectionOf(itemPath: string): string {
  return itemPath.replace(/\/[^/]+$/, '')
}

/** Looks for an id in a list, one page at a time (at most `maxPages` pages of the largest documented size). */
export async function findInList(
  ctx: RunContext,
  listPath: string,
  id: unknown,
  credentials: Credentials,
  purpose: string,
  maxPages = 3,
): Promise<{ found: boolean; searchedAll: boolean; last?: Exchange }> {
  const listOperation = ctx.document.find('GET', listPath)
  if (!listOperation) return { found: false, searchedAll: false }
  const paging = listBehaviour(listOperation)?.paging
  const [pageName, sizeName] = [paging?.page ?? 'page', paging?.per_page ?? 'per_page']
  const perPage = listOperation.parameters.find((p) => p.in === 'query' && p.name === sizeName)
  const size = typeof perPage?.schema.maximum === 'number' ? perPage.schema.maximum : undefined
  let last: Exchange | undefined
  let seen = 0
  for (let page = 1; page <= maxPages; page++) {
    const query: Record<string, number> = { [pageName]: page, ...(size ? { [sizeName]: size } : {}) }
    last = await ctx.send({
      method: 'GET',
      path: listPath,
      query,
      credentials,
      purpose: `${purpose} (page ${page})`,
    })
    const body = last.response.json as { data?: Array<{ id?: unknown }> } | undefined
    if (!Array.isArray(body?.data)) return { found: false, searchedAll: false, last }
    if (body.data.some((item) => item?.id === id)) return { found: true, searchedAll: false, last }
    seen += body.data.length
    // The last page: as the answer says (its totals, no next page), else one shorter than a page.
    const reading = readPaging(last, paging?.pagination, pageName)
    const lastPage =
      body.data.length === 0 ||
      (reading?.totalCount !== undefined
        ? seen >= reading.totalCount
        : reading?.totalPages !== undefined
          ? page >= reading.totalPages
          : reading?.hasNext !== undefined
            ? !reading.hasNext
            : size !== undefined && body.data.length < (reading?.perPage ?? size))
    if (lastPage) return { found: false, searchedAll: true, last }
  }
  return { found: false, searchedAll: false, last }
}

/**
 * Takes back what an accepted probe did: deletes what it created (a POST that answered an id),
 * at once, or sends a PATCH that writes back the accepted request it varied (`writeBack`: another
 * body, that also restores a field the accepted one did not send), so the flow's own resources
 * are as they were. Deleted during the run, it is still checked by cleanup.
 */
export async function takeBack(
  ctx: RunContext,
  accepted: Exchange,
  probe: Exchange,
  writeBack?: unknown,
): Promise<void> {
  const method = probe.request.method
  const path = pathOf(ctx, accepted)
  const id = dataOf(probe)?.id
  if (method === 'POST' && id !== undefined && ctx.document.find('DELETE', `${path}/${String(id)}`)) {
    await ctx.send({
      method: 'DELETE',
      path: `${path}/${String(id)}`,
      credentials: 'primary',
      purpose: `${probe.purpose.split(':')[0]}: delete what an accepted probe created`,
    })
  } else if (method === 'PATCH' && (writeBack !== undefined || accepted.request.body)) {
    await ctx.send({
      method: 'PATCH',
      path,
      body: writeBack ?? JSON.parse(accepted.request.body!),
      credentials: 'primary',
      purpose: `${probe.purpose.split(':')[0]}: write back what an accepted probe changed`,
    })
  }
}

/**
 * What restores the resource after an accepted PATCH probe: the accepted body, and the field the
 * probe varied (`campaign.advert_id`) at the value the accepted answer showed, when the accepted
 * body did not send it. Undefined for anything but a PATCH.
 */
export function writeBackOf(accepted: Exchange, field: string): unknown {
  if (accepted.request.method !== 'PATCH' || !accepted.request.body) return undefined
  const body = JSON.parse(accepted.request.body) as Record<string, unknown>
  const [wrapper, name] = field.split('.')
  const before = name === undefined ? undefined : dataOf(accepted)?.[name]
  if (!wrapper || !name || before === undefined || !isRecord(body[wrapper])) return body
  return { ...body, [wrapper]: { ...(body[wrapper] as object), [name]: before } }
}
