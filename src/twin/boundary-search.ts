// Finding a bound with few requests: a ladder of likely values first (120, 121, 200, 201, …),
// then halving between the last value taken and the first refused, within a budget of requests.

/** Asks the deployment whether it takes a value: true taken, false refused. */
export type Takes = (value: number) => Promise<boolean>

/** What the search found: the largest value taken (exact, or only known to lie below `refused`), or that every value tried was taken. */
export type Boundary =
  { kind: 'bound'; largest: number; refused: number; exact: boolean } | { kind: 'above'; largest: number | undefined }

/**
 * The largest value taken: the ladder (ascending) up to its first refusal, then halving between
 * the last value taken (or `low`, taken without asking) and that refusal, in steps of `step`,
 * asking at most `budget` more times.
 * @example await findBoundary(takesTitle, [120, 121, 200, 201], { low: 30, step: 1, budget: 8 }) // { kind: 'bound', largest: 200, refused: 201, exact: true }
 */
export async function findBoundary(
  takes: Takes,
  ladder: readonly number[],
  { low, step, budget }: { low: number; step: number; budget: number },
): Promise<Boundary> {
  let taken: number | undefined
  for (const value of ladder) {
    if (await takes(value)) taken = value
    else return { kind: 'bound', ...(await halve(takes, taken ?? low, value, step, budget)) }
  }
  return { kind: 'above', largest: taken }
}

/** Halves between `low` (taken) and `high` (refused) in units of `step`. */
async function halve(
  takes: Takes,
  low: number,
  high: number,
  step: number,
  budget: number,
): Promise<{ largest: number; refused: number; exact: boolean }> {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  const valueOf = (units: number) => Number((units * step).toFixed(decimals))
  let lo = Math.round(low / step)
  let hi = Math.round(high / step)
  for (let asked = 0; hi - lo > 1 && asked < budget; asked++) {
    const mid = Math.floor((lo + hi) / 2)
    if (await takes(valueOf(mid))) lo = mid
    else hi = mid
  }
  return { largest: valueOf(lo), refused: valueOf(hi), exact: hi - lo <= 1 }
}
