import { Collection, Query } from '@msw/data'
import type * as z from 'zod/mini'
import { IdChunks } from './id-chunks.js'
import type { IdCounter } from './id-counter.js'
import { JsonText, caches, KeptTexts, type JsonForm, type JsonPage } from './kept-json.js'

/** A zod/mini object schema of records with a numeric id. */
export type RowSchema = z.ZodMiniType<{ id: number }>
/** A record as the collection holds it: the schema's output, as the @msw/data record (which carries the library's own keys). */
export type StoredRow<S extends RowSchema> = NonNullable<ReturnType<Collection<S>['findFirst']>>
type LibraryRow<S extends RowSchema> = StoredRow<S>
/** A record given back to `update` or `delete`: only its id is read (the stored record is the one with that id). */
type RecordRef = { readonly id: number }
type Predicate<S extends RowSchema> = NonNullable<Parameters<Collection<S>['findMany']>[0]>
type UpdateOptions<S extends RowSchema> = Parameters<Collection<S>['update']>[1]
/** A record's fields as the schema gives them, without the library's own keys. */
export type RowValues<S extends RowSchema> = Omit<StoredRow<S>, symbol>
/** The record an update's `data` function changes (the library's draft of it). */
type DraftRow<S extends RowSchema> = Parameters<UpdateOptions<S>['data']>[0]

/** One page of rows, newest first, and how many rows matched in all. */
export interface Page<T> {
  rows: T[]
  total: number
}

/** Which page of a list to read, as list queries give it. */
export interface PageQuery {
  page: number
  per_page: number
}

/** The offset of a page's first record. */
export function pageOffset({ page, per_page }: PageQuery): number {
  return (page - 1) * per_page
}

export interface PageOptions<T> {
  where?: (row: T) => boolean
  offset: number
  limit: number
  /** The field and direction of the order: by id, highest first, unless given (ties by id the same way). */
  order?: ListOrder
}

/** A list's order: its field and direction (a profile's `lists.order`). */
export interface ListOrder {
  field: 'id' | 'created_at' | 'updated_at'
  direction: 'asc' | 'desc'
}

const NEWEST_FIRST: ListOrder = { field: 'id', direction: 'desc' }

/** What a collection enforces beyond its schema, and whom it tells of each write. */
export interface IndexedCollectionOptions<S extends RowSchema> {
  /** The counter of this kind of record (shared by every account's collection of it). */
  ids: IdCounter
  /**
   * Refuses values that break a rule the schema cannot state (a foreign advert, a taken e-mail):
   * the values given to `create`, or an update's draft with `previous`.
   */
  check?: (values: RowValues<S> | DraftRow<S>, previous?: StoredRow<S>) => void
  /** Refuses a delete that would break a rule (an advert a campaign uses). */
  checkDelete?: (row: StoredRow<S>) => void
  /** Told after every write, from what the write returned: (new, undefined) on create, (new, old) on update, (undefined, old) on delete. */
  written?: (next: StoredRow<S> | undefined, previous: StoredRow<S> | undefined) => void
}

const isQuery = (value: unknown): boolean => typeof value === 'function' || value instanceof Query
/** A query that matches nothing: a record missing from the index gets the library's own no-match answer (its error with `strict`). */
const nothing = new Query<never>(() => false)
/** A query for the record with this id: the cheapest one the library can test row by row (no allocation per row). */
const byId = (id: number) => new Query<{ id: number }>((row) => row.id === id)

/**
 * An @msw/data `Collection` (schema-validated on every create and update, queried with `findMany`,
 * `findFirst`, `count`, `where` and `orderBy`) that also keeps what the request path needs: an index
 * by id and the ids in order, in step with every write from the record the write returns. So a
 * read, a page or a lookup by id costs the same however many rows it holds, and a write made
 * directly on it (a test's `db`) is indexed like one made through the API.
 * @example const adverts = new IndexedCollection(AdvertRecord, { ids: new IdCounter() })
 */
export class IndexedCollection<S extends RowSchema> extends Collection<S> {
  readonly #byId = new Map<number, LibraryRow<S>>()
  #order = new IdChunks()
  readonly #rules: IndexedCollectionOptions<S>
  readonly #json = new KeptTexts()

