import { afterEach, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite } from './lib/run/run-suite.js'
import { startInProcessMock } from './support/in-process.js'

// The suite as a live run sees the listener: a key opened beforehand, no control plane, default
// options (profile contract, no document named: the one shipped in the package).
let listener: Listener | undefined

afterEach(async () => {
  await listener?.close()
  listener = undefined
})

async function keyOfTier(tier: string): Promise<string> {
  listener = await startListener({ port: 0 })
  const response = await fetch(`${listener.origin}/__admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tier }),
  })
  return (await response.json()).data.api_key
}

const RATE_LIMIT_HEADER_CHECKS = [
  'rate_limit_tier_conformance',
  'rate_limit_countdown',
  'rate_limit_reset_conformance',
  'rate_limit_header_agreement',
]

it('judges the rate-limit headers of every answer with an enterprise key and default options, without spending the window: each check passed', async () => {
  const apiKey = await keyOfTier('enterprise')
  const result = await runContractSuite({ baseUrl: listener!.baseUrl, apiKey })
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.verdict).toBe('PASSED')
  for (const check of RATE_LIMIT_HEADER_CHECKS) {
    const rows = result.coverage.filter((row) => row.check === check)
    // Every operation the run reached; only the key reset (CONTRACT_ALLOW_DESTRUCTIVE is off) is left out, as skipped by option.
    expect(rows.filter((row) => row.state === 'passed').length, check).toBeGreaterThanOrEqual(14)
    expect(
      rows.filter((row) => row.state !== 'passed' && row.state !== 'skipped'),
      check,
    ).toEqual([])
  }
  // Nothing near the quota was spent: the enterprise window (6,000 a minute) still has most of it left.
  expect(result.requests).toBeLessThan(600)
}, 60_000)

it('says what would make the rate-limit check conclusive when the window is too large to spend', async () => {
  const apiKey = await keyOfTier('pro')
  const result = await runContractSuite({
    baseUrl: listener!.baseUrl,
    apiKey,
    rateLimit: true,
    checks: ['rate_limit_enforcement'],
  })
  expect(result.verdict).toBe('INCONCLUSIVE')
  const reason = result.coverage.find((row) => row.check === 'rate_limit_enforcement')?.reason ?? ''
  expect(reason).toMatch(
    /^rate_limit_enforcement did not spend the window: \d+ requests left is more than the 300 the run may still spend; /,
  )
  expect(reason).toContain(
    'run with the key of an account on a lower tier, whose window is under 300 requests (this one allows 1200 a minute)',
  )
  expect(reason).toMatch(/or with CONTRACT_MAX_REQUESTS=1[3-4]00$/)
  expect(formatReport(result)).toContain(reason)
})

it('judges against the document shipped in the package when none is named', async () => {
  const mock = await startInProcessMock()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
    checks: ['envelope_conformance'],
  })
  expect(result.failures).toEqual([])
  expect(result.exercised).toHaveLength(15)
  expect(result.verdict).toBe('PASSED')
})
