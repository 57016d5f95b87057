import { expect, it } from 'vitest'
import { IdChunks } from './id-chunks.js'

/** A list of the ids 1..n, and the same list as a plain array to check it against. */
function listOf(n: number): { ids: IdChunks; expected: number[] } {
  const ids = new IdChunks()
  for (let id = 1; id <= n; id++) ids.push(id)
  return { ids, expected: Array.from({ length: n }, (_, i) => i + 1) }
}

it('pages newest first across chunk boundaries, and a page past the end is empty', () => {
  const { ids, expected } = listOf(1_300) // three chunks of up to 512
  const newest = [...expected].reverse()
  for (const [offset, limit] of [
    [0, 25],
    [500, 25],
    [510, 5],
    [1_020, 30],
    [1_290, 25],
    [1_300, 25],
    [5_000, 1],
  ] as const) {
    expect(ids.newestFirst(offset, limit)).toEqual(newest.slice(offset, offset + limit))
  }
  expect(ids.size).toBe(1_300)
})

it('removes ids anywhere, drops emptied chunks, and keeps the order and the count right', () => {
  const { ids, expected } = listOf(1_100)
  const gone = [1, 2, 511, 512, 513, 700, 1_024, ...Array.from({ length: 76 }, (_, i) => 1_025 + i)] // the last chunk whole
  for (const id of gone) expect(ids.remove(id)).toBe(true)
  expect(ids.remove(700)).toBe(false)
  expect(ids.remove(5_000)).toBe(false)
  const left = expected.filter((id) => !gone.includes(id))
  expect(ids.size).toBe(left.length)
  expect([...ids.ascending()]).toEqual(left)
  expect([...ids.descending()]).toEqual([...left].reverse())
  expect(ids.newestFirst(0, 3)).toEqual([1_023, 1_022, 1_021])
})

it('keeps appending after removals at the end', () => {
  const { ids } = listOf(3)
  ids.remove(3)
  ids.push(4)
  expect([...ids.ascending()]).toEqual([1, 2, 4])
  expect(new IdChunks().newestFirst(0, 10)).toEqual([])
})
