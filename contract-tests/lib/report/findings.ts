import type { ContractFailure } from '../checks/contract-failure.js'
import { byOperation } from '../run/coverage.js'
import type { Finding } from '../run/results.js'

/**
 * Groups failures by root cause, in the order each was first seen.
 * @example groupFindings(result.failures).map((finding) => `${finding.check}: ${finding.title} ×${finding.responses}`)
 */
export function groupFindings(failures: readonly ContractFailure[]): Finding[] {
  const findings = new Map<string, Finding>()
  for (const failure of failures) {
    const key = `${failure.check}\u0000${failure.profile}\u0000${failure.rootCause}`
    const finding = findings.get(key) ?? {
      check: failure.check,
      profile: failure.profile,
      title: failure.title,
      rootCause: failure.rootCause,
      responses: 0,
      operations: [],
      example: failure,
      failures: [],
    }
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
