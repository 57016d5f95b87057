import type { PageQuery } from '../domain/paginate.js'
import type { Pagination } from '../schemas/common.js'
import type { Page } from '../store/indexed-collection.js'

/** One page of a list: its records and where it stands in the whole list. */
export interface ListPage<D> {
  data: D[]
  pagination: Pagination
}

/**
 * Where a page stands in a list of `total` records: the one place the page arithmetic is written.
 * @example pagination({ page: 2, per_page: 25 }, 60) // { page: 2, per_page: 25, total_count: 60, total_pages: 3 }
 */
export function pagination({ page, per_page }: PageQuery, total: number): Pagination {
  return { page, per_page, total_count: total, total_pages: Math.ceil(total / per_page) }
}

/** Presents one page of records as a list operation answers it: the records presented, and where the page stands. */
export function presentPage<T, D>({ rows, total }: Page<T>, query: PageQuery, present: (row: T) => D): ListPage<D> {
  return { data: rows.map(present), pagination: pagination(query, total) }
}
