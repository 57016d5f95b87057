import { learnParams } from './probe-params.js'
import type { CapturedAccount } from '../profile/twin-file.js'
import {
  accepted,
  dataOf,
  idOf,
  integerOf,
  itemsOf,
  paginationOf,
  type FoundAccount,
  type Json,
  type LearnContext,
} from './learn-context.js'

// The account as it was, read before the learner creates anything (so nothing of its own is in
// it): the user, the balance, every advert and every campaign, page by page, with every field as
// it came. The file gets the user with a key of the twin's own, never the live one.

/** The page size the capture asks for (the document's largest); a deployment that refuses it is read at its default. */
const CAPTURE_PAGE_SIZE = 100
/** The most pages read of one list. */
const MAX_PAGES = 100

/** Reads the account, and keeps it on the context for the probes. */
export async function captureAccount(ctx: LearnContext): Promise<FoundAccount> {
  const userExchange = await ctx.send({ method: 'GET', path: '/user', purpose: 'capture the user' })
  const user = dataOf(userExchange)
  if (!accepted(userExchange) || !user || idOf(user) === undefined || typeof user.email !== 'string')
    throw new Error(`GET /user answered ${userExchange.response.status} without a user (an id and an email)`)
  const balanceExchange = await ctx.send({ method: 'GET', path: '/user/balance', purpose: 'capture the balance' })
  // The list's parameters first, where the account holds enough to show them: the capture reads every page by them.
  await learnParams(ctx)
  const adverts = await listAll(ctx, '/adverts')
  const campaigns = await listAll(ctx, '/campaigns')
  const note = [adverts.note, campaigns.note].filter(Boolean).join('; ')
  ctx.account = {
    user,
    balance: accepted(balanceExchange) ? dataOf(balanceExchange) : undefined,
    adverts: adverts.items,
    campaigns: campaigns.items,
    userExchange,
    balanceExchange,
    ...(note ? { note } : {}),
  }
  return ctx.account
}

/**
 * The account as the twin file holds it: the user with `twinKey` in place of its key, the adverts
 * and campaigns by id, all as they came.
 */
export function accountForFile(found: FoundAccount, twinKey: string): CapturedAccount {
  const byId = (a: Json, b: Json) => (idOf(a) ?? 0) - (idOf(b) ?? 0)
  return {
    user: { ...found.user, api_key: twinKey } as CapturedAccount['user'],
    adverts: [...found.adverts].sort(byId) as CapturedAccount['adverts'],
    campaigns: [...found.campaigns].sort(byId) as CapturedAccount['campaigns'],
  }
}

/**
 * A new key for the twin's user, in the mock's format (`acs_` and 48 hex digits, 192 random bits):
 * the live key never goes into the file.
 */
export function newTwinKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return `acs_${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** A list's query under the learned names (the mock's until they are learned). */
export function pageQuery(ctx: LearnContext, page: number, perPage?: number): Record<string, number> {
  const { page: pageName, perPage: sizeName } = ctx.listParams ?? { page: 'page', perPage: 'per_page' }
  return {
    ...(pageName === null ? {} : { [pageName]: page }),
    ...(perPage === undefined ? {} : { [sizeName]: perPage }),
  }
}

/** Every item of a list, page by page, at the largest page size the deployment takes. */
async function listAll(ctx: LearnContext, path: string): Promise<{ items: Json[]; note?: string }> {
  const items: Json[] = []
  let perPage: number | undefined = CAPTURE_PAGE_SIZE
  let previousFirst: number | undefined
  for (let page = 1; page <= MAX_PAGES; page++) {
    const read = (per?: number) =>
      ctx.send({
        method: 'GET',
        path,
        query: pageQuery(ctx, page, per),
        purpose: `capture ${path}, page ${page}`,
      })
    let exchange = await read(perPage)
    if (!accepted(exchange) && page === 1) {
      perPage = undefined
      exchange = await read()
    }
    const list = itemsOf(exchange)
    // A page past the end may be refused (a 404) rather than empty: the list ended before it.
    if (page > 1 && exchange.response.status === 404) return { items }
    if (!accepted(exchange) || !list)
      throw new Error(`GET ${path} answered ${exchange.response.status} without a list: the account cannot be read`)
    // A deployment that ignores `page` answers page 1 again: the list is complete.
    if (list.length === 0 || idOf(list[0]) === previousFirst) return { items }
    items.push(...list)
    previousFirst = idOf(list[0])
    // Read on to an empty page (a deployment may clamp the size asked for to a smaller one), unless the page count says it is the last.
    const totalPages = integerOf(paginationOf(exchange.response.json)?.value.total_pages)
    if (totalPages !== undefined && page >= totalPages) return { items }
  }
  return { items, note: `${path} has more than ${MAX_PAGES} pages; the twin holds the first ${items.length} items` }
}
