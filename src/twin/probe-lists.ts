import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { Evidence } from '../profile/twin-file.js'
import { findBoundary } from './boundary-search.js'
import { accepted, errorSeen, idOf, integerOf, itemsOf, paginationOf, type LearnContext } from './learn-context.js'
import { create } from './probe-resources.js'

// Lists, on the adverts: the default page size (with enough adverts of the learner's own for a
// page to be full: up to 30, deleted at the end), read twice so that a deployment answering two
// ways shows it; the order (by id, which grows with creation); the key of the page's position and
// any other top-level key; and the largest per_page, refused or clamped above it.

/** The most adverts the learner creates to fill a page. */
const MAX_CREATED = 30
/** per_page values tried, ascending: the document's largest, one past it, and larger ones. */
const PER_PAGE_LADDER = [100, 101, 200, 1000]

/** Learns the list choices. */
export async function probeLists(ctx: LearnContext): Promise<void> {
  const plan = await ctx.send({ method: 'GET', path: '/adverts', purpose: 'list at the default page size' })
  if (!accepted(plan) || !itemsOf(plan)) throw new Error(`GET /adverts answered ${errorSeen(plan)} without a list`)
  const pagination = paginationOf(plan.response.json)?.value
  const stated = integerOf(pagination?.per_page)
  const total = integerOf(pagination?.total_count) ?? itemsOf(plan)?.length ?? 0
  const missing = Math.max(0, Math.min(stated ?? MAX_CREATED, MAX_CREATED) + 1 - total)
  // An account at its cap refuses more adverts: the page is then read as it is.
  for (let index = 1; index <= missing; index++)
    if (!(await create(ctx, 'adverts', { advert: { title: ctx.title(`list ${index}`) } })).record) break
  for (const exchange of [plan, await readDefaultPage(ctx), await readDefaultPage(ctx)]) {
    if (exchange !== plan) learnPageSize(ctx, exchange)
    learnOrder(ctx, exchange)
    learnKeys(ctx, exchange)
  }
  await probeLargestPage(ctx)
}

function readDefaultPage(ctx: LearnContext): Promise<Exchange> {
  return ctx.send({ method: 'GET', path: '/adverts', purpose: 'list at the default page size' })
}

/** The page size a list without per_page shows: counted on a full page, else as its pagination states it. */
function learnPageSize(ctx: LearnContext, exchange: Exchange): void {
  const items = itemsOf(exchange)
  if (!accepted(exchange) || !items) return
  const pagination = paginationOf(exchange.response.json)?.value
  const stated = integerOf(pagination?.per_page)
  const total = integerOf(pagination?.total_count)
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

/** The order of a page with two or more items, by id (ids grow with creation). */
function learnOrder(ctx: LearnContext, exchange: Exchange): void {
  const ids = (itemsOf(exchange) ?? []).map(idOf).filter((id) => id !== undefined)
  if (ids.length < 2) return
  const seen = `ids ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`
  const pairs = ids.slice(1).map((id, index) => Math.sign(id - (ids[index] ?? id)))
  if (pairs.every((sign) => sign < 0))
    ctx.observations.learn('lists.order', 'newest_first', ctx.evidence(exchange, seen))
  else if (pairs.every((sign) => sign > 0))
    ctx.observations.learn('lists.order', 'oldest_first', ctx.evidence(exchange, seen))
  else ctx.observations.cannot('lists.order', 'the ids of a page are in no order', ctx.evidence(exchange, seen))
}

/** The pagination's key, and every other top-level key beside success and data with its value. */
function learnKeys(ctx: LearnContext, exchange: Exchange): void {
  const body = exchange.response.json as Record<string, unknown> | undefined
  if (!accepted(exchange) || !body) return
  const pagination = paginationOf(body)
  if (pagination)
    ctx.observations.learn(
      'lists.paginationKey',
      pagination.key,
      ctx.evidence(exchange, `${pagination.key}: ${JSON.stringify(pagination.value)}`),
    )
  else
    ctx.observations.cannot(
      'lists.paginationKey',
      'no object beside data says where the page is',
      ctx.evidence(exchange, Object.keys(body).join(', ')),
    )
  const extra = Object.fromEntries(
    Object.entries(body).filter(([key]) => !['success', 'data', pagination?.key].includes(key)),
  )
  const seen = Object.keys(extra).length === 0 ? 'no other key' : `also ${JSON.stringify(extra)}`
  ctx.observations.learn('lists.extraKeys', extra, ctx.evidence(exchange, seen))
}

/** per_page up the ladder, then halving: the largest kept, and whether the first one past it is refused or clamped. */
async function probeLargestPage(ctx: LearnContext): Promise<void> {
  const evidence: Evidence[] = []
  let past: 'refuse' | 'clamp' | undefined
  // A per_page clamped says the largest itself: the search then asks nothing more, and it is learned.
  let clampedTo: number | undefined
  const takes = async (perPage: number) => {
    if (clampedTo !== undefined) return perPage <= clampedTo
    const exchange = await ctx.send({
      method: 'GET',
      path: '/adverts',
      query: { per_page: perPage },
      purpose: 'largest page',
    })
    const shown = integerOf(paginationOf(exchange.response.json)?.value.per_page)
    const kept = accepted(exchange) && shown === perPage
    const outcome = kept
      ? 'kept'
      : accepted(exchange)
        ? shown === undefined
          ? 'unclear'
          : 'clamp'
        : exchange.response.status < 500
          ? 'refuse'
          : 'unclear'
    if (outcome === 'unclear')
      throw new Error(`GET /adverts?per_page=${perPage} answered ${errorSeen(exchange)} without per_page`)
    if (outcome !== 'kept') past ??= outcome
    if (outcome === 'clamp' && shown !== undefined && shown > 0 && shown < perPage) clampedTo = shown
    evidence.push(
      ctx.evidence(
        exchange,
        kept
          ? `per_page ${perPage} kept`
          : outcome === 'clamp'
            ? `clamped to ${shown}`
            : `refused: ${errorSeen(exchange)}`,
      ),
    )
    return kept
  }
  let boundary
  try {
    boundary = await findBoundary(takes, PER_PAGE_LADDER, { low: 1, step: 1, budget: 8 })
  } catch (error) {
    for (const path of ['lists.maxPerPage', 'lists.abovePerPageMax'])
      ctx.observations.cannot(path, (error as Error).message, ...evidence.slice(-1))
    return
  }
  const around = evidence.slice(-2)
  if (boundary.kind === 'above') {
    const reason = `every per_page tried was kept, up to ${boundary.largest}`
    ctx.observations.cannot('lists.maxPerPage', reason, ...around)
    ctx.observations.cannot('lists.abovePerPageMax', reason, ...around)
    return
  }
  if (clampedTo !== undefined) ctx.observations.learn('lists.maxPerPage', clampedTo, ...around)
  else if (boundary.exact) ctx.observations.learn('lists.maxPerPage', boundary.largest, ...around)
  else ctx.observations.cannot('lists.maxPerPage', `between ${boundary.largest} and ${boundary.refused}`, ...around)
  if (past)
    ctx.observations.learn(
      'lists.abovePerPageMax',
      past,
      ...evidence.filter((item) => !item.seen.endsWith('kept')).slice(0, 1),
    )
}
