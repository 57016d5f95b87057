import { expect, it } from 'vitest'
import type { Exchange } from '../client/exchange.js'
import { readPaging } from './paging-reading.js'

/** The answer to GET /campaigns with this body and these headers. */
function answer(json: unknown, headers: Record<string, string> = {}): Exchange {
  return {
    operation: 'GET /campaigns',
    request: { method: 'GET', url: 'http://127.0.0.1/api/v1/campaigns?page=1', headers: {} },
    response: { status: 200, headers, text: JSON.stringify(json), json },
    purpose: 'a list',
    primary: true,
    credentials: 'primary',
  }
}

// Where the total of pages is the number of the last page (at least 1: an empty list has its first page), and where a count.
it.each([
  {
    shape: "our pagination's total_pages",
    json: { data: [], pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 } },
    last: undefined,
  },
  {
    shape: "Laravel's meta.last_page",
    json: { data: [], meta: { current_page: 1, per_page: 15, total: 0, last_page: 1 } },
    last: true,
  },
  { shape: "Django's num_pages", json: { data: [], count: 0, num_pages: 1 }, last: true },
  { shape: 'a last link', json: { data: [], links: { last: '/campaigns?page=1' }, meta: { total: 0 } }, last: true },
])('reads $shape as a last page number: $last', ({ json, last }) => {
  const reading = readPaging(answer(json))
  expect(reading?.totalPages).toBeDefined()
  expect(reading?.lastPageNumber).toBe(last)
})
