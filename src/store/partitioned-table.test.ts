import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { PartitionedTable } from './partitioned-table.js'

const Row = z.object({ id: z.int(), owner: z.int(), name: z.string() })
type Row = z.infer<typeof Row>

async function tableWith(owners: number, perOwner: number) {
  const table = new PartitionedTable(Row, (row: Row) => row.owner)
  for (let owner = 1; owner <= owners; owner++) {
    for (let i = 0; i < perOwner; i++) await table.insert({ id: table.nextId(), owner, name: `row ${i}` })
  }
  return table
}

it('looks rows up by id and pages one owner newest first', async () => {
  const table = await tableWith(3, 5)
  expect(table.get(7)).toMatchObject({ id: 7, owner: 2 })
  const page = table.page(2, { offset: 1, limit: 3 })
  expect(page.total).toBe(5)
  expect(page.rows.map((row) => row.id)).toEqual([9, 8, 7])
})

it("lists an owner's rows without looking at any other owner's", async () => {
  const table = await tableWith(50, 20)
  let visited = 0
  const page = table.page(10, {
    where: (row) => {
      visited++
      return row.name.endsWith('1')
    },
    offset: 0,
    limit: 25,
  })
  expect(page.total).toBe(2) // "row 1" and "row 11"
  expect(visited).toBe(20)
})

it('validates rows against the schema on insert and on update', async () => {
  const table = await tableWith(1, 1)
  await expect(table.insert({ id: table.nextId(), owner: 1, name: 5 } as never)).rejects.toThrow()
  await expect(table.update(table.get(1)!, (draft) => void Object.assign(draft, { name: 5 }))).rejects.toThrow()
  expect(table.get(1)!.name).toBe('row 0')
})

it('keeps the id index in step with updates and removals', async () => {
  const table = await tableWith(2, 2)
  const updated = await table.update(table.get(3)!, (draft) => {
    draft.name = 'renamed'
  })
  expect(table.get(3)).toBe(updated)
  expect(table.page(2, { offset: 0, limit: 10 }).rows[1]!.name).toBe('renamed')
  table.remove(updated)
  expect(table.get(3)).toBeUndefined()
  expect(table.page(2, { offset: 0, limit: 10 }).rows.map((row) => row.id)).toEqual([4])
  expect(table.size).toBe(3)
})

it('refuses duplicate and decreasing ids, so insertion order stays id order', async () => {
  const table = await tableWith(1, 3)
  await expect(table.insert({ id: 2, owner: 1, name: 'again' })).rejects.toThrow(/Duplicate id 2/)
  table.remove(table.get(3)!)
  await expect(table.insert({ id: 1.5 as number, owner: 1, name: 'x' })).rejects.toThrow()
})

it('counts an owner\'s rows without counting them, and an unknown owner has none', async () => {
  const table = await tableWith(2, 700)
  table.remove(table.get(5)!)
  expect(table.count(1)).toBe(699)
  expect(table.count(2)).toBe(700)
  expect(table.count(3)).toBe(0)
  expect(table.page(3, { offset: 0, limit: 25 })).toEqual({ rows: [], total: 0 })
})

it('pages a filtered list from the newest, counting every match', async () => {
  const table = await tableWith(1, 1_200)
  const page = table.page(1, { where: (row) => row.id % 3 === 0, offset: 2, limit: 3 })
  expect(page.total).toBe(400)
  expect(page.rows.map((row) => row.id)).toEqual([1_194, 1_191, 1_188])
})

it('leaves the old record as it was on update, and refuses to move a row to another owner', async () => {
  const table = await tableWith(2, 1)
  const before = table.get(1)!
  const after = await table.update(before, (draft) => {
    draft.name = 'changed'
  })
  expect(before.name).toBe('row 0')
  expect(after.name).toBe('changed')
  await expect(table.update(after, (draft) => void (draft.owner = 2))).rejects.toThrow(/cannot change the id or the owner/)
  expect(table.get(1)).toBe(after)
})
