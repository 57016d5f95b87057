import type { ContractSuiteResult } from '../run-suite.js'
import { groupResults } from './group-results.js'
import type { ContractFailure, SentRequest } from '../types.js'

/**
 * The readable summary: every operation with the checks that judged it (✓ runs, or ✗ failures/runs),
 * then each failure with its operation, the request sent and "Received: … / Documented: …".
 * @example console.log(formatReport(await runContractSuite(options)))
 */
export function formatReport(result: ContractSuiteResult): string {
  const lines: string[] = []
  lines.push(`Contract suite, run ${result.runId}, against ${result.baseUrl} (profile ${result.profile})`)
  lines.push(`${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s; ${result.failures.length} failures; ${result.errors.length} errors`)
  lines.push('')
  for (const group of groupResults(result)) {
    lines.push(group.operation)
    const passed = group.checks.filter((c) => c.failures.length === 0).map((c) => `${c.check} ×${c.runs}`)
    if (passed.length > 0) lines.push(`  ✓ ${passed.join(', ')}`)
    for (const { check, runs, failures } of group.checks.filter((c) => c.failures.length > 0)) {
      lines.push(`  ✗ ${check}: ${failures.length} failed (${runs} runs)`)
    }
  }
  if (result.failures.length > 0) {
    lines.push('', 'Failures')
    result.failures.forEach((failure, index) => lines.push('', ...describeFailure(failure, index + 1)))
  }
  if (result.errors.length > 0) lines.push('', 'Errors', ...result.errors.map((error) => `  - ${error}`))
  if (result.notExercised.length > 0) lines.push('', `Not exercised: ${result.notExercised.join(', ')}`)
  if (result.notes.length > 0) lines.push('', 'Notes', ...result.notes.map((note) => `  - ${note}`))
  lines.push('', `Cleanup: deleted ${result.cleanup.deleted.length} resources, ${result.cleanup.leftover.length} left${result.cleanup.leftover.length ? `: ${result.cleanup.leftover.join(', ')}` : ''}`)
  lines.push(result.ok ? 'PASSED' : 'FAILED')
  return lines.join('\n')
}

/** One failure as report lines. */
export function describeFailure(failure: ContractFailure, number: number): string[] {
  return [
    `${number}) ${failure.operation} · ${failure.check} [${failure.profile}]: ${failure.title}`,
    ...(failure.request ? describeRequest(failure.request).map((line) => `   ${line}`) : []),
    `   Received: ${failure.received}`,
    `   Documented: ${failure.documented}`,
  ]
}

/** The request sent, as lines: `POST http://…/campaigns`, its Authorization (masked) and its body. */
export function describeRequest(request: SentRequest): string[] {
  const auth = request.headers.authorization ? ` (Authorization: ${request.headers.authorization})` : ' (no Authorization)'
  return [`Request: ${request.method} ${request.url}${auth}`, ...(request.body ? [`Body: ${request.body.length > 300 ? `${request.body.slice(0, 300)}…` : request.body}`] : [])]
}
