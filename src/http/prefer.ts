import { FAULT_STATUSES, type FaultStatus } from '../schemas/admin.js'
import { validationFailed } from './api-error.js'

/** Longest delay a request may ask for, in milliseconds. */
export const MAX_PREFERRED_DELAY_MS = 60_000

/** What a request asked for in its Prefer header (RFC 7240), as Prism reads it. */
export interface Preferences {
  /** Answer with this error status instead of running the operation. */
  code?: FaultStatus
  /** Hold the response this many milliseconds. */
  delay?: number
}

/**
 * Reads `code` and `delay` from Prefer headers; other preferences are ignored, as RFC 7240
 * asks, but a bad value of these two is a 422 rather than silently doing nothing.
 * @example parsePrefer('code=503, delay=200') // { code: 503, delay: 200 }
 */
export function parsePrefer(header: string | null): Preferences {
  const preferences: Preferences = {}
  if (!header) return preferences
  for (const item of header.split(',')) {
    const [name, raw] = item.split(';')[0]!.split('=').map((part) => part.trim().replace(/^"(.*)"$/, '$1'))
    if (name === 'code') {
      const status = Number(raw)
      if (!FAULT_STATUSES.includes(status as FaultStatus)) {
        throw validationFailed('Invalid Prefer header', [{ field: 'Prefer.code', message: `must be one of ${FAULT_STATUSES.join(', ')}` }])
      }
      preferences.code = status as FaultStatus
    } else if (name === 'delay') {
      const ms = Number(raw)
      if (!Number.isInteger(ms) || ms < 0 || ms > MAX_PREFERRED_DELAY_MS) {
        throw validationFailed('Invalid Prefer header', [{ field: 'Prefer.delay', message: `must be whole milliseconds from 0 to ${MAX_PREFERRED_DELAY_MS}` }])
      }
      preferences.delay = ms
    }
  }
  return preferences
}
