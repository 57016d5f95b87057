import { Collection } from '@msw/data'
import { expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { IdCounter } from './id-counter.js'
import { IndexedCollection } from './indexed-collection.js'

const Row = z.object({ id: z.int(), name: z.string(), count: z.int() })

async function collectionOf(rows: number, written?: (next?: unknown, previous?: unknown) => void) {
  const ids = new IdCounter()
  const check = (row: { name: string }) => {
    if (row.name === 'refused') throw new RangeError('refused')
  }
  const collection = new IndexedCollection(Row, { ids, written, check })
  for (let i = 0; i < rows; i++) await collection.create({ id: ids.next(), name: `row ${i}`, count: i })
  return { collection, ids }
}

/** Schema failures are logged by @msw/data before it throws; keep the test output quiet. */
async function quietly<T>(act: () => Promise<T>): Promise<T> {
  const silence = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    return await act()
  } finally {
    silence.mockRestore()
  }
}

it('is an @msw/data Collection: findMany with where, orderBy and take, findFirst, count', async () => {
  const { collection } = await collectionOf(5)
  expect(collection).toBeInstanceOf(Collection)
  expect(collection.count()).toBe(5)
  expect(collection.findFirst((q) => q.where({ name: 'row 3' }))?.id).toBe(4)
  const odd = collection.findMany((q) => q.where((row) => row.count % 2 === 1), { orderBy: { id: 'desc' } })
  expect(odd.map((row) => row.id)).toEqual([4, 2])
  expect(collection.findMany(undefined, { skip: 1, take: 2 }).map((row) => row.id)).toEqual([2, 3])
})

it('looks records up by id and pages them newest first, with and without a filter', async () => {
  const { collection } = await collectionOf(1_200)
  expect(collection.get(7)).toMatchObject({ id: 7, name: 'row 6' })
  expect(collection.page({ offset: 1, limit: 3 })).toMatchObject({
    total: 1_200,
    rows: [{ id: 1_199 }, { id: 1_198 }, { id: 1_197 }],
  })
  const page = collection.page({ where: (row) => row.id % 3 === 0, offset: 2, limit: 3 })
  expect(page.total).toBe(400)
  expect(page.rows.map((row) => row.id)).toEqual([1_194, 1_191, 1_188])
})

it('validates on create and on update, and a refused write changes nothing', async () => {
  const { collection, ids } = await collectionOf(1)
  await quietly(() =>
    expect(collection.create({ id: ids.next(), name: 5 } as never)).rejects.toThrow(/does not match the schema/),
  )
  expect(ids.last).toBe(1) // a refused create uses up no id
  await quietly(() =>
    expect(
      collection.update(collection.get(1)!, { data: (draft) => void Object.assign(draft, { name: 5 }) }),
    ).rejects.toThrow(/does not match the schema/),
  )
  await expect(collection.create({ id: ids.next(), name: 'refused', count: 0 })).rejects.toThrow('refused')
  expect(collection.findMany()).toEqual([collection.get(1)])
  expect(collection.get(1)!.name).toBe('row 0')
})

it('keeps its index in step with update, delete and their Many forms, from the records they return', async () => {
  const written = vi.fn()
  const { collection } = await collectionOf(4, written)
  const updated = await collection.update((q) => q.where({ id: 3 }), { data: (draft) => void (draft.name = 'renamed') })
  expect(collection.get(3)).toBe(updated)
  expect(written).toHaveBeenLastCalledWith(updated, expect.objectContaining({ id: 3, name: 'row 2' }))
  await collection.updateMany((q) => q.where((row) => row.id <= 2), { data: (draft) => void (draft.count = 100) })
  expect([collection.get(1)!.count, collection.get(2)!.count]).toEqual([100, 100])
  expect(collection.findMany((q) => q.where({ count: 100 }))).toEqual([collection.get(1), collection.get(2)])

  collection.delete(updated!)
  expect(collection.get(3)).toBeUndefined()
  expect(written).toHaveBeenLastCalledWith(undefined, updated)
  collection.deleteMany((q) => q.where((row) => row.id < 3))
  expect(collection.page({ offset: 0, limit: 10 })).toEqual({ rows: [collection.get(4)], total: 1 })
  expect(collection.count()).toBe(1)
})

it('refuses ids that are taken or below the counter, and an update that changes the id', async () => {
  const { collection } = await collectionOf(3)
  await expect(collection.create({ id: 2, name: 'again', count: 0 })).rejects.toThrow(/Id 2 is not above the last id 3/)
  await expect(collection.create({ id: 1.5, name: 'x', count: 0 })).rejects.toThrow(/positive integer id/)
  await expect(collection.update(collection.get(1)!, { data: (draft) => void (draft.id = 9) })).rejects.toThrow(
    /cannot change the id/,
  )
  expect(collection.get(1)!.id).toBe(1)
})

it('leaves the old record as it was on update', async () => {
  const { collection } = await collectionOf(1)
  const before = collection.get(1)!
  const after = await collection.update(before, { data: (draft) => void (draft.name = 'changed') })
  expect(before.name).toBe('row 0')
  expect(after!.name).toBe('changed')
})

it('empties itself and its index on clear, and tells of every record it drops', async () => {
  const written = vi.fn()
  const { collection } = await collectionOf(3, written)
  written.mockClear()
  collection.clear()
  expect(collection.count()).toBe(0)
  expect(collection.get(1)).toBeUndefined()
  expect(collection.page({ offset: 0, limit: 5 })).toEqual({ rows: [], total: 0 })
  expect(written).toHaveBeenCalledTimes(3)
})

it('answers a record it does not hold as the library answers no match: undefined, or its error with strict', async () => {
  const { collection } = await collectionOf(1)
  expect(await collection.update({ id: 9 }, { data: () => {} })).toBeUndefined()
  await expect(collection.update({ id: 9 }, { data: () => {}, strict: true })).rejects.toThrow(/no record found/)
  expect(collection.delete({ id: 9 })).toBeUndefined()
  expect(() => collection.delete({ id: 9 }, { strict: true })).toThrow(/no record found/)
  expect(collection.count()).toBe(1)
})
