// Finding a bound with few requests: a ladder of likely values first (120, 121, 200, 201, …),
// then, where bounds are usually round numbers, the round values below the first refusal, then
// halving between the last value taken and the first refused, within a budget of requests.

/** Asks the deployment whether it takes a value: true taken, false refused. */
export type Takes = (value: number) => Promise<boolean>

/** What the search found: the largest value taken (exact, or only known to lie below `refused`), or that every value tried was taken. */
export type Boundary =
  { kind: 'bound'; largest: number; refused: number; exact: boolean } | { kind: 'above'; largest: number | undefined }

/** How to search: `low` is taken without asking; `step` is the finest difference; `budget` the halving's requests. */
export interface SearchOptions {
  low: number
  step: number
  budget: number
  /**
   * Before halving, try the round values (1, 2 and 5 times a power of ten) between the last value
   * taken and the first refused, largest first, and the step above the first one taken: a bound
   * of 500 is found in a few requests where halving from 100,000 in cents would need 24.
   */
  round?: boolean
}

/**
 * The largest value taken: the ladder (ascending) up to its first refusal, then (with `round`) the
 * round values below it, then halving between the last value taken (or `low`, taken without
 * asking) and the lowest refusal, in steps of `step`, asking at most `budget` more times.
 * @example await findBoundary(takesTitle, [120, 121, 200, 201], { low: 30, step: 1, budget: 8 }) // { kind: 'bound', largest: 200, refused: 201, exact: true }
 */
export async function findBoundary(takes: Takes, ladder: readonly number[], options: SearchOptions): Promise<Boundary> {
  const { low, step, budget } = options
  let taken: number | undefined
  for (const value of ladder) {
    if (await takes(value)) taken = value
    else {
      const between = options.round
        ? await roundDown(takes, taken ?? low, value, step)
        : { low: taken ?? low, high: value }
      return { kind: 'bound', ...(await halve(takes, between.low, between.high, step, budget)) }
    }
  }
  return { kind: 'above', largest: taken }
}

/**
 * The step below `high` (refused): a bound that stops short of a round number (99,999.99, a
 * decimal of seven digits). Then round values between `low` (taken) and `high`, largest first,
 * until one is taken; then the step above it. Answers the narrower range left (equal ends when
 * the bound is found).
 */
async function roundDown(
  takes: Takes,
  low: number,
  high: number,
  step: number,
): Promise<{ low: number; high: number }> {
  const below = atStep(high - step, step)
  if (below > low) {
    if (await takes(below)) return { low: below, high }
    high = below
  }
  for (const value of roundValuesBetween(low, high)) {
    if (!(await takes(value))) {
      high = value
      continue
    }
    const next = atStep(value + step, step)
    if (next >= high) return { low: value, high }
    return (await takes(next)) ? { low: next, high } : { low: value, high: next }
  }
  return { low, high }
}

/**
 * The round values strictly between two numbers, largest first: 1, 2 and 5 times a power of ten.
 * @example roundValuesBetween(2.5, 1000) // [500, 200, 100, 50, 20, 10, 5]
 */
export function roundValuesBetween(low: number, high: number): number[] {
  const values: number[] = []
  for (let power = Math.floor(Math.log10(Math.max(high, 1))); power >= -2; power--)
    for (const mantissa of [5, 2, 1]) {
      const value = atStep(mantissa * 10 ** power, 0.01)
      if (value > low && value < high) values.push(value)
    }
  return values
}

/** Halves between `low` (taken) and `high` (refused) in units of `step`. */
async function halve(
  takes: Takes,
  low: number,
  high: number,
  step: number,
  budget: number,
): Promise<{ largest: number; refused: number; exact: boolean }> {
  let lo = Math.round(low / step)
  let hi = Math.round(high / step)
  for (let asked = 0; hi - lo > 1 && asked < budget; asked++) {
    const mid = Math.floor((lo + hi) / 2)
    if (await takes(atStep(mid * step, step))) lo = mid
    else hi = mid
  }
  return { largest: atStep(lo * step, step), refused: atStep(hi * step, step), exact: hi - lo <= 1 }
}

/** A value rounded to the decimals of `step` (0.01: two). */
function atStep(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  return Number(value.toFixed(decimals))
}
