import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { Json as Template } from '../profile/template.js'
import type { Evidence } from '../profile/twin-file.js'
import { findBoundary } from './boundary-search.js'
import { deriveList, type PageExample } from './derive-list.js'
import { accepted, errorSeen, integerOf, itemsOf, type Json, type LearnContext } from './learn-context.js'
import { pageQuery } from './capture-account.js'
import { learnParams } from './probe-params.js'
import { create } from './probe-resources.js'
import { countAdverts, probeListEdges, readPage, SMALL_PAGE, type Figure } from './probe-list-edges.js'
import { learnOrder, probeUpdateOrder } from './learn-order.js'

// Lists, on the adverts. The envelope first, by example: pages read at a small size of a list of a
// known length (the first, the second and the last; the learner adds adverts of its own to reach
// seven) give every figure beside `data` its slot (derive-list.ts). Then, reading the figures
// through that envelope: the default page size (with a page filled: up to 30 adverts, deleted at
// the end), the order (learn-order.ts: the orders the pages fit, and where an updated advert goes),
// and the edges of its paging (probe-list-edges.ts).

/** The most adverts the learner creates to fill a page. */
const MAX_CREATED = 30
/** The list length that gives the envelope's small page size three pages. */
const SMALL_LIST = 7

/** Learns the list choices. */
export async function probeLists(ctx: LearnContext): Promise<void> {
  const plan = await readPage(ctx, {}, 'list at the default page size')
  if (!accepted(plan) || !itemsOf(plan)) throw new Error(`GET /adverts answered ${errorSeen(plan)} without a list`)
  await fill(ctx, SMALL_LIST)
  await learnParams(ctx)
  const envelope = await learnEnvelope(ctx)
  const figure = (exchange: Exchange, slot: string) => figureIn(exchange.response.json, envelope, slot)
  const stated = figure(plan, 'per_page')
  await fill(ctx, Math.min(stated ?? MAX_CREATED, MAX_CREATED) + 1)
  for (const exchange of [
    plan,
    await readPage(ctx, {}, 'list at the default page size'),
    await readPage(ctx, {}, 'list at the default page size'),
  ]) {
    if (exchange !== plan) learnPageSize(ctx, exchange, figure)
    learnOrder(ctx, exchange)
  }
  await probeUpdateOrder(ctx)
  await probeListEdges(ctx, figure)
}

/** Creates adverts of the learner's own until the account holds `length` (an account at its cap stops it sooner). */
async function fill(ctx: LearnContext, length: number): Promise<void> {
  const count = await countAdverts(ctx)
  for (let index = count + 1; index <= length; index++)
    if (!(await create(ctx, 'adverts', { advert: { title: ctx.title(`list ${index}`) } })).record) break
}

/**
 * The envelope, from the first, second and last page at a small size (see deriveList): the list
 * is walked page by page to count it (a short one; a long one is counted from the capture and the
 * learner's own), and the default is kept, with why, where the deployment does not page at that size.
 */
