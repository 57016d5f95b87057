import { must } from './must.js'

/** Most ids one chunk holds: a removal shifts at most this many, whatever the list's length. */
const CHUNK_SIZE = 512

/**
 * Ids in ascending order, kept in chunks so that appending is O(1), removing shifts one chunk, and
 * a page counted from the newest end skips whole chunks: reading page 1 of a million ids touches
 * one chunk, not the million.
 * @example const ids = new IdChunks(); ids.push(1); ids.push(2); ids.newestFirst(0, 25) // [2, 1]
 */
export class IdChunks {
  #chunks: number[][] = []
  #size = 0

  /** How many ids the list holds. */
  get size(): number {
    return this.#size
  }

  /** Appends an id; ids only grow, so it is the largest. */
  push(id: number): void {
    const last = this.#chunks.at(-1)
    if (last && last.length < CHUNK_SIZE) last.push(id)
    else this.#chunks.push([id])
    this.#size++
  }

  /** Removes an id if the list holds it; answers whether it did. */
  remove(id: number): boolean {
    const chunkIndex = this.#chunkOf(id)
    const chunk = this.#chunks[chunkIndex]
    if (chunk === undefined) return false
    const at = binarySearch(chunk, id)
    if (at < 0) return false
    chunk.splice(at, 1)
    if (chunk.length === 0) this.#chunks.splice(chunkIndex, 1)
    this.#size--
    return true
  }

  /** Up to `limit` ids after skipping `offset`, counted from the largest down. */
  newestFirst(offset: number, limit: number): number[] {
    const ids: number[] = []
    let skip = offset
    // Every index below is within its array by the loops' bounds: a page's read checks nothing more.
    for (let c = this.#chunks.length - 1; c >= 0 && ids.length < limit; c--) {
      const chunk = this.#chunks[c]!
      if (skip >= chunk.length) {
        skip -= chunk.length
        continue
      }
      for (let i = chunk.length - 1 - skip; i >= 0 && ids.length < limit; i--) ids.push(chunk[i]!)
      skip = 0
    }
    return ids
  }

  /** Every id, largest first. */
  *descending(): Generator<number> {
    for (let c = this.#chunks.length - 1; c >= 0; c--) {
      const chunk = must(this.#chunks[c], 'a chunk of the id list')
      for (let i = chunk.length - 1; i >= 0; i--) yield must(chunk[i], 'an id of a chunk')
    }
  }

  /** Every id, smallest first. */
  *ascending(): Generator<number> {
    for (const chunk of this.#chunks) yield* chunk
  }

  /** The index of the chunk whose range holds `id` (the last chunk starting at or below it). */
  #chunkOf(id: number): number {
    let low = 0
    let high = this.#chunks.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (must(this.#chunks[middle]?.[0], 'the first id of a chunk') <= id) low = middle
      else high = middle - 1
    }
    return low
  }
}

function binarySearch(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const at = must(sorted[middle], 'an id of a chunk')
    if (at === value) return middle
    if (at < value) low = middle + 1
    else high = middle - 1
  }
  return -1
}
