import type * as z from 'zod/mini'
import { IdChunks } from './id-chunks.js'

type Row = { id: number }

/** One page of a partition's rows, newest first, and how many rows matched in all. */
export interface Page<T> {
  rows: T[]
  total: number
}

export interface PageOptions<T> {
  where?: (row: T) => boolean
  offset: number
  limit: number
}

/**
 * Records of one kind, validated against their zod model on every write, with an index by id and,
 * per partition (an owner), the ids in order. A read, update or removal by id costs the same
 * however many rows the owner or the store holds; a page reads only its own rows, and the count is
 * kept, not counted. Only a filtered page looks at each of the owner's rows (never another's).
 * @example new PartitionedTable(AdvertRecord, (advert) => advert.user_id)
 */
export class PartitionedTable<S extends z.ZodMiniObject, T extends Row = z.infer<S> & Row> {
  readonly #schema: S
  readonly #partitionOf: (row: T) => number
  readonly #partitions = new Map<number, IdChunks>()
  readonly #byId = new Map<number, T>()
  #lastId = 0

  constructor(schema: S, partitionOf: (row: T) => number) {
    this.#schema = schema
    this.#partitionOf = partitionOf
  }

  /** How many rows the table holds. */
  get size(): number {
    return this.#byId.size
  }

  /** The highest id handed out so far. */
  get lastId(): number {
    return this.#lastId
  }

  /**
   * Moves the id counter up to `id` (ids handed out and since deleted stay used); never down,
   * so ids keep growing after a state is saved and loaded again.
   */
  advanceLastId(id: number): void {
    if (id < this.#lastId) throw new RangeError(`Last id ${id} is lower than the highest id ${this.#lastId}`)
    this.#lastId = id
  }

  /** Reserves the next id; ids only grow, so insertion order is id order. */
  nextId(): number {
    return ++this.#lastId
  }

  /** The row with this id, in O(1). */
  get(id: number): T | undefined {
    return this.#byId.get(id)
  }

  /** Validates the values against the schema and stores them as a new row. */
  async insert(values: T): Promise<T> {
    return this.insertChecked(this.#schema.parse(values) as unknown as T)
  }

  /**
   * Stores a row its caller has already checked against the schema (the store's load, after
   * parsing the whole dataset): the same bookkeeping as `insert` without validating twice.
   */
  insertChecked(row: T): T {
    if (this.#byId.has(row.id)) throw new RangeError(`Duplicate id ${row.id}`)
    if (row.id < this.#lastId) throw new RangeError(`Id ${row.id} is lower than the last id ${this.#lastId}`)
    this.#lastId = row.id
    this.#byId.set(row.id, row)
    this.#ids(this.#partitionOf(row)).push(row.id)
    return row
  }

  /**
   * Applies `change` to a copy of the row and stores the result, validated against the schema. The
   * old record is left as it was (a caller holding it sees no change); the row stays in its
   * partition, which `change` must not move.
   */
  async update(row: T, change: (draft: T) => void): Promise<T> {
    const draft = { ...row }
    change(draft)
    const next = this.#schema.parse(draft) as unknown as T
    if (next.id !== row.id || this.#partitionOf(next) !== this.#partitionOf(row)) {
      throw new RangeError(`Row ${row.id}: an update cannot change the id or the owner`)
    }
    this.#byId.set(next.id, next)
    return next
  }

  /** Deletes the row. */
  remove(row: T): void {
    if (!this.#byId.delete(row.id)) return
    const key = this.#partitionOf(row)
    const ids = this.#partitions.get(key)!
    ids.remove(row.id)
    if (ids.size === 0) this.#partitions.delete(key)
  }

  /** How many rows a partition holds, in O(1). */
  count(partitionKey: number): number {
    return this.#partitions.get(partitionKey)?.size ?? 0
  }

  /**
   * One page of a partition's rows, newest first. Without `where` it reads the page's rows only;
   * with one it tests each of the partition's rows once, to count them all.
   */
  page(partitionKey: number, { where, offset, limit }: PageOptions<T>): Page<T> {
    const ids = this.#partitions.get(partitionKey)
    if (!ids) return { rows: [], total: 0 }
    if (!where) return { rows: ids.newestFirst(offset, limit).map((id) => this.#byId.get(id)!), total: ids.size }
    const rows: T[] = []
    let total = 0
    for (const id of ids.descending()) {
      const row = this.#byId.get(id)!
      if (!where(row)) continue
      if (total >= offset && rows.length < limit) rows.push(row)
      total++
    }
    return { rows, total }
  }

  /** Every row of a partition, oldest first. */
  partition(partitionKey: number): readonly T[] {
    const ids = this.#partitions.get(partitionKey)
    return ids ? Array.from(ids.ascending(), (id) => this.#byId.get(id)!) : []
  }

  /** Every row, in insertion order. */
  rows(): IterableIterator<T> {
    return this.#byId.values()
  }

  /** Deletes every row and starts ids from 1 again. */
  clear(): void {
    this.#partitions.clear()
    this.#byId.clear()
    this.#lastId = 0
  }

  #ids(key: number): IdChunks {
    let ids = this.#partitions.get(key)
    if (!ids) {
      ids = new IdChunks()
      this.#partitions.set(key, ids)
    }
    return ids
  }
}
