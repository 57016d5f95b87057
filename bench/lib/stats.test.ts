import { describe, expect, it } from 'vitest'
import { acrossRounds, median, pairedRatio, percentile, summarize } from './stats.js'

describe('stats', () => {
  it('takes the nearest-rank percentile of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i) // 100..1
    expect(percentile(samples, 99)).toBe(99)
    expect(percentile(samples, 100)).toBe(100)
    expect(percentile(samples, 0)).toBe(1)
    expect(percentile([7], 99)).toBe(7)
  })

  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('answers NaN rather than a number for no samples', () => {
    expect(median([])).toBeNaN()
    expect(percentile([], 99)).toBeNaN()
  })

  it('summarizes samples as median, p99 and count', () => {
    expect(summarize([1, 2, 3])).toEqual({ median: 2, p99: 3, n: 3 })
  })

  it('combines rounds by the median of their medians and of their p99s, so one disturbed round moves neither', () => {
    const rounds = [
      { median: 1, p99: 5, n: 10 },
      { median: 9, p99: 90, n: 10 },
      { median: 1.2, p99: 6, n: 10 },
    ]
    expect(acrossRounds(rounds)).toEqual({ median: 1.2, p99: 6, n: 30 })
  })

  it('pairs ratios round by round, so a machine that slows down between rounds cancels out', () => {
    // Round 2 ran on a machine half as fast: both figures halved, the ratio unchanged.
    expect(pairedRatio([2000, 1000, 2100], [1000, 500, 1000])).toBe(2)
  })

  it('refuses to pair rounds that do not match', () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow(RangeError)
  })
})
