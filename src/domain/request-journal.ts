/** One request the public API answered, as the journal keeps it (never the API key). */
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
  /** The operation that answered, or null for an unknown route. */
  operation_id: string | null
}

/** The last requests, oldest first, in a ring of fixed size. */
export interface RequestJournal {
  record(entry: Omit<JournalEntry, 'seq'>): void
  /** The kept entries, oldest first. */
  entries(): JournalEntry[]
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
 * Creates a journal that keeps the last `capacity` requests (each path cut at MAX_JOURNAL_PATH
 * characters): memory stays bounded however long the mock runs and however long the URLs it is sent.
 * @example const journal = createRequestJournal(100)
 */
export function createRequestJournal(capacity: number = DEFAULT_JOURNAL_SIZE): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_JOURNAL_SIZE) {
    throw new RangeError(`Journal size must be a whole number from 1 to ${MAX_JOURNAL_SIZE}, got ${capacity}`)
  }
  let ring: JournalEntry[] = []
  let next = 0
  let seq = 0
  return {
    capacity,
    record(entry) {
      const path = entry.path.length > MAX_JOURNAL_PATH ? `${entry.path.slice(0, MAX_JOURNAL_PATH - 1)}…` : entry.path
      ring[next] = { seq: ++seq, ...entry, path }
      next = (next + 1) % capacity
    },
    entries: () => (ring.length < capacity ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)]),
    clear() {
      const held = ring.length
      ring = []
      next = 0
      seq = 0
      return held
    },
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
