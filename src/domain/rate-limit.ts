import type { ApiTierLimits } from '../schemas/user.js'

/**
 * The windows every user's requests are counted in, shortest first; each is a fixed
 * window aligned to the UTC clock (a minute starts at :00 seconds, a day at 00:00 UTC).
 */
export const RATE_LIMIT_WINDOWS = ['minute', 'day'] as const
export type RateLimitWindow = (typeof RATE_LIMIT_WINDOWS)[number]

/** Length of each window in seconds. @example WINDOW_SECONDS.day // 86400 */
export const WINDOW_SECONDS: Readonly<Record<RateLimitWindow, number>> = { minute: 60, day: 86_400 }

const LIMIT_OF: Readonly<Record<RateLimitWindow, 'per_minute' | 'per_day'>> = { minute: 'per_minute', day: 'per_day' }

/** Above this many tracked users, counts of windows that have already ended are dropped. */
const SWEEP_ABOVE = 10_000

/** Where one window of one user stands after a request was checked. */
export interface WindowStatus {
  window: RateLimitWindow
  limit: number
  /** Requests still admitted in this window (this request already counted, if admitted). */
  remaining: number
  /** Epoch milliseconds when this window ends and its count starts again from zero (a whole second). */
  resetAt: number
}

/** The answer for one request. */
export interface RateLimitDecision {
  allowed: boolean
  /** Every window, shortest first. */
  windows: WindowStatus[]
  /**
   * The window that decides: when refused, the exhausted window that resets last;
   * when admitted, the one with the fewest requests left (the longer one on a tie).
   */
  binding: WindowStatus
  /** Whole seconds until a request would be admitted (0 when this one was), at least 1 when refused. */
  retryAfterSeconds: number
  nowMs: number
}

/** Per-user request counts in fixed UTC windows. */
export interface RateLimiter {
  /**
   * Checks every window and, only when all of them have room, counts the request in
   * each: check and count are one step (synchronous in memory, one script in a shared store),
   * so concurrent requests can never be admitted past a limit. A refused request is not counted.
   */
  consume(
    userId: number,
    limits: Pick<ApiTierLimits, 'per_minute' | 'per_day'>,
    nowMs: number,
  ): RateLimitDecision | Promise<RateLimitDecision>
  /**
   * Counts as many requests as the user has left in both windows now, as that many `consume`s
   * would (at once, whatever the limits): the next request is refused.
   */
  exhaust(userId: number, limits: Pick<ApiTierLimits, 'per_minute' | 'per_day'>, nowMs: number): void
  /** Forgets every count (reset, seed and state import do this). */
  clear(): void
  /** How many users have counts; memory is one small record per such user. */
  readonly size: number
}

/** One window of one user: where it started (epoch ms) and how many requests it has counted. */
export interface WindowCount {
  start: number
  count: number
}

/** A user's counts in every window. */
export type WindowCounts = Record<RateLimitWindow, WindowCount>

type Counter = WindowCount

/** The limiter of one process: its decisions are made at once. */
export interface InMemoryRateLimiter extends RateLimiter {
  consume(userId: number, limits: Pick<ApiTierLimits, 'per_minute' | 'per_day'>, nowMs: number): RateLimitDecision
}

/**
 * Creates a fixed-window limiter. A window's count goes back to zero at the first
 * request whose time falls outside it (later, or earlier after the clock was set back).
 * @example createRateLimiter().consume(1, { per_minute: 5, per_day: 100 }, clock.now())
 */
export function createRateLimiter(): InMemoryRateLimiter {
  const counters = new Map<number, Record<RateLimitWindow, Counter>>()

  const sweep = (nowMs: number) => {
    const today = windowStart('day', nowMs)
    for (const [userId, counter] of counters) if (counter.day.start !== today) counters.delete(userId)
  }

  const limiter: InMemoryRateLimiter = {
    consume(userId, limits, nowMs) {
      let counter = counters.get(userId)
      if (!counter) {
        if (counters.size >= SWEEP_ABOVE) sweep(nowMs)
        counter = { minute: { start: NaN, count: 0 }, day: { start: NaN, count: 0 } }
        counters.set(userId, counter)
      }
      for (const window of RATE_LIMIT_WINDOWS) {
        const start = windowStart(window, nowMs)
        if (counter[window].start !== start) counter[window] = { start, count: 0 }
      }
      const allowed = RATE_LIMIT_WINDOWS.every((window) => counter[window].count < limits[LIMIT_OF[window]])
      if (allowed) for (const window of RATE_LIMIT_WINDOWS) counter[window].count += 1
      return rateLimitDecision(counter, limits, allowed, nowMs)
    },
    exhaust(userId, limits, nowMs) {
      if (!limiter.consume(userId, limits, nowMs).allowed) return
      const { minute, day } = counters.get(userId)!
      const left = Math.min(limits.per_minute - minute.count, limits.per_day - day.count)
      minute.count += left
      day.count += left
    },
    clear: () => counters.clear(),
    get size() {
      return counters.size
    },
  }
  return limiter
}

/**
 * The decision for a request from the user's counts once it was checked (and counted, if
 * admitted): what the in-memory limiter and a shared store's both answer with.
 * @example rateLimitDecision({ minute: { start: 0, count: 1 }, day: { start: 0, count: 1 } }, { per_minute: 5, per_day: 9 }, true, 0).binding.remaining // 4
 */
export function rateLimitDecision(
  counts: WindowCounts,
  limits: Pick<ApiTierLimits, 'per_minute' | 'per_day'>,
  allowed: boolean,
  nowMs: number,
): RateLimitDecision {
  const windows = RATE_LIMIT_WINDOWS.map((window) => {
    const limit = limits[LIMIT_OF[window]]
    const { start, count } = counts[window]
    return { window, limit, remaining: Math.max(0, limit - count), resetAt: start + WINDOW_SECONDS[window] * 1000 }
  })
  const binding = bindingWindow(windows, allowed)
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((binding.resetAt - nowMs) / 1000))
  return { allowed, windows, binding, retryAfterSeconds, nowMs }
}

/** Start (epoch ms) of the window that holds an instant; epoch 0 is a UTC midnight, so days align to UTC. */
export function windowStart(window: RateLimitWindow, nowMs: number): number {
  const length = WINDOW_SECONDS[window] * 1000
  return Math.floor(nowMs / length) * length
}

function bindingWindow(windows: WindowStatus[], allowed: boolean): WindowStatus {
  // Refused: every exhausted window must reset before a request passes, so the last one decides.
  const candidates = allowed ? windows : windows.filter((status) => status.remaining === 0)
  return candidates.reduce((best, status) => {
    if (status.remaining !== best.remaining) return status.remaining < best.remaining ? status : best
    return status.resetAt > best.resetAt ? status : best
  })
}
