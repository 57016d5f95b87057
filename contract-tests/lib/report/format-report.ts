import type { SentRequest } from '../client/exchange.js'
import type { CoverageRow } from '../run/coverage.js'
import { FINDING_KINDS, type ContractSuiteResult, type Finding, type FindingKind } from '../run/results.js'

/** How the headline and the JUnit suites name each part of the findings. */
export const FINDING_PARTS: Readonly<Record<FindingKind, { one: string; many: string; suite: string }>> = {
  spec: { one: 'spec violation', many: 'spec violations', suite: 'spec violations' },
  difference: {
    one: 'difference from the document',
    many: 'differences from the document',
    suite: 'differences from the document',
  },
  defect: {
    one: 'defect of consistency (state, rules, limits)',
    many: 'defects of consistency (state, rules, limits)',
    suite: 'defects of consistency',
  },
}

/**
 * The readable summary: the verdict and the findings in three parts first (spec violations,
 * differences from the document, defects of consistency), the next step when only differences
 * remain; then each finding once (how many responses and operations showed it, one example
 * request, "Received / Documented", its knock-ons); what was not exercised and why; what an
 * option left out; and a table of every operation's checks.
 * @example console.log(formatReport(await runContractSuite(options)))
 */
export function formatReport(result: ContractSuiteResult): string {
  const count = (state: CoverageRow['state']) => result.coverage.filter((row) => row.state === state).length
  const responses = result.findings.reduce((sum, finding) => sum + finding.responses, 0)
  const lines = [
    `Contract suite, run ${result.runId}, against ${result.baseUrl} (profile ${result.profile})`,
    `${result.verdict}: ${plural(result.findings.length, 'finding')}${result.findings.length ? ` (in ${plural(responses, 'response')}): ${headlineParts(result.findings)}` : ''}; checks on operations: ${count('passed')} passed, ${count('failed')} failed, ${count('not_exercised')} not exercised, ${count('skipped')} skipped by option; ${plural(result.errors.length, 'error')}`,
    `${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s`,
    ...nextStep(result),
  ]
  if (result.findings.length > 0) {
    lines.push('', 'Findings')
    // By part, numbered as the run orders them (spec violations first): "because of finding N" and JUnit use the same numbers.
    for (const kind of FINDING_KINDS) {
      const part = result.findings.flatMap((finding, index) => (finding.kind === kind ? [{ finding, index }] : []))
      if (part.length === 0) continue
      lines.push('', `${capitalized(FINDING_PARTS[kind].many)} (${part.length})`)
      for (const { finding, index } of part) lines.push('', ...describeFinding(finding, index + 1))
    }
  }
  const notExercised = byReason(result.coverage.filter((row) => row.state === 'not_exercised'))
  if (notExercised.length > 0)
    lines.push('', 'Not exercised', ...notExercised.map(([reason, where]) => `  - ${where}: ${reason}`))
  const skipped = byReason(result.coverage.filter((row) => row.state === 'skipped'))
  if (skipped.length > 0)
    lines.push('', 'Skipped by option', ...skipped.map(([reason, where]) => `  - ${where}: ${reason}`))
  if (result.errors.length > 0) lines.push('', 'Errors', ...result.errors.map((error) => `  - ${error}`))
  if (result.notes.length > 0) lines.push('', 'Notes', ...result.notes.map((note) => `  - ${note}`))
  const { deleted, leftover } = result.cleanup
  lines.push(
    '',
    `Cleanup: deleted ${plural(deleted.length, 'resource')}, ${leftover.length} left${leftover.length ? `: ${leftover.join(', ')}` : ''}`,
  )
  lines.push('', ...coverageTable(result.coverage), '', result.verdict)
  return lines.join('\n')
}

/** The findings' three parts with their counts: `0 spec violations, 14 differences from the document, 2 defects of consistency (state, rules, limits)`. */
export function headlineParts(findings: readonly Finding[]): string {
  return FINDING_KINDS.map((kind) => {
    const count = findings.filter((finding) => finding.kind === kind).length
    return `${count} ${count === 1 ? FINDING_PARTS[kind].one : FINDING_PARTS[kind].many}`
  }).join(', ')
}

/**
 * What to do when every finding is a difference from the document: the deployment keeps the spec
 * and makes choices of its own where it is silent, which no document but its own can judge.
 */
