import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { applyChanges, changedFields } from './apply-changes.js'
import { IdCounter } from './id-counter.js'
import { IndexedCollection } from './indexed-collection.js'

const Row = z.object({ id: z.int(), title: z.string(), count: z.int(), updated_at: z.string() })

async function oneRow() {
  const collection = new IndexedCollection(Row, { ids: new IdCounter() })
  const row = await collection.create({ id: 1, title: 'a', count: 1, updated_at: 'then' })
  return { collection, row }
}

it('keeps only the fields that differ, leaving undefined ones alone', () => {
  expect(changedFields({ a: 1, b: 2, c: 3 }, { a: 1, b: 5, c: undefined })).toEqual({ b: 5 })
})

it('writes the changed fields through the collection and stamps updated_at', async () => {
  const { collection, row } = await oneRow()
  const updated = await applyChanges(collection, row, { title: 'b', count: undefined }, 'now')
  expect(updated).toMatchObject({ title: 'b', count: 1, updated_at: 'now' })
  expect(collection.get(1)).toBe(updated)
  expect(collection.findFirst()).toBe(updated)
})

it('writes nothing and keeps updated_at when nothing would change', async () => {
  const { collection, row } = await oneRow()
  const same = await applyChanges(collection, row, { title: 'a', count: 1 }, 'now')
  expect(same).toBe(row)
  expect(collection.get(1)!.updated_at).toBe('then')
})
