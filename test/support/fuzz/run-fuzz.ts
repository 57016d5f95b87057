import fc from 'fast-check'

// How the fuzz properties run. In `npm test`: a fixed seed and a few thousand cases in all, fast.
// In `npm run fuzz`: a random seed and FUZZ_SCALE (default 50) times the cases. Either way a
// failure names its seed and counterexample path and says how to replay it.

/** Whether this is the long run (`npm run fuzz`) rather than the fixed one inside `npm test`. */
export const LONG_FUZZ =
  process.env.npm_lifecycle_event === 'fuzz' ||
  process.env.FUZZ_SEED !== undefined ||
  process.env.FUZZ_SCALE !== undefined

/** The seed every property of this run uses. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? (LONG_FUZZ ? Math.floor(Math.random() * 2 ** 31) : 20_261_123))

const SCALE = Number(process.env.FUZZ_SCALE ?? (LONG_FUZZ ? 50 : 1))

/** A test's time limit: generous in the long run. */
export const FUZZ_TIMEOUT_MS = LONG_FUZZ ? 4 * 3_600_000 : 120_000

/**
 * Runs a property with the run's seed and `baseRuns` cases (scaled in the long run), prints the
 * seed, case count and time, and on a failure throws fast-check's report plus how to replay it.
 * @example await runFuzz('in-process requests', fc.asyncProperty(arb, check), 2000)
 */
export async function runFuzz<T>(
  name: string,
  property: fc.IAsyncProperty<T> | fc.IProperty<T>,
  baseRuns: number,
): Promise<void> {
  const numRuns = Math.max(1, Math.round(baseRuns * SCALE))
  const started = performance.now()
  const details = await fc.check(property as fc.IAsyncProperty<T>, {
    seed: FUZZ_SEED,
    numRuns,
    path: process.env.FUZZ_PATH,
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `fuzz ${name}: ${details.numRuns} cases, seed ${FUZZ_SEED}, ${seconds} s${details.failed ? ' (FAILED)' : ''}`,
  )
  if (!details.failed) return
  const replay = `Replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npm run fuzz -- -t "${name}"`
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  // A counterexample can hold megabytes of text; the seed and path replay it whole.
  const report = fc.defaultReportMessage(details) ?? 'the property failed'
  const shown = report.length > 6_000 ? `${report.slice(0, 6_000)}… (${report.length} characters)` : report
  throw new Error(`${shown}\n\nWhat broke: ${cause.slice(0, 2_000)}\n\n${replay}`)
}
