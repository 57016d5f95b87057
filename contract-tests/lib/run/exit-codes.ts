import type { Verdict } from './results.js'

/**
 * How `npm run test:contract` exits: 0 passed, 1 failed, 2 the run could not start (unusable
 * variables, the deployment unreachable, a key refused), 3 inconclusive (nothing failed, but
 * something the profile promises went unchecked).
 */
export const EXIT_CODES = { PASSED: 0, FAILED: 1, UNUSABLE: 2, INCONCLUSIVE: 3 } as const

/** The exit code of a verdict. */
export function exitCodeOf(verdict: Verdict): number {
  return EXIT_CODES[verdict]
}
