/** A source of numbers in [0, 1), like Math.random. */
export type Random = () => number

/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same sequence, so
 * fault injection is reproducible in tests. Not for anything secret.
 * @example const random = createRandom(42); random() // 0.6011037519201636
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
