import { FINDING_KINDS, type ContractSuiteResult } from '../run/results.js'
import { FINDING_PARTS, findingLines } from './format-report.js'

/**
 * The run as JUnit XML, with the console's counts: the findings in three suites, as the headline
 * parts them (`spec violations`, `differences from the document`, `defects of consistency`), one
 * failing testcase per finding, numbered as the console numbers them (so `failures` is the number
 * of distinct findings), a `coverage` suite with a
 * testcase for each check on each operation that did not fail (passed, or `<skipped>` with the
 * reason it was not exercised or the option that left it out; failed ones are the findings), and
 * a `run` suite for errors and cleanup.
 * @example await writeFile('contract.xml', toJUnitXml(result))
 */
export function toJUnitXml(result: ContractSuiteResult): string {
  const findings = result.findings.map((finding, index) => {
    // Every operation by name (the console shortens the list), then the same lines as the console.
    const places = [...finding.operations, ...finding.requests]
    const text = [
      `Seen in ${finding.responses} responses on ${places.join(', ')}`,
      ...findingLines(finding).slice(1),
    ].join('\n')
    const message = `[${finding.profile}] ${finding.title}`
    const testcase = `    <testcase classname="${escape(finding.check)}" name="${escape(`${index + 1}) ${finding.title}`)}"><failure type="${escape(finding.check)}" message="${escape(message)}">${escape(text)}</failure></testcase>`
    return { kind: finding.kind, testcase }
  })
  const covered = result.coverage.filter((row) => row.state !== 'failed')
  const coverage = covered.map((row) => {
    const skipped =
      row.state === 'passed'
        ? ''
        : `<skipped message="${escape(`${row.state === 'skipped' ? 'skipped by option' : 'not exercised'}: ${row.reason ?? ''}`)}"/>`
    return `    <testcase classname="${escape(row.operation)}" name="${escape(row.check)}" assertions="${row.runs}">${skipped}</testcase>`
  })
  const leftover = result.cleanup.leftover
  const run = [
    ...result.errors.map(
      (error) =>
        `    <testcase classname="run" name="${escape(error.slice(0, 80))}"><error message="${escape(error)}"/></testcase>`,
    ),
    `    <testcase classname="run" name="cleanup">${leftover.length ? `<system-out>${escape(`left behind: ${leftover.join(', ')}`)}</system-out>` : ''}</testcase>`,
  ]
  const skipped = covered.length - covered.filter((row) => row.state === 'passed').length
  const suites = [
    ...FINDING_KINDS.map((kind) => {
      const part = findings.filter((finding) => finding.kind === kind).map((finding) => finding.testcase)
      return suite(FINDING_PARTS[kind].suite, part, { failures: part.length })
    }),
    suite('coverage', coverage, { skipped }),
    suite('run', run, { errors: result.errors.length }),
  ]
  const tests = findings.length + coverage.length + run.length
  const attributes = `tests="${tests}" failures="${findings.length}" errors="${result.errors.length}" skipped="${skipped}" time="${(result.durationMs / 1000).toFixed(3)}"`
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract ${escape(result.runId)} ${result.verdict}" ${attributes}>\n${suites.join('\n')}\n</testsuites>\n`
}

function suite(
  name: string,
  cases: string[],
  counts: { failures?: number; errors?: number; skipped?: number },
): string {
  const attributes = Object.entries({ failures: 0, errors: 0, skipped: 0, ...counts })
    .map(([key, value]) => `${key}="${value}"`)
    .join(' ')
  return `  <testsuite name="${name}" tests="${cases.length}" ${attributes}>${cases.length ? `\n${cases.join('\n')}\n  ` : ''}</testsuite>`
}

function escape(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}
