import { expect, it } from 'vitest'
import { contractFailure, type FailureFields } from '../checks/contract-failure.js'
import type { SentRequest } from '../client/exchange.js'
import { Coverage } from '../run/coverage.js'
import type { ContractSuiteResult } from '../run/results.js'
import { groupFindings } from './findings.js'
import { describeFinding, formatReport } from './format-report.js'

const request = (path: string): SentRequest => ({ method: 'GET', url: `http://api.test/api/v1${path}`, headers: {} })

/** An undocumented property of the Advert schema, as response_schema_conformance reports it. */
const undocumented = (property: string, operation: string, extra: Partial<FailureFields> = {}) =>
  contractFailure({
    check: 'response_schema_conformance',
    profile: 'contract',
    operation,
    title: `Undocumented property ${property}`,
    received: `/data must NOT have additional properties (${property})`,
    documented: '#/components/schemas/Advert (additionalProperties)',
    request: request(operation.split(' ')[1]!),
    rootCause: 'additionalProperties #/components/schemas/Advert',
    facet: property,
    facetsTitle: 'Undocumented properties of Advert:',
    ...extra,
  })

it('makes the undocumented properties of one schema one finding, naming each with the operations it showed on', () => {
  const findings = groupFindings([
    undocumented('status', 'GET /adverts'),
    undocumented('archived', 'GET /adverts/{id}'),
    undocumented('status', 'POST /adverts'),
  ])
  expect(findings).toHaveLength(1)
  const [finding] = findings
  expect(finding!.title).toBe('Undocumented properties of Advert: status, archived')
  expect(finding!.facets).toEqual([
    { name: 'status', operations: ['GET /adverts', 'POST /adverts'], knockOns: [] },
    { name: 'archived', operations: ['GET /adverts/{id}'], knockOns: [] },
  ])
  expect(describeFinding(finding!, 1)).toEqual(
    expect.arrayContaining(['   - status: GET /adverts, POST /adverts', '   - archived: GET /adverts/{id}']),
  )
  // One property: the title names it alone, as before.
  expect(groupFindings([undocumented('status', 'GET /adverts')])[0]!.title).toBe('Undocumented property status')
})

it('attaches a knock-on effect to its cause: never a finding of its own, never its example', () => {
  const toggle = undocumented('status', 'POST /campaigns/{id}/toggle', {
    title: 'The toggle changes status',
    knockOn: 'POST /campaigns/{id}/toggle changes it: "active" -> "paused"',
  })
  const findings = groupFindings([toggle, undocumented('status', 'GET /adverts')])
  expect(findings).toHaveLength(1)
  expect(findings[0]!.title).toBe('Undocumented property status')
  expect(findings[0]!.example.operation).toBe('GET /adverts')
  expect(findings[0]!.facets).toEqual([
    {
      name: 'status',
      operations: ['GET /adverts'],
      knockOns: ['POST /campaigns/{id}/toggle changes it: "active" -> "paused"'],
    },
  ])
  expect(describeFinding(findings[0]!, 1)).toContain(
    '   - status: GET /adverts; POST /campaigns/{id}/toggle changes it: "active" -> "paused"',
  )
})

function resultOf(coverage: Coverage): ContractSuiteResult {
  return {
    verdict: 'INCONCLUSIVE',
    ok: false,
    runId: 'ab12',
    baseUrl: 'http://api.test/api/v1',
    profile: 'contract',
    failures: [],
    findings: [],
    errors: [],
    coverage: coverage.rows([], (_operation, check) => `${check} found nothing to judge in their answers`),
    tallies: [],
    requests: 1,
    exercised: [],
    notes: [],
    cleanup: { deleted: [], leftover: [] },
    durationMs: 10,
  }
}

it('folds one reason given for many checks on operations into one line, with their count', () => {
  const coverage = new Coverage()
  for (const operation of ['GET /adverts', 'POST /adverts', 'GET /user'])
    coverage.expect(operation, 'rate_limit_header_agreement')
  coverage.expect('DELETE /adverts/{id}', 'immutable_fields')
  coverage.expect('DELETE /adverts/{id}', 'resource_invariants')
  const text = formatReport(resultOf(coverage))
  const section = text.slice(text.indexOf('Not exercised'), text.indexOf('\n\nCleanup'))
  expect(section.split('\n')).toEqual([
    'Not exercised',
    '  - GET /adverts, POST /adverts, GET /user (rate_limit_header_agreement): rate_limit_header_agreement found nothing to judge in their answers (3 in all)',
    '  - DELETE /adverts/{id} (immutable_fields): immutable_fields found nothing to judge in their answers',
    '  - DELETE /adverts/{id} (resource_invariants): resource_invariants found nothing to judge in their answers',
  ])
})

it('says why a check judged nothing when the check said so, instead of the generic reason', () => {
  const coverage = new Coverage()
  coverage.expect('PATCH /campaigns/{id}', 'write_stamp_progression')
  coverage.note(
    'PATCH /campaigns/{id}',
    'write_stamp_progression',
    'writes 0.4 s apart; the deployment stamps to the second',
  )
  // A note on a pair the run does not promise adds no row.
  coverage.note('GET /user', 'write_stamp_progression', 'not promised')
  const rows = coverage.rows([], () => 'generic')
  expect(rows.map((row) => [row.operation, row.state, row.reason])).toEqual([
    ['PATCH /campaigns/{id}', 'not_exercised', 'writes 0.4 s apart; the deployment stamps to the second'],
  ])
  coverage.ran('PATCH /campaigns/{id}', 'write_stamp_progression')
  expect(coverage.rows([], () => 'generic').map((row) => row.state)).toEqual(['passed'])
})
