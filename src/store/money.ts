/**
 * Money is kept as integer micro-dollars (1 USD = 1,000,000 micros) so that sums and
 * per-send charges (cpm / 1000) stay exact; JSON shows USD with at most two decimals.
 */
export const MICROS_PER_USD = 1_000_000
const MICROS_PER_CENT = MICROS_PER_USD / 100

/** Converts a USD amount with at most two decimals to micros. */
export function usdToMicros(usd: number): number {
  return Math.round(usd * 100) * MICROS_PER_CENT
}

/** Converts micros to USD, rounded down to the cent (a balance never shows more than it holds). */
export function microsToUsd(micros: number): number {
  return Math.floor(micros / MICROS_PER_CENT) / 100
}

/** Micros as USD without rounding, for state exports that must keep fractions of a cent. */
export function microsToExactUsd(micros: number): number {
  return micros / MICROS_PER_USD
}

/** USD with up to six decimals to micros, the inverse of microsToExactUsd. */
export function exactUsdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD)
}
