import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { applyChanges, changedFields } from './apply-changes.js'
import { PartitionedTable } from './partitioned-table.js'

const Row = z.object({ id: z.int(), owner: z.int(), title: z.string(), count: z.int(), updated_at: z.string() })
type Row = z.infer<typeof Row>

async function oneRow() {
  const table = new PartitionedTable(Row, (row: Row) => row.owner)
  const row = await table.insert({ id: 1, owner: 1, title: 'a', count: 1, updated_at: 'then' })
  return { table, row }
}

it('keeps only the fields that differ, leaving undefined ones alone', () => {
  expect(changedFields({ a: 1, b: 2, c: 3 }, { a: 1, b: 5, c: undefined })).toEqual({ b: 5 })
})

it('writes the changed fields and stamps updated_at', async () => {
  const { table, row } = await oneRow()
  const updated = await applyChanges(table, row, { title: 'b', count: undefined }, 'now')
  expect(updated).toMatchObject({ title: 'b', count: 1, updated_at: 'now' })
  expect(table.get(1)).toBe(updated)
})

it('writes nothing and keeps updated_at when nothing would change', async () => {
  const { table, row } = await oneRow()
  const same = await applyChanges(table, row, { title: 'a', count: 1 }, 'now')
  expect(same).toBe(row)
  expect(table.get(1)!.updated_at).toBe('then')
})
