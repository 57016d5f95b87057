import type { Pagination } from '../schemas/common.js'
import type { PartitionedTable } from '../store/partitioned-table.js'

/** Reads one page of an owner's rows, newest first, and presents each. A page past the end is empty. */
export function paginate<T extends { id: number }, D>(
  table: Pick<PartitionedTable<never, T>, 'page'>,
  ownerId: number,
  { page, per_page }: { page: number; per_page: number },
  present: (row: T) => D,
  where?: (row: T) => boolean,
): { data: D[]; pagination: Pagination } {
  const { rows, total } = table.page(ownerId, { where, offset: (page - 1) * per_page, limit: per_page })
  return {
    data: rows.map(present),
    pagination: { page, per_page, total_count: total, total_pages: Math.ceil(total / per_page) },
  }
}
