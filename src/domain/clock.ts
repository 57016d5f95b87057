import { DEFAULT_PROFILE, type StampFormat } from '../profile/profile.js'

/** The one source of time: tests and the control plane move it instead of waiting. */
export interface Clock {
  /** Milliseconds since the epoch, as the mock sees them. */
  now(): number
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void
  /** Pins the clock to an instant; it then stands still until advanced or released. */
  set(epochMs: number): void
  /** Lets the clock follow real time again, keeping any offset already applied. */
  resume(): void
  /** Whether the clock stands still. */
  readonly frozen: boolean
}

/** Creates a clock that follows real time until set or advanced. */
export function createClock(realNow: () => number = Date.now): Clock {
  let offset = 0
  let frozenAt: number | undefined
  return {
    now: () => frozenAt ?? realNow() + offset,
    advance(ms) {
      if (frozenAt !== undefined) frozenAt += ms
      else offset += ms
    },
    set(epochMs) {
      frozenAt = epochMs
    },
    resume() {
      if (frozenAt !== undefined) offset = frozenAt - realNow()
      frozenAt = undefined
    },
    get frozen() {
      return frozenAt !== undefined
    },
  }
}

/**
 * Formats an instant as the API's ISO 8601 UTC timestamp, in a profile's format: to the
 * millisecond with `Z` (the mock's own), to the second or the microsecond, or with `+00:00`.
 * @example isoTimestamp(0, { fraction: 0, zone: 'Z' }) // '1970-01-01T00:00:00Z'
 */
export function isoTimestamp(epochMs: number, format: StampFormat = MOCK_FORMAT): string {
  const { fraction, zone, trimmed } = format
  if (fraction === 3 && zone === 'Z' && !trimmed) return new Date(epochMs).toISOString()
  // The wall time at the zone's offset, written with that offset.
  const iso = new Date(epochMs + offsetMinutes(zone) * 60_000).toISOString()
  // The clock counts milliseconds: digits past the third are zeros.
  let digits = `${iso.slice(20, 23)}000000`.slice(0, fraction)
  if (trimmed) digits = digits.replace(/0+$/, '')
  return `${iso.slice(0, 19)}${digits ? `.${digits}` : ''}${zone}`
}

/** A zone's offset from UTC in minutes: 0 for `Z`, 60 for `+01:00` or `+0100`. */
function offsetMinutes(zone: string): number {
  const match = /^([+-])(\d\d):?(\d\d)$/.exec(zone)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/** The mock's own format, read once (the journal stamps every request with it). */
const MOCK_FORMAT = DEFAULT_PROFILE.stamps.format

/** The current time as a stamp for a record this mock writes: the clock's now, in the profile's format. */
export function stampNow(ctx: { clock: Clock; profile: { stamps: { format: StampFormat } } }): string {
  return isoTimestamp(ctx.clock.now(), ctx.profile.stamps.format)
}

/** The last Date header written, kept for the second it names: most answers in a second share it. */
let lastDate = { second: Number.NaN, text: '' }

/**
 * An HTTP date (a `Date` header) for a moment of the mock's clock, written once per second.
 * @example httpDate(0) // 'Thu, 01 Jan 1970 00:00:00 GMT'
 */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000)
  if (second !== lastDate.second) lastDate = { second, text: new Date(second * 1000).toUTCString() }
  return lastDate.text
}

/** Where a clock stood at a moment: still at an instant, or following real time at some offset from it. */
export interface ClockStart {
  frozen: boolean
  /** The instant it showed. */
  at: number
  /** Its distance ahead of real time then, in milliseconds (what a running clock keeps). */
  offset: number
}

/**
 * Where a clock stands now, to put it back there later with `restoreClock`.
 * @example const start = clockStart(ctx.clock); ctx.clock.set(0); restoreClock(ctx.clock, start)
 */
export function clockStart(clock: Clock, realNow: number = Date.now()): ClockStart {
  const at = clock.now()
  return { frozen: clock.frozen, at, offset: at - realNow }
}

/** Puts a clock back as `clockStart` found it: still at the same instant, or running at the same offset from real time. */
export function restoreClock(clock: Clock, { frozen, at, offset }: ClockStart, realNow: number = Date.now()): void {
  if (frozen) return clock.set(at)
  clock.set(realNow + offset)
  clock.resume()
}
