import { byOperation } from '../coverage.js'
import type { CheckName, ContractFailure, OperationLabel, Profile } from '../types.js'

/**
 * One difference between the deployment and the contract, however often it showed: the failures
 * of one check and profile that share a root cause (see ContractFailure.rootCause).
 */
export interface Finding {
  check: CheckName
  profile: Profile
  /** The first failure's title. */
  title: string
  rootCause: string
  /** How many distinct responses showed it. */
  responses: number
  /** The operations it showed on, in path order. */
  operations: OperationLabel[]
  /** The first failure: its request and "Received / Documented" are the example. */
  example: ContractFailure
  failures: ContractFailure[]
}

/**
 * Groups failures by root cause, in the order each was first seen.
 * @example groupFindings(result.failures).map((finding) => `${finding.check}: ${finding.title} ×${finding.responses}`)
 */
export function groupFindings(failures: readonly ContractFailure[]): Finding[] {
  const findings = new Map<string, Finding>()
  for (const failure of failures) {
    const key = `${failure.check}\u0000${failure.profile}\u0000${failure.rootCause}`
    const finding = findings.get(key) ?? { check: failure.check, profile: failure.profile, title: failure.title, rootCause: failure.rootCause, responses: 0, operations: [], example: failure, failures: [] }
    finding.failures.push(failure)
    findings.set(key, finding)
  }
  return [...findings.values()].map((finding) => ({
    ...finding,
    // A failure without a request (a flow's own verdict) counts as one response of its own.
    responses: new Set(finding.failures.map((failure) => failure.request ?? failure)).size,
    operations: [...new Set(finding.failures.map((failure) => failure.operation))].sort(byOperation),
  }))
}
