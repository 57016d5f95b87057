import { describe, expect, it } from 'vitest'
import { deriveList, type PageExample } from './derive-list.js'
import { envelopeSize } from './probe-lists.js'

// List envelopes as templates, from the first, second and last page of seven records at three a page.

const base = 'http://127.0.0.1:9/api/v1'
const pages = (envelope: (page: number, count: number) => Record<string, unknown>): PageExample[] =>
  [
    [1, 3],
    [2, 3],
    [3, 1],
  ].map(([page, count]) => ({
    page: page!,
    perPage: 3,
    total: 7,
    url: `${base}/adverts?page=${page}&per_page=3`,
    base,
    body: { success: true, data: Array.from({ length: count! }, (_, i) => ({ id: i })), ...envelope(page!, count!) },
  }))

it('reads Rails-style paging: the current page, next and previous (null at the ends), the totals', () => {
  const { template, literal } = deriveList(
    pages((page) => ({
      meta: {
        current_page: page,
        next_page: page < 3 ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: 3,
        total_count: 7,
      },
    })),
  )
  expect(template).toEqual({
    success: true,
    data: { $slot: 'items' },
    meta: {
      current_page: { $slot: 'page' },
      next_page: { $slot: 'next_page' },
      prev_page: { $slot: 'prev_page' },
      total_pages: { $slot: 'pages' },
      total_count: { $slot: 'total' },
    },
  })
  expect(literal).toEqual([])
})

it('reads Django-style paging: a count beside the data, and links in the deployment’s own form', () => {
  const url = (page: number | null) => (page === null ? null : `${base}/adverts?page=${page}&per_page=3`)
  const { template } = deriveList(
    pages((page) => ({ count: 7, next: url(page < 3 ? page + 1 : null), previous: url(page > 1 ? page - 1 : null) })),
  )
  expect(template).toEqual({
    success: true,
    data: { $slot: 'items' },
    count: { $slot: 'total' },
    next: { $link: 'next', href: '{base}{path}?page={page}&per_page={per_page}' },
    previous: { $link: 'prev', href: '{base}{path}?page={page}&per_page={per_page}' },
  })
})

it('reads Laravel-style meta (from, to, last_page) and links, and keeps a constant as it came', () => {
  const { template, literal } = deriveList(
    pages((page, count) => ({
      object: 'list',
      meta: {
        current_page: page,
        from: (page - 1) * 3 + 1,
        to: (page - 1) * 3 + count,
        last_page: 3,
        per_page: 3,
        total: 7,
      },
      links: { first: `${base}/adverts?page=1`, last: `${base}/adverts?page=3` },
    })),
  )
  expect(template).toMatchObject({
    object: 'list',
    meta: {
      current_page: { $slot: 'page' },
      from: { $slot: 'from' },
      to: { $slot: 'to' },
      last_page: { $slot: 'last_page' },
      per_page: { $slot: 'per_page' },
      total: { $slot: 'total' },
    },
    links: {
      first: { $link: 'first', href: '{base}{path}?page={page}' },
      last: { $link: 'last', href: '{base}{path}?page={page}' },
    },
  })
  expect(literal).toEqual(['object'])
})

it('reads figures written as strings as texts of their slots, and a flag the same on every page as it came', () => {
  const { template, literal } = deriveList(
    pages((page) => ({ paging: { page: String(page), total: '7', per_page: '3' }, cached: true })),
  )
  expect(template).toEqual({
    success: true,
    data: { $slot: 'items' },
    paging: { page: { $text: '{page}' }, total: { $text: '{total}' }, per_page: { $text: '{per_page}' } },
    cached: true,
  })
  expect(literal).toEqual(['cached'])
})

describe('the small page size the envelope is read at', () => {
  it.each([3, 4, 7, 9, 12, 16, 25, 30])(
    'tells the count of pages from the page size and the total at %i records',
    (known) => {
      const size = envelopeSize(known)
      const pages = Math.ceil(known / size)
      expect(pages).not.toBe(size)
      expect(pages).not.toBe(known)
    },
  )

  it('reads a key named for neither (`last`) as the count of pages, not the page size', () => {
    const size = envelopeSize(7)
    const examples = [1, 2, 4].map((page) => ({
      page,
      perPage: size,
      total: 7,
      url: `http://x/adverts?page=${page}&per_page=${size}`,
      base: 'http://x',
      body: { data: [], pagination: { page, limit: size, count: 7, last: Math.ceil(7 / size) } },
    }))
    expect(deriveList(examples).template).toMatchObject({
      pagination: { last: { $slot: 'pages' }, limit: { $slot: 'per_page' } },
    })
  })
})
