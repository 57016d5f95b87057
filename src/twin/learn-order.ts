import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { Profile } from '../profile/profile.js'
import { pageQuery } from './capture-account.js'
import { accepted, idOf, itemsOf, type Json, type LearnContext } from './learn-context.js'
import { countAdverts, readPage } from './probe-list-edges.js'

// A list's order, by example: every order a profile holds (id, created_at or updated_at, either
// way, ties by id the same way) is tried against each page read, and those the page's own values
// contradict are dropped. A page of the learner's new adverts fits several (their ids and stamps
// rise together), so one advert in the middle is touched and the whole list read again: its new
// updated_at puts it first, last, or where it was, and only the true order fits what comes back.

/** An order a profile holds. */
export type ListOrder = Profile['lists']['order']

/** Every order, the mock's own first: where several fit, the first kept wins. */
export const ORDERS: readonly ListOrder[] = (['id', 'created_at', 'updated_at'] as const).flatMap((field) =>
  (['desc', 'asc'] as const).map((direction) => ({ field, direction })),
)

/**
 * The orders a page's items are in: each adjacent pair by the field (a stamp as the time it names),
 * ties by id the same way. An item without the field fits none.
 * @example ordersOf([{ id: 2, updated_at: '2026-01-02T00:00:00Z' }, { id: 1, updated_at: '2026-01-03T00:00:00Z' }]) // id desc, updated_at asc
 */
export function ordersOf(items: readonly Json[]): ListOrder[] {
  return ORDERS.filter((order) => items.slice(1).every((item, index) => before(items[index]!, item, order)))
}

function before(a: Json, b: Json, { field, direction }: ListOrder): boolean {
  const [idA, idB] = [idOf(a), idOf(b)]
  if (idA === undefined || idB === undefined) return false
  const at = (item: Json) => (field === 'id' ? 0 : Date.parse(String(item[field])))
  const [atA, atB] = [at(a), at(b)]
  if (Number.isNaN(atA) || Number.isNaN(atB)) return false
  return (direction === 'asc' ? 1 : -1) * (atB - atA || idB - idA) > 0
}

/** Narrows the orders a list may be in by one page read (a page of fewer than two items says nothing). */
export function learnOrder(ctx: LearnContext, exchange: Exchange): void {
  const items = itemsOf(exchange) ?? []
  if (items.length < 2) return
  ctx.orders = (ctx.orders ?? ORDERS).filter((order) => ordersOf(items).some((fits) => same(fits, order)))
  ctx.orderEvidence.push(
    ctx.evidence(exchange, `${describe(items)}: ${ctx.orders.map(words).join(', ') || 'no order'}`),
  )
}

/**
 * Where the pages left more than one order: one of the learner's adverts in the middle of the list
 * touched (its own title sent again), the list read whole, and the orders that list fits kept.
 */
export async function probeUpdateOrder(ctx: LearnContext): Promise<void> {
  const orders = ctx.orders ?? []
  if (orders.length === 0) {
    ctx.observations.cannot(
      'lists.order',
      'the records of a page are in no order of id, created_at or updated_at',
      ...ctx.orderEvidence.slice(0, 2),
    )
    return
  }
  if (orders.some(({ field }) => field === 'updated_at') && orders.some(({ field }) => field !== 'updated_at')) {
    const own = [...ctx.ownAdverts.keys()].sort((a, b) => a - b)
    const middle = own[Math.floor(own.length / 2)]
    if (middle !== undefined) {
      await new Promise<void>((resolve) => setTimeout(resolve, 1_100)) // a stamp to the second must move
      const touched = await ctx.send({
        method: 'PATCH',
        path: `/adverts/${middle}`,
        body: { advert: { title: ctx.ownAdverts.get(middle) ?? ctx.title('list') } },
        purpose: 'touch for the order',
      })
      const whole = accepted(touched) ? await readWhole(ctx) : undefined
      if (whole && whole.items.length >= 2 && whole.items.some((item) => idOf(item) === middle)) {
        const fits = ordersOf(whole.items)
        ctx.orders = orders.filter((order) => fits.some((fit) => same(fit, order)))
        const seen = `advert ${middle} updated; ${describe(whole.items)}: ${ctx.orders.map(words).join(', ') || 'no order'}`
        ctx.orderEvidence.unshift(ctx.evidence(whole.exchange, seen))
      }
    }
  }
  const [order] = ctx.orders ?? []
  if (order) ctx.observations.learn('lists.order', order, ...ctx.orderEvidence.slice(0, 2))
  else
    ctx.observations.cannot(
      'lists.order',
      'after an update the list is in none of the orders its pages fitted before',
      ...ctx.orderEvidence.slice(0, 2),
    )
}

/** The adverts' list as a whole: one page holding them all where the deployment takes the size, else page by page. */
async function readWhole(ctx: LearnContext): Promise<{ items: Json[]; exchange: Exchange }> {
  const count = await countAdverts(ctx)
  let size: number | undefined = Math.min(count, 50)
  let exchange = await readPage(ctx, pageQuery(ctx, 1, size), 'order after an update')
  if (!accepted(exchange)) {
    size = undefined
    exchange = await readPage(ctx, pageQuery(ctx, 1), 'order after an update')
  }
  const items = [...(itemsOf(exchange) ?? [])]
  for (let page = 2; ctx.listParams?.page !== null && items.length < count && page <= 10; page++) {
    const next = itemsOf(await readPage(ctx, pageQuery(ctx, page, size), 'order after an update'))
    if (!next || next.length === 0) break
    items.push(...next)
  }
  return { items, exchange }
}

const same = (a: ListOrder, b: ListOrder) => a.field === b.field && a.direction === b.direction
const words = ({ field, direction }: ListOrder) => `${field} ${direction}`
const describe = (items: readonly Json[]) =>
  `ids ${items
    .slice(0, 5)
    .map((item) => idOf(item))
    .join(', ')}${items.length > 5 ? ', …' : ''}`
