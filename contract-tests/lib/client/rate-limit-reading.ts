import type { DocumentedOperation } from '../document/document.js'

/** One policy of the IETF pair: its quota and window (RateLimit-Policy), what is left and when it resets (RateLimit). */
export interface RateLimitPolicy {
  name: string
  q?: number
  w?: number
  r?: number
  t?: number
}

/** The rate-limit headers of one answer, as numbers. */
export interface RateLimitReading {
  limit?: number
  remaining?: number
  /** X-RateLimit-Reset as sent: epoch seconds, or (some deployments) the seconds until the reset. */
  reset?: number
  /** The IETF draft field RateLimit-Reset as sent: the seconds until the reset, or (where a document says so) an epoch instant. */
  fieldReset?: number
  /**
   * Seconds until the window resets, where a header says it relatively: the IETF draft field
   * RateLimit-Reset (or that field's epoch instant less Date), or an X-RateLimit-Reset too small
   * to be an epoch time (a delta, Zalando's and others').
   */
  resetIn?: number
  /** The IETF draft fields RateLimit-Limit and RateLimit-Remaining (not the structured RateLimit header). */
  fieldLimit?: number
  fieldRemaining?: number
  /** The answer's Date header, in epoch seconds. */
  date?: number
  /** The IETF pair, joined by policy name. */
  policies: RateLimitPolicy[]
}

const integer = (value: string | undefined) =>
  value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined

/**
 * Reads X-RateLimit-Limit, -Remaining, -Reset, Date, and the draft RateLimit-Policy
 * (`"minute";q=300;w=60, …`) and RateLimit (`"minute";r=299;t=42, …`) headers.
 * @example readRateLimit({ 'x-ratelimit-limit': '300', ratelimit: '"minute";r=299;t=42' }).policies // [{ name: 'minute', r: 299, t: 42 }]
 */
export function readRateLimit(headers: Record<string, string>): RateLimitReading {
  const policies = new Map<string, RateLimitPolicy>()
  for (const header of [headers['ratelimit-policy'], headers.ratelimit]) {
    for (const item of (header ?? '').split(',')) {
      const [rawName, ...params] = item.split(';').map((part) => part.trim())
      if (!rawName) continue
      const name = rawName.replace(/^"|"$/g, '')
      const policy = policies.get(name) ?? { name }
      for (const param of params) {
        const [key, value] = param.split('=')
        if (key && ['q', 'w', 'r', 't'].includes(key) && integer(value) !== undefined)
          policy[key as 'q'] = integer(value)
      }
      policies.set(name, policy)
    }
  }
  const date = Date.parse(headers.date ?? '')
  const reset = integer(headers['x-ratelimit-reset'])
  const fieldReset = integer(headers['ratelimit-reset'])
  const seconds = Number.isFinite(date) ? Math.floor(date / 1000) : undefined
  // A value is read by its size: no count of seconds reaches an epoch instant of this century.
  const fieldIn =
    fieldReset === undefined || isDelta(fieldReset)
      ? fieldReset
      : seconds === undefined
        ? undefined
        : fieldReset - seconds
  const resetIn = fieldIn ?? (reset !== undefined && isDelta(reset) ? reset : undefined)
  return {
    ...optional('limit', integer(headers['x-ratelimit-limit'])),
    ...optional('remaining', integer(headers['x-ratelimit-remaining'])),
    ...optional('reset', reset),
    ...optional('fieldReset', fieldReset),
    ...optional('resetIn', resetIn),
    ...optional('fieldLimit', integer(headers['ratelimit-limit'])),
    ...optional('fieldRemaining', integer(headers['ratelimit-remaining'])),
    ...optional('date', seconds),
    policies: [...policies.values()],
  }
}

/** Below this, a reset is a number of seconds to wait, not an instant (epoch seconds of September 2001). */
const EPOCH_FLOOR = 1_000_000_000

