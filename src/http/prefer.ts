import { FAULT_STATUSES, MAX_DELAY_MS, type FaultStatus } from '../schemas/control-plane.js'

/** What a request asked for in its Prefer header (RFC 7240), as Prism reads it. */
export interface Preferences {
  /** Answer with this error status instead of running the operation. */
  code?: FaultStatus
  /** Hold the response this many milliseconds. */
  delay?: number
}

/**
 * Reads `code` and `delay` from Prefer headers. Anything else, and a value the mock cannot
 * honour (`code=418`, `delay=-1`), is ignored as RFC 7240 asks; the response's
 * Preference-Applied header tells the client what was honoured.
 * @example parsePrefer('code=503, delay=200') // { code: 503, delay: 200 }
 */
export function parsePrefer(header: string | null): Preferences {
  const preferences: Preferences = {}
  for (const item of header?.split(',') ?? []) {
    // Only the preference itself, not its parameters; split always gives a first part.
    const [preference = ''] = item.split(';')
    const [name, raw] = preference.split('=').map((part) => part.trim().replace(/^"(.*)"$/, '$1'))
    const value = Number(raw)
    if (name === 'code' && FAULT_STATUSES.includes(value as FaultStatus)) preferences.code = value as FaultStatus
    if (name === 'delay' && /^\d+$/.test(raw ?? '') && value <= MAX_DELAY_MS) preferences.delay = value
  }
  return preferences
}
