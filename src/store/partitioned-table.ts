import { Collection } from '@msw/data'
import type * as z from 'zod/mini'

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
 * Records of one kind kept in @msw/data collections, one collection per partition (an
 * owner), with an index by id beside them. A read by id is O(1), and a list or update
 * costs time in proportion to that owner's records only, never to the whole store:
 * the library's own update and delete scan the collection they are called on.
 * @example new PartitionedTable(AdvertRecord, (advert) => advert.user_id)
 */
export class PartitionedTable<S extends z.ZodMiniObject, T extends Row = z.infer<S> & Row> {
  readonly #schema: S
  readonly #partitionOf: (row: T) => number
  readonly #partitions = new Map<number, Collection<S>>()
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
    if (this.#byId.has(values.id)) throw new RangeError(`Duplicate id ${values.id}`)
    if (values.id < this.#lastId) throw new RangeError(`Id ${values.id} is lower than the last id ${this.#lastId}`)
    this.#lastId = values.id
    const row = (await this.#partition(this.#partitionOf(values)).create(values as never)) as unknown as T
    this.#byId.set(row.id, row)
    return row
  }

  /** Applies `change` to a draft of the row; the result is validated against the schema. */
  async update(row: T, change: (draft: T) => void): Promise<T> {
    const partition = this.#partition(this.#partitionOf(row))
    const next = (await partition.update(row as never, { data: change as never, strict: true })) as unknown as T
    this.#byId.set(next.id, next)
    return next
  }

  /** Deletes the row (a scan of its owner's rows only). */
  remove(row: T): void {
    this.#partition(this.#partitionOf(row)).delete(row as never)
    this.#byId.delete(row.id)
  }

  /** One page of a partition's rows, newest first. */
  page(partitionKey: number, { where, offset, limit }: PageOptions<T>): Page<T> {
    const all = (this.#partitions.get(partitionKey)?.all() ?? []) as unknown as T[]
    const matched = where ? all.filter(where) : all
    const end = Math.max(0, matched.length - offset)
    const rows = matched.slice(Math.max(0, end - limit), end).reverse()
    return { rows, total: matched.length }
  }

  /** Every row of a partition, oldest first. */
  partition(partitionKey: number): readonly T[] {
    return (this.#partitions.get(partitionKey)?.all() ?? []) as unknown as T[]
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

  #partition(key: number): Collection<S> {
    let collection = this.#partitions.get(key)
    if (!collection) {
      collection = new Collection({ schema: this.#schema })
      this.#partitions.set(key, collection)
    }
    return collection
  }
}
