import { expect, it } from 'vitest'
import { describeUnit, StampPrecision, unitOfStamp } from './stamp-precision.js'

it('reads the finest unit one timestamp shows', () => {
  expect(unitOfStamp('2026-01-15T09:30:00Z')).toBe(60_000)
  expect(unitOfStamp('2026-01-15T09:30:07Z')).toBe(1000)
  expect(unitOfStamp('2026-01-15T09:30:07.000Z')).toBe(1000)
  expect(unitOfStamp('2026-01-15T09:30:00.500Z')).toBe(100)
  expect(unitOfStamp('2026-01-15T09:30:00.120Z')).toBe(10)
  expect(unitOfStamp('2026-01-15T09:30:00.123Z')).toBe(1)
  expect(unitOfStamp('2026-01-15T09:30:00.123456Z')).toBe(1)
  expect(unitOfStamp('2026-01-15T09:30:07+02:00')).toBe(1000)
  expect(unitOfStamp('not a time')).toBeUndefined()
  expect(unitOfStamp(42)).toBeUndefined()
})

it("learns a field's precision as the finest any answer showed, field by field", () => {
  const precision = new StampPrecision()
  expect(precision.unitMs('GET /adverts/{id} updated_at')).toBeUndefined()
  // One value at a whole minute: a second-stamper shows that once a minute.
  precision.observe('GET /adverts/{id} updated_at', '2026-01-15T09:30:00Z')
  expect(precision.unitMs('GET /adverts/{id} updated_at')).toBe(1000)
  precision.observe('GET /adverts/{id} updated_at', '2026-01-15T09:31:00Z')
  expect(precision.unitMs('GET /adverts/{id} updated_at')).toBe(60_000)
  for (const value of ['2026-01-15T09:30:01.000Z', 'garbage']) precision.observe('GET /adverts/{id} updated_at', value)
  expect(precision.unitMs('GET /adverts/{id} updated_at')).toBe(1000)
  precision.observe('GET /adverts/{id} updated_at', '2026-01-15T09:30:02.041Z')
  expect(precision.unitMs('GET /adverts/{id} updated_at')).toBe(1)
  expect(precision.unitMs('GET /campaigns/{id} updated_at')).toBeUndefined()
  expect([60_000, 1000, 100, 10, 1].map(describeUnit)).toEqual([
    'the minute',
    'the second',
    'a tenth of a second',
    'a hundredth of a second',
    'the millisecond',
  ])
})