function nextStep(result: ContractSuiteResult): string[] {
  const { findings, errors } = result
  if (findings.length === 0 || errors.length > 0 || findings.some((finding) => finding.kind !== 'difference')) return []
  return [
    '',
    'Next step: every finding is a difference from the document, a choice where the spec is silent, not a bug. To judge the deployment by its own choices, learn a twin (npx ad-campaign-mock twin --base-url <URL> --key <KEY> [--key2 <KEY_2>] --out deployment.twin.json) and run again with CONTRACT_OPENAPI=deployment.twin.json (its document); or judge by the spec alone with CONTRACT_PROFILE=spec.',
  ]
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** One finding as report lines. */
export function describeFinding(finding: Finding, number: number): string[] {
  return [
    `${number}) ${finding.check} [${finding.profile}]: ${finding.title}`,
    ...findingLines(finding).map((line) => `   ${line}`),
  ]
}

/**
 * What a finding shows beneath its title: where it was seen, each facet with its operations and
 * knock-on effects (when there is more to say than the title), the example request, "Received /
 * Documented". The JUnit failure text is the same lines.
 */
export function findingLines(finding: Finding): string[] {
  const { example } = finding
  const facets =
    finding.facets.length > 1 || finding.facets.some((facet) => facet.knockOns.length > 0) ? finding.facets : []
  const shown = facets.slice(0, MOST_FACETS)
  return [
    `Seen in ${plural(finding.responses, 'response')}${whereSeen(finding)}`,
    ...shown.map(
      (facet) =>
        `- ${facet.name}: ${facet.operations.join(', ') || '(only as a knock-on)'}${facet.knockOns.map((knockOn) => `; ${knockOn}`).join('')}`,
    ),
    ...(facets.length > shown.length ? [`- and ${facets.length - shown.length} more`] : []),
    ...(finding.knockOns.length > 0 ? [`Knock-ons: ${finding.knockOns.join('; ')}`] : []),
    ...(example.request ? describeRequest(example.request) : []),
    `Received: ${example.received}`,
    `Documented: ${example.documented}`,
  ]
}

/** How many facets a finding lists before it says how many more there are. */
const MOST_FACETS = 8

/** ` on 2 operations: GET /adverts, GET /user` and, for requests that reached none, `; in answers to PUT /adverts`. */
function whereSeen(finding: Finding): string {
  const on = finding.operations.length
    ? ` on ${plural(finding.operations.length, 'operation')}: ${shortList(finding.operations)}`
    : ''
  const requests = finding.requests.length
    ? `${on ? ';' : ','} in answers to ${shortList(finding.requests)} (no documented operation)`
    : ''
  return `${on}${requests}`
}

function shortList(operations: readonly string[]): string {
  return operations.length > 3
    ? `${operations.slice(0, 3).join(', ')} and ${operations.length - 3} more`
    : operations.join(', ')
}

/** The request sent, as lines: `Example: POST http://…/campaigns`, its Authorization (masked) and its body. */
export function describeRequest(request: SentRequest): string[] {
  const auth = request.headers.authorization
    ? ` (Authorization: ${request.headers.authorization})`
    : ' (no Authorization)'
  return [
    `Example: ${request.method} ${request.url}${auth}`,
    ...(request.body ? [`Body: ${request.body.length > 300 ? `${request.body.slice(0, 300)}…` : request.body}`] : []),
  ]
}

/**
 * Rows grouped by reason, one line each, with how many checks on operations it stands for when
 * more than one: `OPERATION, OPERATION (check)` when the operations share their checks, else
 * `OPERATION (check, check); OPERATION (check)`.
 */
function byReason(rows: readonly CoverageRow[]): Array<[string, string]> {
  const groups = new Map<string, Map<string, string[]>>()
  for (const row of rows) {
    const operations = groups.get(row.reason ?? '') ?? new Map<string, string[]>()
    operations.set(row.operation, [...(operations.get(row.operation) ?? []), row.check])
    groups.set(row.reason ?? '', operations)
  }
  return [...groups].map(([reason, operations]) => {
    const checks = [...operations.values()].map((list) => list.join(', '))
    const count = checks.reduce((sum, list) => sum + list.split(', ').length, 0)
    const where =
      operations.size > 1 && new Set(checks).size === 1
        ? `${[...operations.keys()].join(', ')} (${checks[0]})`
        : [...operations].map(([operation, list]) => `${operation} (${list.join(', ')})`).join('; ')
    return [count > 1 ? `${reason} (${count} in all)` : reason, where]
  })
}

/** Every operation with how many of its checks passed, failed, were not exercised and were skipped. */
export function coverageTable(coverage: readonly CoverageRow[]): string[] {
  const operations = [...new Set(coverage.map((row) => row.operation))]
  const width = Math.max(9, ...operations.map((operation) => operation.length))
  const cells = (values: Array<string | number>) =>
    values
      .map((value, i) => (i === 0 ? String(value).padEnd(width) : String(value).padStart(i === 3 ? 13 : 7)))
      .join(' ')
  return [
    'Checks by operation',
    `  ${cells(['operation', 'passed', 'failed', 'not exercised', 'skipped'])}`,
    ...operations.map((operation) => {
      const rows = coverage.filter((row) => row.operation === operation)
      const count = (state: CoverageRow['state']) => rows.filter((row) => row.state === state).length
      return `  ${cells([operation, count('passed'), count('failed'), count('not_exercised'), count('skipped')])}`
    }),
  ]
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