  constructor(schema: S, rules: IndexedCollectionOptions<S>) {
    super({ schema })
    this.#rules = rules
  }

  /** The record with this id, in O(1). */
  get(id: number): LibraryRow<S> | undefined {
    return this.#byId.get(id)
  }

  /**
   * A stored record's JSON as `form` writes it, kept until the record is written (or `forgetJson`);
   * a record not the one stored under its id (deleted or replaced since) is written afresh, not kept.
   */
  json<R extends RowValues<S>, U>(row: R, form: JsonForm<R, U>, using: U): JsonText {
    const key = form as JsonForm<never, never>
    const current = (this.#byId.get(row.id) as unknown) === row
    const kept = current ? this.#json.get(key, row.id) : undefined
    if (kept) return kept
    const text = new JsonText(form(row, using), current && caches.enabled)
    if (text.kept) this.#json.set(key, row.id, text)
    return text
  }

  /**
   * A page of stored records as their kept JSON, and where it stands: what a list answers. Kept for
   * that very query object (the pipeline keeps a validated query by its query string) until any
   * record is written: asked again, nothing is read. No closure per page: `read`, the form and what it reads are passed.
   */
  jsonPage<R extends RowValues<S>, U, Q extends PageQuery>(
    query: Q,
    read: (query: Q, using: U) => Page<R>,
    form: JsonForm<R, U>,
    using: U,
  ): JsonPage {
    const known = this.#json.page(query)
    if (known) return known
    const { rows, total } = read(query, using)
    const data = rows.map((row) => this.json(row, form, using))
    return this.#json.keepPage(query, { data, page: { page: query.page, per_page: query.per_page, total } })
  }

  /** Drops every record's kept JSON: what they show of another record (their advert's title) changed. */
  forgetJson(): void {
    this.#json.clear()
  }

  /** How many records it holds. */
  get size(): number {
    return this.#byId.size
  }

  /** Every record, oldest (lowest id) first. */
  rows(): IterableIterator<LibraryRow<S>> {
    return this.#byId.values()
  }

  /**
   * One page, by id highest first unless `order` says otherwise. By id without `where`, it reads the
   * page's rows only; with `where` it tests each record once, to count them all; by a timestamp
   * (a profile's order), it sorts the matching records.
   */
  page({ where, offset, limit, order = NEWEST_FIRST }: PageOptions<LibraryRow<S>>): Page<LibraryRow<S>> {
    const total = this.#order.size
    const descending = order.direction === 'desc'
    if (order.field !== 'id') return this.#sortedPage(where, offset, limit, order)
    if (!where) {
      if (descending) return { rows: this.#rowsOf(this.#order.newestFirst(offset, limit)), total }
      // Oldest first: the same positions counted from the other end, read newest first and turned round.
      const start = Math.max(0, total - offset - limit)
      const count = Math.max(0, total - offset - start)
      return { rows: this.#rowsOf(this.#order.newestFirst(start, count)).reverse(), total }
    }
    const rows: LibraryRow<S>[] = []
    let matched = 0
    // The id order is the authority (the map's own order moves when a record is replaced).
    const newestFirst = this.#rowsOf(this.#order.descending())
    const candidates = descending ? newestFirst : newestFirst.reverse()
    for (const row of candidates) {
      if (!where(row)) continue
      if (matched >= offset && rows.length < limit) rows.push(row)
      matched++
    }
    return { rows, total: matched }
  }

  /** One page of the records that match, sorted by a timestamp field (ties by id), the same way. */
  #sortedPage(
    where: ((row: LibraryRow<S>) => boolean) | undefined,
    offset: number,
    limit: number,
    { field, direction }: ListOrder,
  ): Page<LibraryRow<S>> {
    const rows = this.#rowsOf(this.#order.descending()).filter((row) => !where || where(row))
    const sign = direction === 'desc' ? -1 : 1
    const at = (row: LibraryRow<S>) => Date.parse(String((row as unknown as Record<string, unknown>)[field]))
    rows.sort((a, b) => sign * (at(a) - at(b) || a.id - b.id))
    return { rows: rows.slice(offset, offset + limit), total: rows.length }
  }

  /** The records of ids the order holds (so each is in the index). */
  #rowsOf(ids: Iterable<number>): LibraryRow<S>[] {
    const rows: LibraryRow<S>[] = []
    for (const id of ids) {
      const row = this.#byId.get(id)
      if (row) rows.push(row)
    }
    return rows
  }

  /** Validates the values, stores them as a new record and indexes it; its id must be above every id handed out. */
  override async create(values: z.input<S> & RowValues<S>): Promise<LibraryRow<S>> {
    const { id } = values as { id?: unknown }
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      throw new RangeError(`A record needs a positive integer id, got ${String(id)}`)
    this.#rules.check?.(values)
    const release = this.#rules.ids.claim(id)
    let record: LibraryRow<S>
    try {
      record = await super.create(values)
    } catch (error) {
      release()
      throw error
    }
    this.#byId.set(id, record)
    this.#order.push(id)
    this.#written(record, undefined)
    return record
  }

  /** Updates the first match (the record given, or the first a query finds), validated; the id cannot change. */
  override async update<Strict extends boolean>(
    predicate: Predicate<S> | StoredRow<S> | RecordRef,
    options: UpdateOptions<S> & { strict?: Strict },
  ): Promise<Strict extends true ? LibraryRow<S> : LibraryRow<S> | undefined> {
    const previous = isQuery(predicate)
      ? this.findFirst(predicate as Predicate<S>)
      : this.#byId.get((predicate as RecordRef).id)
    if (!previous) return super.update(isQuery(predicate) ? (predicate as Predicate<S>) : nothing, options)
    // Found by id, not by the record: given a record, the library compares its generated keys
    // (UUIDs, slow to compare) from the first row on; an id query costs a few ns a row.
    const next = await super.update(byId(previous.id), {
      ...options,
      data: async (draft) => {
        await options.data(draft)
        if (draft.id !== previous.id) throw new RangeError(`Record ${previous.id}: an update cannot change the id`)
        this.#rules.check?.(draft, previous)
      },
    })
    if (next) {
      this.#byId.set(next.id, next)
      this.#written(next, previous)
    }
    return next as LibraryRow<S>
  }

  /** Updates every match, one at a time, as `update` does. */
  override async updateMany(
    predicate: Predicate<S>,
    options: Parameters<Collection<S>['updateMany']>[1],
  ): Promise<LibraryRow<S>[]> {
    const rows = this.findMany(predicate, options)
    // No match: the library's own answer (an empty list, or its error with `strict`).
    if (rows.length === 0) return super.updateMany(predicate, options)
    const updated: LibraryRow<S>[] = []
    for (const row of rows) {
      const next = await this.update(row, { data: options.data })
      if (next) updated.push(next)
    }
    return updated
  }

  /** Deletes the first match (the record given, or the first a query finds) and drops it from the indexes. */
  override delete<Strict extends boolean>(
    predicate: Predicate<S> | StoredRow<S> | RecordRef,
    options?: { strict?: Strict },
  ): Strict extends true ? LibraryRow<S> : LibraryRow<S> | undefined {
    const target = isQuery(predicate)
      ? this.findFirst(predicate as Predicate<S>)
      : this.#byId.get((predicate as RecordRef).id)
    if (!target) return super.delete(isQuery(predicate) ? (predicate as Predicate<S>) : nothing, options)
    this.#rules.checkDelete?.(target)
    super.delete(target as LibraryRow<S>)
    this.#byId.delete(target.id)
    this.#order.remove(target.id)
    this.#written(undefined, target)
    return target
  }

  /** Deletes every match, one at a time, as `delete` does. */
  override deleteMany(predicate: Predicate<S>, options?: Parameters<Collection<S>['deleteMany']>[1]): LibraryRow<S>[] {
    const rows = this.findMany(predicate, options)
    for (const row of rows) this.delete(row)
    return rows
  }

  /** Deletes every record (no rule is checked: the whole account goes). */
  override clear(): void {
    const rows = [...this.#byId.values()]
    super.clear()
    this.#byId.clear()
    this.#order = new IdChunks()
    this.#json.clear()
    for (const row of rows) this.#rules.written?.(undefined, row)
  }

  /** Every write passes here: the record's kept JSON is dropped, then the `written` hook is told. */
  #written(next: LibraryRow<S> | undefined, previous: LibraryRow<S> | undefined): void {
    this.#json.drop((next ?? previous)!.id)
    this.#rules.written?.(next, previous)
  }
}
