import { accepted, errorSeen, idOf, itemsOf, type LearnContext } from './learn-context.js'

// The query parameters that page a list, by trying the names real APIs use: the size first (the
// first name under which a size of one gives one record), then the page (the first name under which
// page 2 at that size gives another record than page 1). A deployment that pages by cursor picks no
// page by any name: its page parameter is learned as none.

/** Names of a page's size, in the order they are tried: the document's own first. */
const SIZE_NAMES = [
  'per_page',
  'limit',
  'page_size',
  'size',
  'pageSize',
  'page[size]',
  'per-page',
  'perPage',
  'count',
  'max_results',
]
/** Names of the page's number, in the order they are tried. */
const PAGE_NAMES = ['page', 'page[number]', 'number', 'p', 'page_number', 'pageNumber', 'page_no']

/** The names learned: a list's page and size parameters (page null: none picks a page). */
export interface ListParams {
  page: string | null
  perPage: string
}

/**
 * Learns the list's parameters on /adverts when it holds two records or more (else says why, and
 * answers undefined); the names are kept on the context for every later read of a list.
 * @example await learnParams(learning) // { page: 'page', perPage: 'limit' }
 */
export async function learnParams(ctx: LearnContext): Promise<ListParams | undefined> {
  if (ctx.listParams) return ctx.listParams
  const read = (query: Record<string, number>) =>
    ctx.send({ method: 'GET', path: '/adverts', query, purpose: 'list parameters' })
  // With fewer than two records a size of one shows nothing, nor page 2 another record: asked again later.
  const held = itemsOf(await read({}))?.length ?? 0
  if (held < 2) return undefined
  let perPage: string | undefined
  let first: number | undefined
  for (const name of SIZE_NAMES) {
    const exchange = await read({ [name]: 1 })
    const items = itemsOf(exchange)
    if (!accepted(exchange) || !items) continue
    if (items.length === 0) return undefined
    if (items.length === 1) {
      perPage = name
      first = idOf(items[0])
      break
    }
  }
  if (perPage === undefined) {
    ctx.observations.cannot('lists.params', `no name of a page's size was taken (${SIZE_NAMES.join(', ')})`)
    return undefined
  }
  let page: string | null = null
  const tried: string[] = []
  for (const name of PAGE_NAMES) {
    const exchange = await read({ [perPage]: 1, [name]: 2 })
    const id = idOf(itemsOf(exchange)?.[0])
    tried.push(`${name}: ${accepted(exchange) ? `record ${id}` : errorSeen(exchange)}`)
    if (accepted(exchange) && id !== undefined && id !== first) {
      page = name
      break
    }
  }
  ctx.listParams = { page, perPage }
  const seen =
    page === null
      ? `page 2 under every name tried gave the first page again (${tried.join(', ')})`
      : `${perPage}=1&${page}=2 gave another record`
  ctx.observations.learn('lists.params', ctx.listParams, { request: `GET /adverts?${perPage}=1&…`, status: 200, seen })
  return ctx.listParams
}
