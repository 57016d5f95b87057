import type { StampFormat } from './house-conventions.js'

// A style's timestamps: the moment to the microsecond (performance.now() has the digits Date
// lacks), written in the style's form. Every form is ISO 8601 in UTC, as spec 2.2 and 2.3 ask.

/** The digits after the second, and the zone, of each form. */
const FORMS: Readonly<Record<StampFormat, { digits: 0 | 3 | 6; zone: 'Z' | '+00:00' }>> = {
  's-z': { digits: 0, zone: 'Z' },
  'ms-z': { digits: 3, zone: 'Z' },
  'us-z': { digits: 6, zone: 'Z' },
  's-offset': { digits: 0, zone: '+00:00' },
  'us-offset': { digits: 6, zone: '+00:00' },
}

/** The pattern a stamp of this form matches (for tests, and for a reader that must tell the forms apart). */
export function stampPattern(format: StampFormat): RegExp {
  const { digits, zone } = FORMS[format]
  const fraction = digits === 0 ? '' : `\\.\\d{${digits}}`
  return new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}${fraction}${zone === 'Z' ? 'Z' : '\\+00:00'}$`)
}

/**
 * A clock that writes stamps in one form.
 * @example createClock('us-z').now() // '2026-01-15T09:30:07.123456Z'
 */
export function createClock(format: StampFormat) {
  const { digits, zone } = FORMS[format]
  const write = (microseconds: number): string => {
    const millis = Math.floor(microseconds / 1000)
    const base = new Date(millis).toISOString().slice(0, 19)
    const fraction = String(Math.floor(microseconds) % 1_000_000).padStart(6, '0')
    return `${base}${digits === 0 ? '' : `.${fraction.slice(0, digits)}`}${zone}`
  }
  const microsNow = () => (performance.timeOrigin + performance.now()) * 1000
  return {
    /** Now, in the style's form. */
    now: () => write(microsNow()),
    /** This many days before now (a seeded record's stamps), in the style's form. */
    daysAgo: (days: number) => write(microsNow() - days * 86_400_000_000),
  }
}

/** A style's clock. */
export type Clock = ReturnType<typeof createClock>