/** Whether an X-RateLimit-Reset counts seconds from now rather than naming an epoch instant. */
export function isDelta(reset: number): boolean {
  return reset < EPOCH_FLOOR
}

/** Where the end of a window is reckoned from Date and a count of seconds, two answers of one window may name it a second apart. */
const COUNTED_SLACK_S = 1

/** The instant a window ends (epoch seconds), and how far two answers of that window may name it apart. */
export interface WindowEnd {
  at: number
  slack: number
}

/**
 * The instant X-RateLimit-Reset says the answer's window ends, when it names one: an epoch
 * instant after the answer's Date, or, where the document says the header counts seconds
 * (`counted`, its `x-value` `{reset_after}`), Date plus those seconds. Undefined otherwise: a
 * reset at or before Date, or a count of seconds the document does not give (rate_limit_reset_conformance's).
 * @example windowEnd(readRateLimit({ 'x-ratelimit-reset': '42', date: 'Thu, 01 Jan 2026 00:00:00 GMT' }), true) // { at: 1767225642, slack: 1 }
 */
export function windowEnd(reading: RateLimitReading, counted: boolean): WindowEnd | undefined {
  const { reset, date } = reading
  if (reset === undefined) return undefined
  if (isDelta(reset)) return counted && date !== undefined ? { at: date + reset, slack: COUNTED_SLACK_S } : undefined
  return date === undefined || reset > date ? { at: reset, slack: 0 } : undefined
}

/** Whether two answers name the end of one window (see windowEnd). */
export function sameWindow(a: WindowEnd | undefined, b: WindowEnd | undefined): boolean {
  return a !== undefined && b !== undefined && Math.abs(a.at - b.at) <= Math.max(a.slack, b.slack)
}

/**
 * Requests left before the server refuses: X-RateLimit-Remaining, else the smallest `r` of the
 * IETF draft RateLimit header (each policy must have room); undefined when neither says.
 * @example remainingOf({ ratelimit: '"minute";r=4;t=30, "day";r=900;t=5000' }) // 4
 */
export function remainingOf(headers: Record<string, string>): number | undefined {
  const { remaining, policies, fieldRemaining } = readRateLimit(headers)
  if (remaining !== undefined) return remaining
  const left = policies.flatMap((policy) => (policy.r === undefined ? [] : [policy.r]))
  return left.length > 0 ? Math.min(...left) : fieldRemaining
}

/**
 * Seconds until the exhausted window reopens, in the server's own time: X-RateLimit-Reset is an
 * instant on the server's clock (which a mock's control plane may have moved, and a live server's
 * may be skewed), so it is measured from the response's Date header when there is one, and the
 * draft RateLimit header's relative `t` of the exhausted policies (the longest: all must reopen) is
 * preferred over both, then a relative reset (RateLimit-Reset, or an X-RateLimit-Reset that counts seconds).
 * @example secondsUntilReset({ ratelimit: '"minute";r=0;t=42' }) // 42
 */
export function secondsUntilReset(headers: Record<string, string>): number | undefined {
  const { reset, resetIn, date, policies } = readRateLimit(headers)
  const exhausted = policies.flatMap((policy) => (policy.r === 0 && policy.t !== undefined ? [policy.t] : []))
  if (exhausted.length > 0) return Math.max(...exhausted)
  if (resetIn !== undefined) return resetIn
  return reset === undefined ? undefined : reset - (date ?? Date.now() / 1000)
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>)
}

/** Whether an operation's success response documents a header. */
export function documentsHeader(operation: DocumentedOperation, name: string): boolean {
  return operation.responses.some(
    (response) =>
      /^2/.test(response.key) && response.headers.some((header) => header.name.toLowerCase() === name.toLowerCase()),
  )
}

/** The value at a dotted path of a body, e.g. `api_tier_limits.per_minute`. */
export function valueAt(body: Record<string, unknown> | undefined, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      body,
    )
}
