/** Seconds and their fraction in an ISO 8601 timestamp: `T09:30:00.120Z`. */
const TIME = /T\d\d:\d\d:(\d\d)(?:\.(\d+))?(?:Z|[+-]\d\d:?\d\d)$/

/**
 * The finest unit, in milliseconds, that one timestamp shows: 60000 for `…:30:00Z`, 1000 for
 * `…:30:07Z` or `…:30:07.000Z`, 10 for `…:30:07.120Z`.
 */
export function unitOfStamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const match = TIME.exec(value)
  if (!match || Number.isNaN(Date.parse(value))) return undefined
  const digits = (match[2] ?? '').replace(/0+$/, '').length
  if (digits === 0 && match[1] === '00') return 60_000
  return 10 ** (3 - Math.min(3, digits))
}

/**
 * How finely a deployment stamps each timestamp field, learned from its answers: the finest unit
 * any answer showed so far (a deployment that stamps to the millisecond shows `.000` once in a
 * thousand answers; one that stamps to the second never shows more). Two moments closer than that
 * may carry the same stamp, so no judgement between them is made.
 * @example const precision = new StampPrecision(); precision.observe('GET /campaigns/{id} updated_at', '2026-01-15T09:30:00Z'); precision.unitMs('GET /campaigns/{id} updated_at') // 1000
 */
export class StampPrecision {
  private readonly finest = new Map<string, number>()
  /** Distinct values at a whole minute, per field: a minute is the unit only once two differ. */
  private readonly minutes = new Map<string, Set<string>>()

  /** Takes one value of a field into account (anything that is not a timestamp is ignored). */
  observe(key: string, value: unknown): void {
    const unit = unitOfStamp(value)
    if (unit === undefined) return
    this.finest.set(key, Math.min(unit, this.finest.get(key) ?? unit))
    if (unit === 60_000) this.minutes.set(key, (this.minutes.get(key) ?? new Set()).add(String(value)))
  }

  /**
   * The finest unit seen for the field, in milliseconds; undefined before any timestamp of it. A
   * deployment that stamps to the second shows `:00` once a minute: a minute is taken for its
   * unit only when two different values at whole minutes, and nothing finer, were seen.
   */
  unitMs(key: string): number | undefined {
    const finest = this.finest.get(key)
    if (finest !== 60_000) return finest
    return (this.minutes.get(key)?.size ?? 0) >= 2 ? 60_000 : 1000
  }
}

/** A unit in words: `the second`, `the millisecond`, `a tenth of a second`. */
export function describeUnit(ms: number): string {
  if (ms >= 60_000) return 'the minute'
  if (ms >= 1000) return 'the second'
  if (ms >= 100) return 'a tenth of a second'
  if (ms >= 10) return 'a hundredth of a second'
  return 'the millisecond'
}
