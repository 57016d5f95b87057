import type { CheckContext } from '../checks/check.js'
import type { Exchange } from '../client/exchange.js'
import { listBehaviour } from '../document/document-behaviour.js'
import { page, type Steps } from './steps.js'

/**
 * The campaigns list, scoped to the flow's advert: each documented filter (x-list) with each of
 * the two campaigns' values leaves out none of the flow's campaigns that match (that nothing
 * else gets in, filter_conformance judges on every list answer); then page by page, one a page.
 */
export async function listsOf(
  ctx: CheckContext,
  steps: Steps,
  advertId: number,
  campaigns: Array<Record<string, unknown>>,
): Promise<void> {
  const behaviour = listBehaviour(ctx.document.get('GET /campaigns'))
  const scope = behaviour?.filters.find((filter) => filter.field === 'advert_id')
  if (!behaviour || !scope) return
  const list = async (query: Record<string, string | number>) => {
    const answer = await steps.send('GET /campaigns', { query: { [scope.param]: advertId, ...query } })
    steps.require(answer, 200, 'Listing campaigns failed')
    return answer
  }
  const leftOut = (answer: Exchange, expected: Array<Record<string, unknown>>) =>
    expected.filter((c) => !page(answer).items.some((item) => item.id === c.id)).map((c) => c.id)
  const all = await list({})
  steps.expect(
    leftOut(all, campaigns).length === 0,
    all,
    `Filter ${scope.param} leaves out a matching item`,
    leftOut(all, campaigns),
    `ids ${campaigns.map((c) => c.id).join(', ')}`,
    { check: 'filter_conformance' },
  )
  for (const { param, field } of behaviour.filters.filter((filter) => filter !== scope)) {
    for (const value of new Set(campaigns.map((c) => String(c[field])))) {
      const answer = await list({ [param]: value })
      const expected = campaigns.filter((c) => String(c[field]) === value)
      steps.expect(
        leftOut(answer, expected).length === 0,
        answer,
        `Filter ${param} leaves out a matching item`,
        leftOut(answer, expected),
        `ids ${expected.map((c) => c.id).join(', ')} (${field} = ${value})`,
        { check: 'filter_conformance' },
      )
    }
  }
  if (behaviour.paging) await pageByPage(ctx, steps, list, campaigns, behaviour.paging, all)
}

/** Most pages of one the flow reads: its own campaigns and what the run's probes left listed. */
const MAX_PAGES = 12

/**
 * Page by page, one a page: each of the flow's campaigns on exactly one page. Only the flow's own
 * are counted: what the run's probes created (and deleted) is no business of this judgement,
 * even where the deployment still lists it (deleted_resource_unlisted's). Where the pages cannot
 * be read one by one (a page of one holds more, or page 2 is page 1 again), that is what is found,
 * once, and the one-by-one judgement is not made on top of it.
 */
async function pageByPage(
  ctx: CheckContext,
  steps: Steps,
  list: (query: Record<string, string | number>) => Promise<Exchange>,
  campaigns: Array<Record<string, unknown>>,
  paging: { page: string; per_page: string; pagination: string },
  all: Exchange,
): Promise<void> {
  const own = new Set(campaigns.map((c) => c.id))
  const seen: unknown[] = []
  let first: unknown[] | undefined
  for (let number = 1; number <= MAX_PAGES; number++) {
    const answer = await list({ [paging.per_page]: 1, [paging.page]: number })
    const { items, paging: reading } = page(answer, paging.pagination, paging.page)
    const ids = items.map((item) => item.id)
    if (items.length > 1) {
      // pagination_conformance judges that answer: the page size asked is not honoured.
      ctx.unjudged(
        `a page of ${paging.per_page}=1 held ${items.length} items`,
        'GET /campaigns',
        'pagination_conformance',
        'pagination_conformance: per_page is not honoured',
      )
      return
    }
    if (number === 2 && first && ids.length > 0 && JSON.stringify(ids) === JSON.stringify(first)) {
      steps.expect(
        false,
        answer,
        `${paging.page} is not the page asked for`,
        ids,
        `page 2 of ${paging.per_page}=1 after ids ${JSON.stringify(first)}`,
        {
          check: 'pagination_conformance',
        },
      )
      return
    }
    first ??= ids
    seen.push(...ids.filter((id) => own.has(id)))
    const last =
      reading?.totalPages !== undefined
        ? number >= reading.totalPages
        : reading?.hasNext !== undefined
          ? !reading.hasNext
          : reading?.totalCount !== undefined && number >= reading.totalCount
    if (items.length === 0 || last || seen.length >= own.size + 1) break
  }
  steps.expect(
    seen.length === own.size && new Set(seen).size === own.size,
    all,
    'Paging one by one does not give each item once',
    seen,
    `ids ${campaigns.map((c) => c.id).join(', ')}, one a page`,
    { check: 'pagination_conformance', kind: 'defect' },
  )
}
