import { expect, it } from 'vitest'
import { microsToUsd, usdToMicros } from './money.js'

it('round-trips whole cents exactly, where floats would drift', () => {
  let micros = 0
  for (let i = 0; i < 10; i++) micros += usdToMicros(0.1)
  expect(microsToUsd(micros)).toBe(1)
  expect(microsToUsd(usdToMicros(19.99))).toBe(19.99)
  expect(usdToMicros(0.29)).toBe(290_000)
})

it('shows a balance rounded down to the cent', () => {
  expect(microsToUsd(1_239_999)).toBe(1.23)
  expect(microsToUsd(999)).toBe(0)
})
