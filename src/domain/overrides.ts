import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'

// The overrides of a mock: answers given in place of an operation's, whether a test sent them to
// the control plane as data or installed a typed resolver in-process. One registry holds both; the
// pipeline asks it once a request is authenticated and admitted, and a reset empties it.

/** An answer given as data (POST /__admin/overrides): status, headers and body, already checked against the document. */
export interface OverrideData {
  /** Absent: the override only waits `delay_ms`, then the mock answers as usual. */
  status?: number
  headers: Record<string, string>
  /** A JSON value to send, or `text` to send as it is; neither: no body. */
  body?: { json: unknown } | { text: string }
  /** Whether it was accepted without the document's check. */
  untyped: boolean
}

/** What an override is: which operation it answers (and for which path parameters), how often, after how long, with what. */
export interface OverrideSpec<Resolver = unknown> {
  operation: string
  /** Only requests whose path parameters have these values (`{ id: '7' }`); every request of the operation when absent. */
  params?: Record<string, string>
  /** How many answers before it is removed; null: until removed or reset. */
  times: number | null
  delay_ms: number
  /** Data to answer with, or an in-process resolver (the pipeline runs it: an msw handler). */
  answer: OverrideData | { resolver: Resolver }
}

/** An override in the registry: its id and how many requests it has answered so far. */
export interface OverrideEntry<Resolver = unknown> extends OverrideSpec<Resolver> {
  readonly id: number
  hits: number
}

/** The overrides of one mock, newest first. */
export interface Overrides<Resolver = unknown> {
  /** How many there are: a plain field, so a request without overrides reads one number and runs nothing here. */
  readonly size: number
  /** Adds one; the newest override of an operation answers first. Past MAX_OVERRIDES, a 422 resource_limit_reached. */
  add(spec: OverrideSpec<Resolver>): OverrideEntry<Resolver>
  /** Every override, newest first. */
  list(): OverrideEntry<Resolver>[]
  /** Removes one by id; false when there is none. */
  remove(id: number): boolean
  /** Removes them all and answers how many there were. */
  clear(): number
  /**
   * The override that answers a request for this operation with these path parameters: the newest
   * that matches, its hit counted (and removed once it has answered its `times`).
   */
  take(operation: string, params: Readonly<Record<string, string>>): OverrideEntry<Resolver> | undefined
  /** The highest id handed out so far. */
  readonly lastId: number
  /**
   * Replaces the overrides given as data with these (ids and hits as they are; in-process resolvers
   * stay), and moves the ids up to `lastId`: a shared store's overrides, read back into this registry.
   */
  restore(entries: readonly OverrideEntry<Resolver>[], lastId: number): void
}

/** Most overrides a mock holds at once: memory stays bounded whatever a test sends. */
export const MAX_OVERRIDES = 1000

/**
 * Creates an empty registry. Ids count up from 1 for the mock's whole life (a reset does not reuse
 * them), so a stale id never removes a newer override.
 * @example const overrides = createOverrides(); overrides.add({ operation: 'listCampaigns', times: 1, delay_ms: 0, answer: { status: 503, headers: {}, untyped: false } })
 */
export function createOverrides<Resolver = unknown>(): Overrides<Resolver> {
  let entries: OverrideEntry<Resolver>[] = []
  let lastId = 0
  const registry: { -readonly [Key in keyof Overrides<Resolver>]: Overrides<Resolver>[Key] } = {
    size: 0,
    add(spec) {
      if (entries.length >= MAX_OVERRIDES)
        throw new ApiError('resource_limit_reached', MESSAGES.resource_limit_reached.overrides(MAX_OVERRIDES))
      const entry = { ...spec, id: ++lastId, hits: 0 }
      entries = [entry, ...entries]
      registry.size = entries.length
      return entry
    },
    list: () => [...entries],
    remove(id) {
      const before = entries.length
      entries = entries.filter((entry) => entry.id !== id)
      registry.size = entries.length
      return entries.length < before
    },
    clear() {
      const count = entries.length
      entries = []
      registry.size = 0
      return count
    },
    take(operation, params) {
      const entry = entries.find((candidate) => candidate.operation === operation && paramsMatch(candidate, params))
      if (!entry) return undefined
      entry.hits++
      if (entry.times !== null && entry.hits >= entry.times) registry.remove(entry.id)
      return entry
    },
    get lastId() {
      return lastId
    },
    restore(restored, last) {
      const resolvers = entries.filter((entry) => 'resolver' in entry.answer)
      entries = [...resolvers, ...restored.map((entry) => ({ ...entry }))].sort((a, b) => b.id - a.id)
      lastId = Math.max(lastId, last)
      registry.size = entries.length
    },
  }
  return registry
}

function paramsMatch({ params }: OverrideSpec<unknown>, actual: Readonly<Record<string, string>>): boolean {
  return params === undefined || Object.entries(params).every(([name, value]) => actual[name] === value)
}
