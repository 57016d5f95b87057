import type { RunContext } from '../checks/check.js'
import type { Registration } from '../checks/registry.js'
import type { Profile } from '../document/profiles.js'
import type { Recorder } from './recorder.js'
import type { ContractSuiteOptions } from './suite-options.js'

/** What of a run promise() reads: its options, where it records, and its context. */
export interface ClaimingRun {
  options: ContractSuiteOptions
  recorder: Recorder
  ctx: RunContext
}

/** Whether an item claims anything under the selected profiles: the one place the run filters by profile. */
export function claimsUnder(item: Registration, profiles: ReadonlySet<Profile>): boolean {
  return Object.keys(item.claims).some((profile) => profiles.has(profile as Profile))
}

/**
 * What the run promises: each check and flow that a selected profile gives a claim on an
 * operation, unless CONTRACT_CHECKS leaves it out; CONTRACT_SKIP_CHECKS keeps it listed, as
 * skipped, and so does an option it needs (skippedBy).
 */
export function promise(run: ClaimingRun, claimed: readonly Registration[], profiles: ReadonlySet<Profile>): void {
  const { options, recorder, ctx } = run
  for (const item of claimed) {
    if (options.checks && !options.checks.includes(item.name)) continue
    const claims = Object.entries(item.claims).filter(([profile]) => profiles.has(profile as Profile))
    for (const operation of ctx.document.operations) {
      if (!claims.some(([, applies]) => applies?.(operation, ctx.document))) continue
      recorder.coverage.expect(operation.label, item.name)
      if (options.skipChecks?.includes(item.name))
        recorder.coverage.skip(operation.label, item.name, 'left out by CONTRACT_SKIP_CHECKS')
    }
    const reason = item.skippedBy?.(ctx.settings)
    if (reason) ctx.skip('*', item.name, reason)
  }
}
