import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { Evidence } from '../profile/twin-file.js'
import { findBoundary } from './boundary-search.js'
import { accepted, errorSeen, itemsOf, type LearnContext } from './learn-context.js'
import { pageQuery } from './capture-account.js'

// The edges of a list's paging, read on the adverts once the envelope is known: the largest
// per_page (refused or clamped above it), per_page=0 (refused, or the default size), the page
// after the last (empty, or a 404), the largest page number, and a filter naming an id out of
// range. Also the reads every list probe shares.

/** The page size the envelope is learned at (a list of seven adverts gives it three pages). */
export const SMALL_PAGE = 3
/** per_page values tried, ascending: the document's largest, one past it, and larger ones. */
const PER_PAGE_LADDER = [100, 101, 200, 1000]

/** A figure of a page (a slot of the envelope) as an answer states it. */
export type Figure = (exchange: Exchange, slot: string) => number | undefined

/** Learns the edges, in the order above. */
export async function probeListEdges(ctx: LearnContext, figure: Figure): Promise<void> {
  await probeLargestPage(ctx, figure)
  await probeSmallestPage(ctx, figure)
  const pastLast = await probePastLastPage(ctx)
  await probeLargestPageNumber(ctx, pastLast)
  await probeFilterOutOfRange(ctx)
}

/** The page number the mock's own document stops at, and the one past it. */
const PAGE_NUMBERS = [1_000_000, 1_000_001] as const

/**
 * The largest page number: none where a page past the last is a 404 (every large page is one) or
 * where a page past the mock's own largest is taken; else the mock's, where it is taken and the
 * one past it refused.
 */
async function probeLargestPageNumber(ctx: LearnContext, pastLast: 'empty' | 'not_found' | undefined): Promise<void> {
  if (ctx.listParams?.page === null) {
    ctx.observations.cannot('lists.maxPage', 'no parameter picks a page')
    return
  }
  const [largest, past] = PAGE_NUMBERS
  const beyond = await readPage(ctx, pageQuery(ctx, past, SMALL_PAGE), 'largest page number')
  if (accepted(beyond) || (pastLast === 'not_found' && beyond.response.status === 404)) {
    ctx.observations.learn('lists.maxPage', null, ctx.evidence(beyond, `page ${past}: ${errorSeen(beyond)}`))
    return
  }
  const at = await readPage(ctx, pageQuery(ctx, largest, SMALL_PAGE), 'largest page number')
  const evidence = [at, beyond].map((exchange, index) =>
    ctx.evidence(exchange, `page ${PAGE_NUMBERS[index]}: ${accepted(exchange) ? 'taken' : errorSeen(exchange)}`),
  )
  if (accepted(at)) ctx.observations.learn('lists.maxPage', largest, ...evidence)
  else ctx.observations.cannot('lists.maxPage', `page ${largest} was refused too`, ...evidence)
}

/** A campaign filter naming an id out of range (advert_id=0): refused, or matching nothing. */
async function probeFilterOutOfRange(ctx: LearnContext): Promise<void> {
  const exchange = await ctx.send({
    method: 'GET',
    path: '/campaigns',
    query: { advert_id: 0 },
    purpose: 'filter id 0',
  })
  const items = itemsOf(exchange)
  if (accepted(exchange) && items?.length === 0)
    ctx.observations.learn(
      'inputs.filterIdsOutOfRange',
      'match_nothing',
      ctx.evidence(exchange, 'advert_id=0: an empty list'),
    )
  else if (!accepted(exchange) && exchange.response.status !== 404 && exchange.response.status < 500)
    ctx.observations.learn(
      'inputs.filterIdsOutOfRange',
      'refuse',
      ctx.evidence(exchange, `advert_id=0: ${errorSeen(exchange)}`),
    )
  else
    ctx.observations.cannot(
      'inputs.filterIdsOutOfRange',
      accepted(exchange) ? `advert_id=0 listed ${items?.length ?? 'no'} campaigns` : `answered ${errorSeen(exchange)}`,
      ctx.evidence(exchange, errorSeen(exchange)),
    )
}

