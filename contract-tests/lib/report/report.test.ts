import { expect, it } from 'vitest'
import { contractFailure } from '../checks/contract-failure.js'
import type { SentRequest } from '../client/exchange.js'
import { Coverage } from '../run/coverage.js'
import type { ContractSuiteResult } from '../run/results.js'
import { groupFindings } from './findings.js'
import { formatReport } from './format-report.js'
import { toJUnitXml } from './junit.js'

const request = (path: string): SentRequest => ({
  method: 'GET',
  url: `http://api.test/api/v1${path}`,
  headers: { authorization: 'acs_de…9a04' },
})
const missing = (operation: string, path: string) =>
  contractFailure({
    check: 'response_headers_conformance',
    profile: 'contract',
    operation,
    title: 'Missing header X-RateLimit-Limit',
    received: 'headers: content-type',
    documented: 'X-RateLimit-Limit (required on 200)',
    request: request(path),
  })
const envelope = contractFailure({
  check: 'envelope_conformance',
  profile: 'spec',
  operation: 'POST /campaigns',
  title: 'success is missing on a 201',
  received: '201 (application/json) {"data":{"id":5}}',
  documented: '{"success": true, "data": …} (spec section 2.1)',
  request: {
    method: 'POST',
    url: 'http://api.test/api/v1/campaigns',
    headers: { authorization: 'acs_de…9a04' },
    body: '{"campaign":{"cpm":1.5}}',
  },
})
// The same difference three times (twice on one operation), and another one once.
const failures = [
  missing('GET /user', '/user'),
  missing('GET /user', '/user'),
  missing('GET /adverts', '/adverts'),
  envelope,
]

function resultWith(coverage: Coverage): ContractSuiteResult {
  return {
    verdict: 'FAILED',
    ok: false,
    runId: 'ab12',
    baseUrl: 'http://api.test/api/v1',
    profile: 'contract',
    failures,
    findings: groupFindings(failures),
    errors: ['campaign_lifecycle (flows) stopped: <boom> & "quotes"'],
    coverage: coverage.rows(failures, () => 'no request of the run reached it'),
    tallies: coverage.tallies(failures),
    requests: 8,
    exercised: ['GET /user', 'POST /campaigns'],
    notes: [],
    cleanup: { deleted: ['/adverts/3'], leftover: [] },
    durationMs: 1234,
  }
}

function sampleCoverage(): Coverage {
  const coverage = new Coverage()
  for (const [operation, check] of [
    ['GET /user', 'not_a_server_error'],
    ['GET /user', 'response_headers_conformance'],
    ['GET /adverts', 'response_headers_conformance'],
    ['POST /campaigns', 'envelope_conformance'],
    ['POST /campaigns', 'negative_data_rejection'],
    ['PATCH /user', 'account_lifecycle'],
    ['DELETE /adverts/{id}', 'use_after_free'],
  ] as const)
    coverage.expect(operation, check)
  coverage.ran('GET /user', 'not_a_server_error')
  coverage.ran('GET /user', 'not_a_server_error')
  coverage.ran('GET /user', 'response_headers_conformance')
  coverage.skip('PATCH /user', '*', 'CONTRACT_ALLOW_DESTRUCTIVE is off')
  coverage.block(['POST /campaigns'], 'campaign_lifecycle needs an advert, and POST /adverts answered 200')
  return coverage
}

it('groups failures by root cause: one finding per difference, counting distinct responses and operations', () => {
  const findings = groupFindings(failures)
  expect(findings.map((f) => [f.check, f.title, f.responses, f.operations])).toEqual([
    ['response_headers_conformance', 'Missing header X-RateLimit-Limit', 3, ['GET /adverts', 'GET /user']],
    ['envelope_conformance', 'success is missing on a 201', 1, ['POST /campaigns']],
  ])
  // A failure's root cause is its title unless the check names another.
  const other = contractFailure({
    check: 'negative_data_rejection',
    profile: 'contract',
    operation: 'POST /adverts',
    title: 'Invalid input accepted: advert.title=… a',
    received: 'r',
    documented: 'd',
    rootCause: 'above_range title accepted',
  })
  const same = contractFailure({
    check: 'negative_data_rejection',
    profile: 'contract',
    operation: 'PATCH /adverts/{id}',
    title: 'Invalid input accepted: advert.title=… b',
    received: 'r',
    documented: 'd',
    rootCause: 'above_range title accepted',
  })
  expect(groupFindings([other, same])).toHaveLength(1)
})

it('gives each promised check on each operation one state: passed only when it ran and did not fail', () => {
  const rows = sampleCoverage().rows(failures, (operation, check) => `${check} never reached ${operation}`)
  const state = Object.fromEntries(rows.map((row) => [`${row.operation} ${row.check}`, [row.state, row.reason]]))
  expect(state).toEqual({
    'GET /adverts response_headers_conformance': ['failed', undefined],
    'DELETE /adverts/{id} use_after_free': ['not_exercised', 'use_after_free never reached DELETE /adverts/{id}'],
    'POST /campaigns envelope_conformance': ['failed', undefined],
    'POST /campaigns negative_data_rejection': [
      'not_exercised',
      'campaign_lifecycle needs an advert, and POST /adverts answered 200',
    ],
    'GET /user not_a_server_error': ['passed', undefined],
    'GET /user response_headers_conformance': ['failed', undefined],
    'PATCH /user account_lifecycle': ['skipped', 'CONTRACT_ALLOW_DESTRUCTIVE is off'],
  })
})

