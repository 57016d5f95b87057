import type { Conventions } from './house-conventions.js'
import type { InputProblem } from './house-input.js'
import type { HouseReply } from './house-reply.js'

// A house style's lists: how a page is asked for (a page number and a size under the style's
// name, or a cursor), what a size out of bounds does, and the envelope the page is written in
// (house-conventions.ts' PagingShape), its links full URLs that keep the request's other parameters.

/** The page a request asks for. */
export interface PageAsk {
  size: number
  /** The page number (from 1); absent for a cursor. */
  page?: number
  /** A cursor: the items after the one with this id. */
  after?: number
}

/**
 * The page the query asks for, by the style's rules; a problem for each parameter it refuses.
 * @example readPage(new URLSearchParams('page=2&per_page=10'), conventions, problems) // { page: 2, size: 10 }
 */
export function readPage(query: URLSearchParams, conventions: Conventions, problems: InputProblem[]): PageAsk {
  const { param, default: byDefault, max, above, below } = conventions.pageSize
  let size = wholeNumber(query, param, problems) ?? byDefault
  if (size < 1) {
    if (below === 'refuse') problems.push(problem(param, `must be at least 1`))
    size = byDefault
  }
  if (size > max) {
    if (above === 'refuse') problems.push(problem(param, `must be at most ${max}`))
    size = max
  }
  if (conventions.paging.kind === 'cursor') {
    const after = wholeNumber(query, 'starting_after', problems)
    return after === undefined ? { size } : { size, after }
  }
  const page = wholeNumber(query, 'page', problems) ?? 1
  if (page < 1) problems.push(problem('page', 'must be at least 1'))
  return { size, page: Math.max(1, page) }
}

/** What writing a page gives: the answer, or the style's refusal of a page past the last (or of an unknown cursor). */
export type Written = HouseReply | { refused: 'past-last' | 'unknown-cursor' }

/**
 * One page of `rows` (already filtered and in the style's order) in the style's envelope.
 * @example writeList(conventions, { page: 1, size: 25 }, adverts, present, new URL(request.url, origin))
 */
export function writeList<T extends { id: number }>(
  conventions: Conventions,
  ask: PageAsk,
  rows: readonly T[],
  present: (row: T) => unknown,
  url: URL,
): Written {
  const total = rows.length
  const { size } = ask
  if (ask.page === undefined) {
    const from = ask.after === undefined ? 0 : rows.findIndex((row) => row.id === ask.after) + 1
    if (from === 0 && ask.after !== undefined) return { refused: 'unknown-cursor' }
    const data = rows.slice(from, from + size).map(present)
    const body = { success: true, object: 'list', url: url.pathname, has_more: from + size < total, data }
    return { status: 200, body }
  }
  const page = ask.page
  const pages = Math.ceil(total / size)
  if (page > Math.max(1, pages) && conventions.statuses.pastLastPage === 404) return { refused: 'past-last' }
  const start = (page - 1) * size
  const data = rows.slice(start, start + size).map(present)
  const link = (to: number | null) => (to === null ? null : pageUrl(url, to))
  const next = page < pages ? page + 1 : null
  const prev = page > 1 ? Math.min(page - 1, Math.max(1, pages)) : null
  const last = Math.max(1, pages)
  const paging = conventions.paging
  switch (paging.kind) {
    case 'rails':
      return ok({
        data,
        meta: { current_page: page, next_page: next, prev_page: prev, total_pages: pages, total_count: total },
      })
    case 'django':
      return ok({ count: total, next: link(next), previous: link(prev), data })
    case 'laravel': {
      const [from, to] = data.length === 0 ? [null, null] : [start + 1, start + data.length]
      return ok({
        data,
        links: { first: link(1), last: link(last), prev: link(prev), next: link(next) },
        meta: { current_page: page, from, last_page: last, per_page: size, to, total },
      })
    }
    case 'json-api':
      return ok({
        data,
        links: { self: link(page), first: link(1), prev: link(prev), next: link(next), last: link(last) },
        meta: { total_count: total, total_pages: pages },
      })
    case 'page-object': {
      const { names } = paging
      const position = { [names.page]: page, [names.perPage]: size, [names.total]: total, [names.pages]: pages }
      return ok({ data, [paging.key]: position })
    }
    case 'link-header': {
      // GitHub's: next and last while there is a next page, first and prev while there is a previous one.
      const rels: Array<[string, number | null]> = [
        ['next', next],
        ['last', next === null ? null : last],
        ['first', prev === null ? null : 1],
        ['prev', prev],
      ]
      const value = rels
        .filter((rel): rel is [string, number] => rel[1] !== null)
        .map(([rel, to]) => `<${pageUrl(url, to)}>; rel="${rel}"`)
        .join(', ')
      return { ...ok({ data }), ...(value ? { headers: { link: value } } : {}) }
    }
    case 'cursor':
      throw new Error('a cursor style is never asked for a page number')
  }
}

/** The request's URL with another page number, its other parameters kept. */
function pageUrl(url: URL, page: number): string {
  const next = new URL(url)
  next.searchParams.set('page', String(page))
  return next.href
}

const ok = (fields: Record<string, unknown>): HouseReply => ({ status: 200, body: { success: true, ...fields } })

const problem = (name: string, reason: string): InputProblem => ({ path: [name], reason, code: 'invalid' })

/** A query parameter that must be a whole number when present; a problem, and undefined, when it is not. */
export function wholeNumber(query: URLSearchParams, name: string, problems: InputProblem[]): number | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  if (!/^\d{1,15}$/.test(raw)) {
    problems.push({ path: [name], reason: 'must be a whole number', code: 'wrong_type' })
    return undefined
  }
  return Number(raw)
}