/** per_page=0: refused, or taken as the default page size (the length of a page asked without one). */
async function probeSmallestPage(ctx: LearnContext, figure: Figure): Promise<void> {
  const plain = await readPage(ctx, {}, 'list at the default page size')
  const zero = await readPage(ctx, { [ctx.listParams?.perPage ?? 'per_page']: 0 }, 'page size 0')
  const [length, zeroLength] = [itemsOf(plain)?.length, itemsOf(zero)?.length]
  const shown = `${zeroLength} items${figure(zero, 'per_page') === undefined ? '' : `, per_page ${figure(zero, 'per_page')}`}`
  if (!accepted(zero)) {
    if (zero.response.status >= 500)
      ctx.observations.cannot(
        'lists.belowPerPageMin',
        `answered ${errorSeen(zero)}`,
        ctx.evidence(zero, errorSeen(zero)),
      )
    else ctx.observations.learn('lists.belowPerPageMin', 'refuse', ctx.evidence(zero, `refused: ${errorSeen(zero)}`))
  } else if (
    zeroLength !== undefined &&
    zeroLength === length &&
    figure(zero, 'per_page') === figure(plain, 'per_page')
  )
    ctx.observations.learn('lists.belowPerPageMin', 'default', ctx.evidence(zero, `${shown}, as without per_page`))
  else
    ctx.observations.cannot(
      'lists.belowPerPageMin',
      `taken, not as the default page size (${length} items)`,
      ctx.evidence(zero, shown),
    )
}

/** The page after the last at a small size: an empty page, or a 404 (as learned; undefined where neither). */
async function probePastLastPage(ctx: LearnContext): Promise<'empty' | 'not_found' | undefined> {
  if (ctx.listParams?.page === null) {
    ctx.observations.cannot('lists.beyondLastPage', 'no parameter picks a page')
    return undefined
  }
  const past = Math.ceil((await countAdverts(ctx)) / SMALL_PAGE) + 1
  const exchange = await readPage(ctx, pageQuery(ctx, past, SMALL_PAGE), 'page past the last')
  const items = itemsOf(exchange)
  if (accepted(exchange) && items?.length === 0) {
    ctx.observations.learn('lists.beyondLastPage', 'empty', ctx.evidence(exchange, `page ${past}: empty`))
    return 'empty'
  }
  if (exchange.response.status === 404) {
    ctx.observations.learn(
      'lists.beyondLastPage',
      'not_found',
      ctx.evidence(exchange, `page ${past}: ${errorSeen(exchange)}`),
    )
    return 'not_found'
  }
  ctx.observations.cannot(
    'lists.beyondLastPage',
    accepted(exchange)
      ? `page ${past} held ${items?.length ?? 'no'} item${items?.length === 1 ? '' : 's'}`
      : `answered ${errorSeen(exchange)}`,
    ctx.evidence(exchange, errorSeen(exchange)),
  )
  return undefined
}

/** One page of the adverts, asked with `query`. */
export function readPage(ctx: LearnContext, query: Record<string, number>, purpose: string): Promise<Exchange> {
  return ctx.send({ method: 'GET', path: '/adverts', query, purpose })
}

/** How many adverts the account holds: the capture's, with the learner's own since. */
export async function countAdverts(ctx: LearnContext): Promise<number> {
  return (ctx.account?.adverts.length ?? 0) + ctx.ownAdverts.size
}

/** per_page up the ladder, then halving: the largest kept, and whether the first one past it is refused or clamped. */
async function probeLargestPage(ctx: LearnContext, figure: Figure): Promise<void> {
  const evidence: Evidence[] = []
  let past: 'refuse' | 'clamp' | undefined
  // A per_page clamped says the largest itself: the search then asks nothing more, and it is learned.
  let clampedTo: number | undefined
  const takes = async (perPage: number) => {
    if (clampedTo !== undefined) return perPage <= clampedTo
    const exchange = await readPage(ctx, { [ctx.listParams?.perPage ?? 'per_page']: perPage }, 'largest page')
    // The size as the envelope states it, else as the page's length shows it where the list is longer than the page.
    const total = ctx.account ? ctx.account.adverts.length + ctx.ownAdverts.size : 0
    const length = itemsOf(exchange)?.length
    const shown =
      figure(exchange, 'per_page') ??
      (length === undefined ? undefined : length === Math.min(perPage, total) ? perPage : length)
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
    // Every size was taken: none is refused, so a larger one is taken too (its largest is not shown).
    const reason = `every per_page tried was kept, up to ${boundary.largest}`
    ctx.observations.cannot('lists.maxPerPage', reason, ...around)
    ctx.observations.learn('lists.abovePerPageMax', 'clamp', ...around)
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