it('leads with the verdict and the count of findings, shows each finding once with an example, then what was not checked and a table by operation', () => {
  const text = formatReport(resultWith(sampleCoverage()))
  const lines = text.split('\n')
  expect(lines[1]).toBe(
    'FAILED: 2 findings (in 4 responses): 1 spec violation, 1 difference from the document, 0 defects of consistency (state, rules, limits); checks on operations: 1 passed, 3 failed, 2 not exercised, 1 skipped by option; 1 error',
  )
  // A spec violation is a bug on any reading: no "next step" that would call it a choice.
  expect(text).not.toContain('Next step')
  expect(text).toContain(
    [
      '1) response_headers_conformance [contract]: Missing header X-RateLimit-Limit',
      '   Seen in 3 responses on 2 operations: GET /adverts, GET /user',
      '   Example: GET http://api.test/api/v1/user (Authorization: acs_de…9a04)',
      '   Received: headers: content-type',
      '   Documented: X-RateLimit-Limit (required on 200)',
    ].join('\n'),
  )
  expect(text).toContain('   Body: {"campaign":{"cpm":1.5}}')
  expect(text).not.toContain('3) ')
  expect(text).toContain(
    'Not exercised\n  - DELETE /adverts/{id} (use_after_free): no request of the run reached it\n  - POST /campaigns (negative_data_rejection): campaign_lifecycle needs an advert, and POST /adverts answered 200',
  )
  expect(text).toContain('Skipped by option\n  - PATCH /user (account_lifecycle): CONTRACT_ALLOW_DESTRUCTIVE is off')
  expect(text).toMatch(/Checks by operation\n +operation +passed +failed +not exercised +skipped\n/)
  expect(text).toMatch(/\n {2}GET \/user +1 +1 +0 +0\n/)
  expect(text).toMatch(/\n {2}POST \/campaigns +0 +1 +1 +0\n/)
  expect(lines.at(-1)).toBe('FAILED')
})

it('writes JUnit XML with the same findings and counts: one failing testcase per finding, skipped ones for what did not run', () => {
  const xml = toJUnitXml(resultWith(sampleCoverage()))
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="contract ab12 FAILED" tests="\d+" failures="2" errors="1" skipped="3" time="1.234">/,
  )
  // The findings in the headline's three parts, numbered as the console numbers them.
  expect(xml).toContain('<testsuite name="spec violations" tests="1" failures="1" errors="0" skipped="0">')
  expect(xml).toContain(
    '<testsuite name="differences from the document" tests="1" failures="1" errors="0" skipped="0">',
  )
  expect(xml).toContain(
    '<testsuite name="defects of consistency" tests="0" failures="0" errors="0" skipped="0"></testsuite>',
  )
  expect(xml).toContain('name="2) success is missing on a 201"')
  expect(xml).toContain(
    '<testcase classname="response_headers_conformance" name="1) Missing header X-RateLimit-Limit"><failure type="response_headers_conformance" message="[contract] Missing header X-RateLimit-Limit">Seen in 3 responses on GET /adverts, GET /user',
  )
  expect(xml).toContain('Received: 201 (application/json) {&quot;data&quot;:{&quot;id&quot;:5}}')
  expect(xml).toContain('<testcase classname="GET /user" name="not_a_server_error" assertions="2"></testcase>')
  expect(xml).toContain(
    '<testcase classname="PATCH /user" name="account_lifecycle" assertions="0"><skipped message="skipped by option: CONTRACT_ALLOW_DESTRUCTIVE is off"/></testcase>',
  )
  expect(xml).toContain(
    '<skipped message="not exercised: campaign_lifecycle needs an advert, and POST /adverts answered 200"/>',
  )
  expect(xml).toContain('stopped: &lt;boom&gt; &amp; &quot;quotes&quot;')
  // Failed pairs are the findings, not counted twice.
  expect(xml).not.toContain('classname="GET /adverts" name="response_headers_conformance"')
})

it('says the next step when every finding is a difference from the document: a twin of the deployment, or the spec alone', () => {
  const differences = failures.filter((failure) => failure.profile === 'contract')
  const text = formatReport({
    ...resultWith(sampleCoverage()),
    errors: [],
    failures: differences,
    findings: groupFindings(differences),
  })
  expect(text.split('\n')[1]).toMatch(
    /^FAILED: 1 finding \(in 3 responses\): 0 spec violations, 1 difference from the document, 0 defects of consistency \(state, rules, limits\);/,
  )
  expect(text).toContain('Next step: every finding is a difference from the document')
  expect(text).toContain('npx ad-campaign-mock twin --base-url <URL> --key <KEY>')
  expect(text).toContain('CONTRACT_OPENAPI=deployment.twin.json')
  expect(text).toContain('CONTRACT_PROFILE=spec')
  // A defect of consistency is no choice a twin could hold: no next step then.
  const defect = contractFailure({ ...differences[0]!, kind: 'defect', title: 'X', rootCause: 'x' })
  const withDefect = [...differences, defect]
  expect(
    formatReport({
      ...resultWith(sampleCoverage()),
      errors: [],
      failures: withDefect,
      findings: groupFindings(withDefect),
    }),
  ).not.toContain('Next step')
})
