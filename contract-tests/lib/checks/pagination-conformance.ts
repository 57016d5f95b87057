import { preview, type Check } from './check.js'
import { listResponse, statesList } from './list-response.js'

/**
 * A list page is the one asked for: `page` and `per_page` are honoured (or the documented
 * defaults when absent), a page holds no more than per_page items, and the totals agree with
 * each other and with the items (full pages before the last, none past it).
 */
export const paginationConformance: Check = {
  kind: 'response',
  description: 'page and per_page honoured (documented defaults when absent); totals consistent with the items.',
  claims: { contract: (operation) => statesList(operation, 'paging') },
  run(ctx, exchange) {
    const list = listResponse(ctx, exchange)
    const paging = list?.behaviour.paging
    if (!list || !paging || !list.pagination) return false
    const { page, per_page: perPage, total_count: total, total_pages: pages } = list.pagination
    if (!isCount(page) || !isCount(perPage) || !isCount(total) || !isCount(pages)) return false // response_schema_conformance's business
    const [p, size, count, last] = [page, perPage, total, pages]
    const defaultOf = (name: string) =>
      list.operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name)?.schema.default
    const asked = (name: string) => (list.query.has(name) ? Number(list.query.get(name)) : defaultOf(name))
    const fail = (title: string, received: string, documented: string) => ctx.fail(title, { received, documented })
    const items = list.items.length
    const state = preview({ items, ...list.pagination })
    const askedPage = asked(paging.page)
    if (typeof askedPage === 'number' && p !== askedPage)
      fail(`${paging.page} is not the page asked for`, state, `${paging.page}: ${askedPage}`)
    const askedSize = asked(paging.per_page)
    if (typeof askedSize === 'number' && size !== askedSize) {
      if (list.query.has(paging.per_page))
        fail(`${paging.per_page} is not honoured`, state, `${paging.per_page}: ${askedSize}, as asked`)
      else
        fail(
          `The default ${paging.per_page} is not the documented one`,
          state,
          `${paging.per_page}: ${askedSize} (the parameter's documented default)`,
        )
    }
    if (items > size) fail(`A page holds more items than ${paging.per_page}`, state, `at most ${size} items`)
    if (size > 0 && last !== Math.ceil(count / size))
      fail(
        'total_pages does not follow from total_count and per_page',
        state,
        `total_pages = ceil(${count} / ${size}) = ${Math.ceil(count / size)}`,
      )
    const due = p < last ? size : p === last ? count - (p - 1) * size : 0
    if (items <= size && last === Math.ceil(count / size) && items !== due)
      fail(
        'A page holds another number of items than the totals say',
        state,
        `${due} items on page ${p} of ${last} (${count} in all)`,
      )
  },
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0
}
