import { causeKey } from './causes.js'
import { renamedCauseAt } from './schema-findings.js'
import { preview, type Check, type FailureDetail } from './check.js'
import { listResponse, statesList, type ListResponse } from './list-response.js'

/**
 * A list page is the one asked for: `page` and `per_page` are honoured (or the documented
 * defaults when absent), a page holds no more than per_page items, and the totals agree with
 * each other and with the items (full pages before the last, none past it; a last page's number,
 * `last_page`, may be 1 on an empty list, whose first page is empty). The page's position
 * is read wherever the answer keeps it (paging-reading.ts): under another key than the
 * document's (`meta`), the body's own members or the headers; what it does not say is judged by
 * the items (a default page of a list longer than it holds the default number).
 */
export const paginationConformance: Check = {
  kind: 'response',
  description: 'page and per_page honoured (documented defaults when absent); totals consistent with the items.',
  claims: { contract: (operation) => statesList(operation, 'paging') },
  run(ctx, exchange) {
    const list = listResponse(ctx, exchange)
    const paging = list?.behaviour.paging
    if (!list || !paging || !list.paging) return false
    const { page, perPage, totalCount, totalPages } = list.paging
    const items = list.items.length
    const asked = (name: string) => {
      const value = list.query.has(name) ? Number(list.query.get(name)) : defaultOf(list, name)
      return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
    }
    const ids = list.items.map((item) => item.id).filter((id) => id !== undefined)
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index)
    if (twice.length > 0)
      ctx.fail('A page holds the same item twice', {
        received: `ids ${preview([...new Set(twice)])} more than once among ${preview(ids)}`,
        documented: 'each item once on a page (a list of distinct resources)',
        kind: 'defect',
      })
    const [askedPage, askedSize] = [asked(paging.page), asked(paging.per_page)]
    const { lastPageNumber, ...position } = list.paging
    const state = preview({ items, ...position })
    // What the page size and number are is the deployment's choice; totals that disagree with the items are a defect.
    const fail = (title: string, documented: string, cause?: Pick<FailureDetail, 'rootCause' | 'knockOnOf'>) =>
      ctx.fail(title, { received: state, documented, ...cause })
    const defect = (title: string, documented: string) =>
      ctx.fail(title, { received: state, documented, kind: 'defect' })
    if (page !== undefined && askedPage !== undefined && page !== askedPage)
      fail(`${paging.page} is not the page asked for`, `${paging.page}: ${askedPage}`)
    // The size it served: as it says, else as many items as it gave when that is more than asked, or than a page before the last.
    const served =
      perPage ??
      (items > (askedSize ?? Infinity) || (totalCount !== undefined && askedPage === 1 && totalCount > items)
        ? items
        : undefined)
    if (askedSize !== undefined && served !== undefined && served !== askedSize) {
      // A page of another size: the totals cannot be weighed against the size asked.
      return sizeFailure(list, paging.per_page, askedSize, served, fail)
    }
    const size = perPage ?? askedSize
    if (size === undefined) return
    // Read elsewhere than the document says, the totals follow that object's rules: its cause's, not a defect of its own.
    const readAt = list.paging!.at
    const elsewhere = readAt !== paging.pagination
    const pointer = ctx.document.response(list.operation, exchange.response.status)?.schemaPointer
    const totalsFailure = (title: string, documented: string) =>
      elsewhere && pointer
        ? ctx.fail(title, {
            received: state,
            documented,
            kind: 'difference',
            rootCause: renamedCauseAt(ctx.document, pointer, paging.pagination),
            knockOn: `its totals, read at ${readAt}, follow other rules (${title.toLowerCase()})`,
          })
        : defect(title, documented)
    if (items > size) totalsFailure(`A page holds more items than ${paging.per_page}`, `at most ${size} items`)
    if (totalCount === undefined) return
    const last = Math.ceil(totalCount / size)
    // The number of the last page may be 1 on an empty list: its (empty) first page (Laravel's, Django's paginators).
    const agrees = totalPages === last || (lastPageNumber === true && totalCount === 0 && totalPages === 1)
    if (totalPages !== undefined && size > 0 && !agrees)
      totalsFailure(
        'total_pages does not follow from total_count and per_page',
        lastPageNumber
          ? `the last page = ceil(${totalCount} / ${size}) = ${last}, or 1 for an empty list`
          : `total_pages = ceil(${totalCount} / ${size}) = ${last}`,
      )
    const at = page ?? askedPage
    if (at === undefined || items > size || (totalPages !== undefined && !agrees)) return
    const due = at < last ? size : at === last ? totalCount - (at - 1) * size : 0
    if (items !== due)
      totalsFailure(
        'A page holds another number of items than the totals say',
        `${due} items on page ${at} of ${last} (${totalCount} in all)`,
      )
  },
}

/**
 * The page size served is not the one asked (or the default): the default differs, the asked one
 * is clamped, or ignored. Where the run finds the parameter not checked at all (its wrong type
 * taken: the deployment pages by another name, `size` or `page_size`), whenever it finds that, a
 * size not honoured is that cause's knock-on.
 */
function sizeFailure(
  list: ListResponse,
  name: string,
  asked: number,
  served: number,
  fail: (title: string, documented: string, cause?: Pick<FailureDetail, 'rootCause' | 'knockOnOf'>) => void,
): void {
  if (!list.query.has(name))
    return fail(
      `The default ${name} is not the documented one`,
      `${name}: ${asked} (the parameter's documented default)`,
    )
  // Fewer than asked of a list that holds more: the deployment serves its own largest page instead.
  const clamped = served < asked && served > 1
  fail(`${name} is not honoured`, `${name}: ${asked}, as asked`, {
    ...(clamped ? { rootCause: causeKey.bound(name, 'maximum', 'clamped') } : {}),
    knockOnOf: {
      cause: causeKey.unchecked(name),
      says: `pages of another size than ${name} asks (pagination_conformance)`,
    },
  })
}

function defaultOf(list: ListResponse, name: string): unknown {
  return list.operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name)?.schema
    .default
}
