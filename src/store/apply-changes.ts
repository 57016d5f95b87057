import type { PartitionedTable } from './partitioned-table.js'

/** The fields of `changes` that differ from `row`; an `undefined` value means "leave as is". */
export function changedFields<T extends object>(row: T, changes: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && row[key as keyof T] !== value),
  ) as Partial<T>
}

/**
 * Writes the changes and stamps `updated_at`, or returns the row as it is when nothing
 * would change, so that updated_at keeps meaning "last real change".
 * @example await applyChanges(store.adverts, advert, { title: 'New' }, '2026-01-01T00:00:00.000Z')
 */
export async function applyChanges<T extends { id: number; updated_at: string }>(
  table: Pick<PartitionedTable<never, T>, 'update'>,
  row: T,
  changes: Partial<T>,
  now: string,
): Promise<T> {
  const changed = changedFields(row, changes)
  if (Object.keys(changed).length === 0) return row
  return table.update(row, (draft) => {
    Object.assign(draft, changed)
    draft.updated_at = now
  })
}
