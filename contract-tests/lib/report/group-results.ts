import type { ContractSuiteResult } from '../run-suite.js'
import type { CheckName, ContractFailure } from '../types.js'

/** One check on one operation: how often it judged it, and what it found. */
export interface CheckGroup {
  check: CheckName
  runs: number
  failures: ContractFailure[]
}

/** One operation and its checks. */
export interface OperationGroup {
  operation: string
  checks: CheckGroup[]
}

/**
 * Results by operation, then by check: runs from the tallies, failures under the operation
 * they name (a probe's failure names the request that failed, not the one that led to it).
 */
export function groupResults(result: Pick<ContractSuiteResult, 'tallies' | 'failures'>): OperationGroup[] {
  const groups = new Map<string, Map<CheckName, CheckGroup>>()
  const entry = (operation: string, check: CheckName) => {
    const checks = groups.get(operation) ?? new Map<CheckName, CheckGroup>()
    groups.set(operation, checks)
    const group = checks.get(check) ?? { check, runs: 0, failures: [] }
    checks.set(check, group)
    return group
  }
  for (const tally of result.tallies) entry(tally.operation, tally.check).runs += tally.runs
  for (const failure of result.failures) entry(failure.operation, failure.check).failures.push(failure)
  return [...groups.entries()]
    .sort(([a], [b]) => pathOf(a).localeCompare(pathOf(b)) || a.localeCompare(b))
    .map(([operation, checks]) => ({ operation, checks: [...checks.values()].sort((a, b) => a.check.localeCompare(b.check)) }))
}

function pathOf(label: string): string {
  return label.split(' ')[1] ?? label
}
