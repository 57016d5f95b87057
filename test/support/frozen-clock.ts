import { createClock, type Clock } from '../../src/domain/clock.js'

/**
 * A clock pinned mid-minute: tests that count a per-minute allowance on it cannot see the
 * window roll over between two requests, as they could on real time.
 */
export function frozenClock(at = '2026-03-01T10:00:15.000Z'): Clock {
  const clock = createClock()
  clock.set(Date.parse(at))
  return clock
}
