import type * as z from 'zod/mini'
import type { IndexedCollection, RowValues } from './indexed-collection.js'

/** The fields of `changes` that differ from `row`; an `undefined` value means "leave as is". */
export function changedFields<T extends object>(row: T, changes: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && row[key as keyof T] !== value),
  ) as Partial<T>
}

/**
 * Writes the changes through the collection (validated) and stamps `updated_at`, or returns the
 * row as it is when nothing would change, so that updated_at keeps meaning "last real change".
 * @example await applyChanges(account.adverts, advert, { title: 'New' }, '2026-01-01T00:00:00.000Z')
 */
export async function applyChanges<S extends z.ZodMiniType<{ id: number; updated_at: string }>>(
  collection: IndexedCollection<S>,
  row: RowValues<S>,
  changes: Partial<RowValues<S>>,
  now: string,
): Promise<RowValues<S>> {
  const changed = changedFields(row, changes)
  if (Object.keys(changed).length === 0) return row
  return await collection.update(row, {
    strict: true,
    data: (draft) => {
      Object.assign(draft, changed, { updated_at: now })
    },
  })
}
