import { expect, it } from 'vitest'
import { isoTimestamp } from './clock.js'

// A stamp in each format a deployment may write: the same instant (to the precision it shows), the wall time at the offset.
const AT = Date.UTC(2026, 0, 15, 9, 30, 0, 120)

it.each([
  [{ fraction: 3, zone: 'Z' }, '2026-01-15T09:30:00.120Z'],
  [{ fraction: 0, zone: 'Z' }, '2026-01-15T09:30:00Z'],
  [{ fraction: 6, zone: '+00:00' }, '2026-01-15T09:30:00.120000+00:00'],
  [{ fraction: 0, zone: '+01:00' }, '2026-01-15T10:30:00+01:00'],
  [{ fraction: 6, zone: '-0500' }, '2026-01-15T04:30:00.120000-0500'],
  [{ fraction: 7, zone: 'Z' }, '2026-01-15T09:30:00.1200000Z'],
  [{ fraction: 9, zone: 'Z', trimmed: true }, '2026-01-15T09:30:00.12Z'],
])('writes %j as %s, the same instant', (format, written) => {
  expect(isoTimestamp(AT, format)).toBe(written)
  expect(Date.parse(written)).toBe(format.fraction === 0 ? AT - 120 : AT)
})

it('leaves the fraction out of a whole second where trailing zeros are left out', () => {
  expect(isoTimestamp(Date.UTC(2026, 0, 15, 9, 30), { fraction: 9, zone: 'Z', trimmed: true })).toBe(
    '2026-01-15T09:30:00Z',
  )
})
