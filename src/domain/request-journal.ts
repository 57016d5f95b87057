import {
  jsonDepth,
  MAX_JOURNAL_BODIES,
  MAX_JOURNAL_BODY,
  MAX_JOURNAL_JSON_DEPTH,
  type JournalFilter,
} from '../schemas/journal.js'
import { isoTimestamp } from './clock.js'
import { journalMatcher } from './journal-filter.js'

/** One request the public API answered, as the journal keeps it (never an API key). */
export interface JournalEntry {
  /** Sequence number, from 1, never reused until the journal is cleared. */
  seq: number
  /** When the request arrived, by the mock's clock (ISO 8601 UTC). */
  at: string
  method: string
  /** Path and query string as requested, e.g. `/api/v1/campaigns?page=2`. */
  path: string
  status: number
  /** Real time spent answering, in milliseconds (injected latency included). */
  duration_ms: number
  /** The authenticated user, or null when authentication failed or was never reached. */
  user_id: number | null
  /** The operation asked for, or null for an unknown route. */
  operation_id: string | null
  /** The request's body: its JSON value, or its text when it is not JSON or was cut; null when it carried none. */
  request_body: unknown
  /** The answer's body, in the same form. */
  response_body: unknown
  /** Whether a body is not whole: cut at MAX_JOURNAL_BODY characters, or dropped (null) to keep the journal within MAX_JOURNAL_BODIES. */
  truncated: boolean
}

/**
 * What is recorded of one request: the entry's fields, the bodies as text (null for none) and the
 * key to keep out of them (and out of the path). `at` may be the clock's milliseconds: the stamp is
 * written when the entry is first read.
 */
export type JournalRecord = Omit<JournalEntry, 'seq' | 'at' | 'request_body' | 'response_body' | 'truncated'> & {
  at: string | number
  request_body?: string | null
  response_body?: string | null
  /** The caller's Authorization header: that key reads `[redacted]` wherever it appears in the path or a body. */
  key?: string | null
}

/** One request as the journal keeps it: its fields, the bodies as text (keys redacted, cut) until they are read. */
export interface KeptJournalEntry {
  entry: Omit<JournalEntry, 'request_body' | 'response_body' | 'truncated'>
  request: string | null
  response: string | null
  truncated: boolean
}

/** The last requests, oldest first, in a ring of fixed size. */
export interface RequestJournal {
  record(entry: JournalRecord): void
  /**
   * Replaces what the journal holds with entries already kept (their own seq; oldest first), keeping
   * the last `capacity` and, oldest first, dropping bodies past the cap of bodies: a shared store's
   * journal, read back into this one.
   */
  restore(entries: readonly KeptJournalEntry[]): void
  /** The kept entries that match the filter (every one without), oldest first. */
  entries(filter?: JournalFilter): JournalEntry[]
  /** Empties the journal and answers how many entries it held. */
  clear(): number
  readonly capacity: number
}

/** Default number of requests the journal keeps. */
export const DEFAULT_JOURNAL_SIZE = 1000

/** Most requests a journal may be asked to keep: its memory stays bounded whatever the option says. */
export const MAX_JOURNAL_SIZE = 100_000

/** Longest path (with query) an entry keeps; a longer one is cut and ends with `…`. */
export const MAX_JOURNAL_PATH = 2048

/**
 * An entry as the ring holds it. A request is held as it was recorded (its bodies the very texts it
 * was answered with, no copy) and kept (redacted, cut) only when the journal is first read; a body
 * over the cap is kept at once, so the ring never holds more than the caps. `size`: what its bodies weigh.
 */
interface Slot {
  seq: number
  record: JournalRecord | undefined
  kept: KeptJournalEntry | undefined
  size: number
  /** Its bodies were dropped to keep the journal within its cap of bodies. */
  dropped: boolean
}

/**
 * What the journal keeps of a request, numbered `seq`: its path with the caller's key redacted and
 * cut at MAX_JOURNAL_PATH characters, each body with the key and every `api_key` redacted and cut at
 * `bodyCap` characters, the time as a stamp.
 * @example keepRecord({ at: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/api/v1/user', status: 200, duration_ms: 1, user_id: 1, operation_id: 'getUser' }, 1)
 */
export function keepRecord(
  { request_body = null, response_body = null, key = null, at, ...fields }: JournalRecord,
  seq: number,
  bodyCap: number = MAX_JOURNAL_BODY,
): KeptJournalEntry {
  const redacted = redactKey(fields.path, key)
  const path = redacted.length > MAX_JOURNAL_PATH ? `${redacted.slice(0, MAX_JOURNAL_PATH - 1)}…` : redacted
  const request = keptBody(request_body, key, bodyCap)
  const response = keptBody(response_body, key, bodyCap)
  return {
    entry: { seq, at: typeof at === 'number' ? isoTimestamp(at) : at, ...fields, path },
    request: request.text,
    response: response.text,
    truncated: request.cut || response.cut,
  }
}

/**
 * Creates a journal that keeps the last `capacity` requests, each path cut at MAX_JOURNAL_PATH
 * characters and each body at MAX_JOURNAL_BODY, and at most MAX_JOURNAL_BODIES characters of bodies
 * in all (the oldest entries lose theirs first): memory stays bounded however long the mock runs and
 * whatever it is sent. `apiPath` is the API's base path, which a filter's path may leave out.
 * @example const journal = createRequestJournal(100)
 */
