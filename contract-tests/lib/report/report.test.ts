import { expect, it } from 'vitest'
import type { ContractSuiteResult } from '../run-suite.js'
import { ContractFailure } from '../types.js'
import { formatReport } from './format-report.js'
import { toJUnitXml } from './junit.js'

const failure = new ContractFailure(
  'envelope_conformance',
  'spec',
  'POST /campaigns',
  'success is missing on a 201',
  '201 (application/json) {"data":{"id":5}}',
  '{"success": true, "data": …} (spec section 2.1)',
  { method: 'POST', url: 'http://api.test/api/v1/campaigns', headers: { authorization: 'acs_de…9a04' }, body: '{"campaign":{"cpm":1.5}}' },
)

const result: ContractSuiteResult = {
  ok: false,
  runId: 'ab12',
  baseUrl: 'http://api.test/api/v1',
  profile: 'contract',
  failures: [failure],
  errors: ['campaign_lifecycle (flows) stopped: <boom> & "quotes"'],
  tallies: [
    { operation: 'POST /campaigns', check: 'envelope_conformance', runs: 3, failures: 1 },
    { operation: 'POST /campaigns', check: 'not_a_server_error', runs: 3, failures: 0 },
    { operation: 'GET /user', check: 'not_a_server_error', runs: 2, failures: 0 },
  ],
  requests: 8,
  exercised: ['GET /user', 'POST /campaigns'],
  notExercised: ['DELETE /adverts/{id}'],
  notes: [],
  cleanup: { deleted: ['/adverts/3'], leftover: [] },
  durationMs: 1234,
}

it('groups the summary by operation and check and shows each failure with its request and Received/Documented', () => {
  const text = formatReport(result)
  expect(text).toContain('GET /user\n  ✓ not_a_server_error ×2')
  expect(text).toContain('POST /campaigns\n  ✓ not_a_server_error ×3\n  ✗ envelope_conformance: 1 failed (3 runs)')
  expect(text).toContain('1) POST /campaigns · envelope_conformance [spec]: success is missing on a 201')
  expect(text).toContain('Request: POST http://api.test/api/v1/campaigns (Authorization: acs_de…9a04)')
  expect(text).toContain('Body: {"campaign":{"cpm":1.5}}')
  expect(text).toContain('Received: 201 (application/json) {"data":{"id":5}}\n   Documented: {"success": true, "data": …} (spec section 2.1)')
  expect(text).toContain('Not exercised: DELETE /adverts/{id}')
  expect(text.endsWith('FAILED')).toBe(true)
})

it('writes JUnit XML with a testsuite per operation, a testcase per check and escaped text', () => {
  const xml = toJUnitXml(result)
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="contract ab12" tests="5" failures="1" errors="1" time="1.234">/)
  expect(xml).toContain('<testsuite name="POST /campaigns" tests="2" failures="1">')
  expect(xml).toContain('<testcase classname="POST /campaigns" name="envelope_conformance" assertions="3"><failure type="envelope_conformance" message="[spec] success is missing on a 201">')
  expect(xml).toContain('Received: 201 (application/json) {&quot;data&quot;:{&quot;id&quot;:5}}')
  expect(xml).toContain('stopped: &lt;boom&gt; &amp; &quot;quotes&quot;')
  expect(xml).toContain('<testcase classname="run" name="cleanup"></testcase>')
})
