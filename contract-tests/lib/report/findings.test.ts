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

// One request: the checks that judge one answer share it.
const deleted = request('/adverts/7')
const failure = (fields: Partial<FailureFields> & Pick<FailureFields, 'check' | 'title'>) =>
  contractFailure({
    profile: 'contract',
    operation: 'DELETE /adverts/{id}',
    received: 'r',
    documented: 'd',
    request: deleted,
    ...fields,
  })

it('makes one finding of one cause whichever checks saw it: the check that provoked the answer gives the example, the others are knock-ons', () => {
  const findings = groupFindings([
    failure({ check: 'status_code_conformance', title: 'Undocumented status 409', rootCause: 'error 409 CONFLICT' }),
    failure({
      check: 'in_use_deletion_refused',
      title: 'Deleting a resource another one uses answered 409',
      rootCause: 'error 409 CONFLICT',
    }),
  ])
  expect(findings).toHaveLength(1)
  expect(findings[0]!.check).toBe('in_use_deletion_refused')
  expect(findings[0]!.title).toBe('Deleting a resource another one uses answered 409')
  expect(findings[0]!.knockOns).toEqual(['status_code_conformance: Undocumented status 409 (DELETE /adverts/{id})'])
  expect(findings[0]!.responses).toBe(1)
})

it('takes the lowest profile of a cause for its finding, and its part: a spec violation wherever one of its failures is', () => {
  const [finding] = groupFindings([
    failure({ check: 'negative_data_rejection', title: 'a', rootCause: 'wrong_type cpm accepted' }),
    failure({ check: 'negative_data_rejection', title: 'b', rootCause: 'wrong_type cpm accepted', profile: 'spec' }),
  ])
  expect([finding!.profile, finding!.kind]).toEqual(['spec', 'spec'])
  const [defect] = groupFindings([failure({ check: 'use_after_free', title: 'c', kind: 'defect' })])
  expect(defect!.kind).toBe('defect')
})

it('tells a member answered under another name from members merely added: the paging object under meta is one cause, object another', () => {
  const member = (name: string, side: 'extra' | 'missing', shape: { type: string; keys: string[] }) =>
    failure({
      check: 'response_schema_conformance',
      operation: 'GET /adverts',
      title: side === 'extra' ? `Undocumented property ${name}` : `Required property ${name} is missing`,
      rootCause: `members {data,pagination,success} ${side}`,
      facet: name,
      member: { schema: 'the object {success, data, pagination}', name, side, shape },
    })
  const findings = groupFindings([
    member('pagination', 'missing', { type: 'object', keys: ['page', 'per_page', 'total_count', 'total_pages'] }),
    member('meta', 'extra', { type: 'object', keys: ['current_page', 'total_pages', 'total_count'] }),
    member('object', 'extra', { type: 'string', keys: [] }),
  ])
  expect(findings.map((finding) => finding.title)).toEqual([
    'Required property pagination is missing',
    'Undocumented property object',
  ])
  expect(findings[0]!.facets.map((facet) => facet.name)).toEqual(['pagination', 'meta (in place of pagination)'])
  // The problem list under another key is one cause too (details for fields).
  const problems = groupFindings([
    member('fields', 'missing', { type: 'array:object', keys: ['field', 'message'] }),
    member('details', 'extra', { type: 'array:object', keys: ['field', 'issue'] }),
  ])
  expect(problems).toHaveLength(1)
})

it('names the requests a finding showed in that reached no documented operation apart from the operations, and counts only the operations', () => {
  const [finding] = groupFindings([
    failure({
      check: 'response_schema_conformance',
      title: 'error.code "METHOD_NOT_ALLOWED" is no documented code',
      operation: 'GET /adverts',
      where: 'PUT /adverts (undocumented)',
      rootCause: 'error 405 METHOD_NOT_ALLOWED',
    }),
    failure({
      check: 'response_schema_conformance',
      title: 'error.code "METHOD_NOT_ALLOWED" is no documented code',
      operation: 'GET /adverts/{id}',
      where: 'PUT /adverts/{id} (undocumented)',
      rootCause: 'error 405 METHOD_NOT_ALLOWED',
    }),
  ])
  expect(finding!.operations).toEqual([])
  expect(finding!.requests).toEqual(['PUT /adverts', 'PUT /adverts/{id}'])
  expect(describeFinding(finding!, 1)[1]).toBe(
    '   Seen in 1 response, in answers to PUT /adverts, PUT /adverts/{id} (no documented operation)',
  )
})

it('attaches a failure to the cause it is a knock-on of whenever the run shows that cause, before or after it; else it stands as it is', () => {
  const notHonoured = failure({
    check: 'pagination_conformance',
    operation: 'GET /adverts',
    title: 'per_page is not honoured',
    knockOnOf: { cause: 'param per_page unchecked', says: 'pages of another size than per_page asks' },
  })
  const unchecked = failure({
    check: 'negative_data_rejection',
    operation: 'GET /adverts',
    title: 'Invalid input accepted: query per_page is not a number',
    rootCause: 'param per_page unchecked',
  })
  for (const failures of [
    [notHonoured, unchecked],
    [unchecked, notHonoured],
  ]) {
    const findings = groupFindings(failures)
    expect(findings.map((finding) => [finding.title, finding.rootCause])).toEqual([
      ['Invalid input accepted: query per_page is not a number', 'param per_page unchecked'],
    ])
    expect(findings[0]!.knockOns).toEqual(['pages of another size than per_page asks'])
    expect(findings[0]!.operations).toEqual(['GET /adverts'])
    expect(findings[0]!.failures.find((member) => member.check === 'pagination_conformance')?.aka).toBe(
      'pagination_conformance: per_page is not honoured',
    )
  }
  // Without that cause in the run, the page size not honoured is a finding of its own.
  expect(groupFindings([notHonoured]).map((finding) => [finding.title, finding.rootCause])).toEqual([
    ['per_page is not honoured', 'pagination_conformance: per_page is not honoured'],
  ])
})
