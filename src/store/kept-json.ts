// Serialize once per change, not once per request: a record's JSON, as an answer shows it, is
// written the first time it is asked for and kept beside the record until that record is written
// again (IndexedCollection drops it in the same step that tells the collection's `written` hook).
// An answer puts the kept text in as it is (model/render-template.ts writes around it).

/**
 * JSON already written: an answer writes it as it is where it would serialize a value. Should
 * anything serialize it again (JSON.stringify of a value holding it), `toJSON` reads it back, so the
 * bytes are the same either way.
 * @example JSON.stringify({ data: new JsonText('{"id":1}') }) // '{"data":{"id":1}}'
 */
export class JsonText {
  /** `kept`: held by its collection until the record changes (what is written from it may be kept as long). */
  constructor(
    readonly text: string,
    readonly kept = false,
  ) {}

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown
  }
}

/** Whether a value is JSON already written, or a list of it (a page's records). */
export function isJsonText(value: unknown): value is JsonText | JsonText[] {
  return value instanceof JsonText || (Array.isArray(value) && value[0] instanceof JsonText)
}

/**
 * How a kind of record is written in one form (a campaign as a list shows it, or as its detail
 * does), from the record and what else the form reads (`using`: the account's other records).
 */
export type JsonForm<R, U> = (row: R, using: U) => string

/**
 * Whether the request path keeps what it wrote or checked once (records' JSON, pages, envelopes,
 * validated queries): on, unless a test switches it off to compare every answer with the caches on
 * and off (test/caches-property.test.ts).
 */
export const caches = { enabled: true }

/** One page of records as their kept JSON, and where it stands: what a list's resolver answers. */
export interface JsonPage {
  readonly data: JsonText[]
  readonly page: { page: number; per_page: number; total: number }
}

/**
 * The kept JSON of one collection's records: for each form, the text by record id; and its pages,
 * by the query that asked for them, until any record is written.
 */
export class KeptTexts {
  readonly #forms = new Map<JsonForm<never, never>, Map<number, JsonText>>()
  #pages = new WeakMap<object, JsonPage>()

  page(query: object): JsonPage | undefined {
    return this.#pages.get(query)
  }

  keepPage(query: object, page: JsonPage): JsonPage {
    if (caches.enabled) this.#pages.set(query, page)
    return page
  }

  get(form: JsonForm<never, never>, id: number): JsonText | undefined {
    return this.#forms.get(form)?.get(id)
  }

  set(form: JsonForm<never, never>, id: number, text: JsonText): void {
    if (!caches.enabled) return
    let texts = this.#forms.get(form)
    if (!texts) this.#forms.set(form, (texts = new Map()))
    texts.set(id, text)
  }

  /** Drops a record's texts in every form: it was written. */
  drop(id: number): void {
    for (const texts of this.#forms.values()) texts.delete(id)
    this.#pages = new WeakMap()
  }

  /** Drops every text: what the records show of another changed (an advert's title), or they all went. */
  clear(): void {
    this.#forms.clear()
    this.#pages = new WeakMap()
  }
}

/**
 * What is written from kept JSON (a page around its records' texts, an envelope around a record's),
 * by what it was written from: it goes when that goes (a WeakMap), and the whole map is let go after
 * `max` entries, so what is kept of it stays bounded however many pages and records are read.
 */
export class KeptBy<K extends object, V> {
  #map = new WeakMap<K, V>()
  #count = 0

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    return this.#map.get(key)
  }

  set(key: K, value: V): void {
    if (!caches.enabled) return
    if (++this.#count > this.max) {
      this.#map = new WeakMap()
      this.#count = 1
    }
    this.#map.set(key, value)
  }
}
