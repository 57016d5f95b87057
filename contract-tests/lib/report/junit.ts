import type { ContractSuiteResult } from '../run-suite.js'
import { describeRequest } from './format-report.js'
import { groupResults } from './group-results.js'

/**
 * The run as JUnit XML: one testsuite per operation, one testcase per check that judged it
 * (a <failure> per violation), and a `run` suite for errors and cleanup.
 * @example await writeFile('contract.xml', toJUnitXml(result))
 */
export function toJUnitXml(result: ContractSuiteResult): string {
  const suites: string[] = []
  let tests = 0
  for (const group of groupResults(result)) {
    const cases = group.checks.map(({ check, runs, failures }) => {
      const body = failures
        .map((f) => {
          const text = [...(f.request ? describeRequest(f.request) : []), `Received: ${f.received}`, `Documented: ${f.documented}`].join('\n')
          return `<failure type="${escape(f.check)}" message="${escape(`[${f.profile}] ${f.title}`)}">${escape(text)}</failure>`
        })
        .join('')
      return `    <testcase classname="${escape(group.operation)}" name="${escape(check)}" assertions="${runs}">${body}</testcase>`
    })
    tests += cases.length
    const failed = group.checks.filter((c) => c.failures.length > 0).length
    suites.push(`  <testsuite name="${escape(group.operation)}" tests="${cases.length}" failures="${failed}">\n${cases.join('\n')}\n  </testsuite>`)
  }
  const leftover = result.cleanup.leftover
  const runCases = [
    ...result.errors.map((error) => `    <testcase classname="run" name="${escape(error.slice(0, 80))}"><error message="${escape(error)}"/></testcase>`),
    `    <testcase classname="run" name="cleanup">${leftover.length ? `<failure message="${escape(leftover.join(', '))}"/>` : ''}</testcase>`,
  ]
  tests += runCases.length
  suites.push(`  <testsuite name="run" tests="${runCases.length}" failures="${leftover.length ? 1 : 0}" errors="${result.errors.length}">\n${runCases.join('\n')}\n  </testsuite>`)
  const failedCases = groupResults(result).flatMap((g) => g.checks).filter((c) => c.failures.length > 0).length + (leftover.length ? 1 : 0)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract ${escape(result.runId)}" tests="${tests}" failures="${failedCases}" errors="${result.errors.length}" time="${(result.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`
}

function escape(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}