export function createRequestJournal(
  capacity: number = DEFAULT_JOURNAL_SIZE,
  {
    apiPath = '/api/v1',
    bodyCap = MAX_JOURNAL_BODY,
    bodiesCap = MAX_JOURNAL_BODIES,
  }: {
    apiPath?: string
    /** Characters kept of each body (default MAX_JOURNAL_BODY). */
    bodyCap?: number
    /** Characters of bodies kept in all (default MAX_JOURNAL_BODIES). */
    bodiesCap?: number
  } = {},
): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_JOURNAL_SIZE) {
    throw new RangeError(`Journal size must be a whole number from 1 to ${MAX_JOURNAL_SIZE}, got ${capacity}`)
  }
  let ring: Slot[] = []
  let next = 0
  let seq = 0
  // Characters of bodies held, and the oldest entry that may still hold some (bodies go oldest first).
  let held = 0
  let keptFrom = 1
  // Entries pushed since the last clear: the k-th sits at ring[(k - 1) % capacity] (seq may start anywhere after a restore).
  let pushed = 0
  const inOrder = () => (ring.length < capacity ? ring : [...ring.slice(next), ...ring.slice(0, next)])
  const push = (slot: Slot) => {
    held += slot.size - (ring[next]?.size ?? 0)
    ring[next] = slot
    next = ++pushed % capacity
    seq = slot.seq
    keptFrom = Math.max(keptFrom, pushed - ring.length + 1)
    for (; held > bodiesCap && keptFrom <= pushed; keptFrom++) {
      const oldest = ring[(keptFrom - 1) % capacity]!
      if (oldest.size === 0) continue
      held -= oldest.size
      oldest.size = 0
      oldest.dropped = true
    }
  }
  const clear = () => {
    const count = ring.length
    ring = []
    next = 0
    seq = 0
    pushed = 0
    held = 0
    keptFrom = 1
    return count
  }
  return {
    capacity,
    record(record) {
      const request = record.request_body?.length ?? 0
      const response = record.response_body?.length ?? 0
      if (request > bodyCap || response > bodyCap) return push(keptSlot(keepRecord(record, seq + 1, bodyCap)))
      push({ seq: seq + 1, record, kept: undefined, size: request + response, dropped: false })
    },
    restore(entries) {
      clear()
      for (const kept of entries.slice(-capacity)) push(keptSlot({ ...kept, entry: { ...kept.entry } }))
    },
    entries(filter) {
      const all = inOrder().map((slot) => entryOf(slot, bodyCap))
      if (!filter) return all
      const matches = all.filter(journalMatcher(filter, apiPath))
      return filter.limit === undefined ? matches : matches.slice(-filter.limit)
    },
    clear,
  }
}

/** A slot holding an entry already kept (a restored one, or one whose body was over the cap). */
function keptSlot(kept: KeptJournalEntry): Slot {
  return {
    seq: kept.entry.seq,
    record: undefined,
    kept,
    size: (kept.request?.length ?? 0) + (kept.response?.length ?? 0),
    dropped: false,
  }
}

/** A slot as an entry shows it: kept now if it was not yet (then the record is let go), its bodies gone if dropped. */
function entryOf(slot: Slot, bodyCap: number): JournalEntry {
  if (!slot.kept) {
    slot.kept = keepRecord(slot.record!, slot.seq, bodyCap)
    slot.record = undefined
  }
  const { entry, request, response, truncated } = slot.kept
  if (slot.dropped) return { ...entry, request_body: null, response_body: null, truncated: true }
  return { ...entry, request_body: bodyValue(request), response_body: bodyValue(response), truncated }
}

/** A body as kept: the key and every `api_key` field redacted, then cut at `cap` characters. */
function keptBody(text: string | null, key: string | null, cap: number): { text: string | null; cut: boolean } {
  if (text === null || text === '') return { text: null, cut: false }
  let kept = redactKey(text, key)
  if (kept.includes('"api_key"')) kept = kept.replace(/("api_key"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"[redacted]"')
  if (kept.length <= cap) return { text: kept, cut: false }
  return { text: `${kept.slice(0, cap - 1)}…`, cut: true }
}

/** A kept body as an entry shows it: its JSON value, or the text itself when it is not JSON, was cut, or nests too deep to show. */
function bodyValue(text: string | null): unknown {
  if (text === null || jsonDepth(text) > MAX_JOURNAL_JSON_DEPTH) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Keeps a key out of the journal (and the listener's log) even when a client also puts it in the URL by
 * mistake: what the mock writes down never holds a key.
 * @example redactKey('/api/v1/campaigns?key=acs_demo_6f1c', 'acs_demo_6f1c') // '/api/v1/campaigns?key=[redacted]'
 */
export function redactKey(path: string, authorization: string | null): string {
  const key = authorization?.trim() ?? ''
  return key.length >= 8 ? path.replaceAll(encodeURIComponent(key), '[redacted]').replaceAll(key, '[redacted]') : path
}