async function learnEnvelope(ctx: LearnContext): Promise<Template | undefined> {
  const known = await countAdverts(ctx)
  const size = envelopeSize(known)
  const read = (page: number) => readPage(ctx, pageQuery(ctx, page, size), 'list envelope')
  const pages: { page: number; exchange: Exchange; items: number }[] = []
  // Without a page parameter (a cursor), only the first page can be asked for.
  const paged = ctx.listParams?.page !== null
  const walk = paged && known <= size * 20
  for (let page = 1; walk ? page <= 21 : page <= (paged ? 2 : 1); page++) {
    const exchange = await read(page)
    const items = itemsOf(exchange)
    if (!accepted(exchange) || !items) break
    pages.push({ page, exchange, items: items.length })
    if (items.length < size) break
  }
  const first = pages[0]
  if (!first || first.items !== Math.min(size, known)) {
    const reason = first ? `page 1 at per_page ${size} held ${first.items}` : 'no page was answered'
    ctx.observations.cannot(
      'lists.envelope',
      reason,
      ...(first ? [ctx.evidence(first.exchange, `${first.items} items`)] : []),
    )
    return undefined
  }
  const total = walk ? pages.reduce((sum, page) => sum + page.items, 0) : known
  const last = Math.max(Math.ceil(total / size), 1)
  if (paged && !pages.some((page) => page.page === last)) {
    const exchange = await read(last)
    pages.push({ page: last, exchange, items: itemsOf(exchange)?.length ?? 0 })
  }
  const chosen = pages.filter((page) => page.page === 1 || page.page === 2 || page.page === last)
  const examples: PageExample[] = chosen.map(({ page, exchange }) => ({
    page,
    perPage: size,
    total,
    body: exchange.response.json as Template,
    url: exchange.request.url,
    base: ctx.baseUrl,
  }))
  const evidence = chosen.map(({ page, exchange }) =>
    ctx.evidence(exchange, `page ${page}: ${JSON.stringify(withoutData(exchange.response.json))}`),
  )
  const { template, literal } = deriveList(examples)
  ctx.observations.learn('lists.envelope', template, ...evidence)
  if (literal.length > 0)
    ctx.observations.note('lists.envelope', `kept as they came (no figure of a page): ${literal.join(', ')}`)
  return template
}

/**
 * A small page size whose count of pages is no other figure of the page: 9 records at 3 a page make
 * `pages` and `per_page` both 3 on every page read, and a key named neither (`last`) could be either.
 * @example envelopeSize(7) // 2: four pages
 */
export function envelopeSize(known: number): number {
  const telling = (size: number) => Math.ceil(known / size) !== size && Math.ceil(known / size) !== known
  return [SMALL_PAGE, 2, 4, 5].find(telling) ?? SMALL_PAGE
}

/** A body without its `data`, for the evidence. */
function withoutData(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'data'))
}

/** The value of a figure (a slot of the envelope) in a body, where the envelope has it. */
export function figureIn(body: unknown, envelope: Template | undefined, slot: string): number | undefined {
  const path = pathOf(envelope, slot)
  if (!path) return undefined
  const value = path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
    body,
  )
  return integerOf(value)
}

/** Where a slot is in a template, as keys. */
function pathOf(template: Template | undefined, slot: string, at: string[] = []): string[] | undefined {
  if (template === null || typeof template !== 'object' || Array.isArray(template)) return undefined
  if ('$slot' in template) return template.$slot === slot ? at : undefined
  for (const [key, child] of Object.entries(template)) {
    const found = pathOf(child, slot, [...at, key])
    if (found) return found
  }
  return undefined
}

/** The page size a list without per_page shows: counted on a full page, else as the envelope states it. */
function learnPageSize(ctx: LearnContext, exchange: Exchange, figure: Figure): void {
  const items = itemsOf(exchange)
  if (!accepted(exchange) || !items) return
  const stated = figure(exchange, 'per_page')
  const total =
    figure(exchange, 'total') ?? (ctx.account ? ctx.account.adverts.length + ctx.ownAdverts.size : undefined)
  const says = stated === undefined ? '' : `; per_page ${stated}`
  if (total !== undefined && total > items.length)
    ctx.observations.learn(
      'lists.defaultPerPage',
      items.length,
      ctx.evidence(exchange, `${items.length} of ${total} on page 1${says}`),
    )
  else if (stated !== undefined && stated >= items.length)
    ctx.observations.learn(
      'lists.defaultPerPage',
      stated,
      ctx.evidence(
        exchange,
        `per_page ${stated}, not confirmed by counting: all ${items.length} records fit on page 1`,
      ),
    )
  else
    ctx.observations.cannot(
      'lists.defaultPerPage',
      `all ${items.length} records fit on page 1 and no per_page was stated`,
      ctx.evidence(exchange, `${items.length} items`),
    )
}
