import { afterEach, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { CHECK_NAMES } from './lib/checks/check-names.js'
import type { ContractDocument } from './lib/document/document.js'
import { loadContractDocument } from './lib/document/load-document.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite, type ContractSuiteResult } from './lib/run/run-suite.js'
import { startInProcessMock } from './support/in-process.js'
import { leftovers } from './support/leftovers.js'

// The suite passes against the mock, in-process (msw's getResponse, no network) and behind the
// standalone listener, and it exercises every documented operation with every check.
let document: ContractDocument
let listener: Listener | undefined

beforeAll(async () => {
  document = await loadContractDocument('openapi/openapi.json')
})

afterEach(async () => {
  await listener?.close()
  listener = undefined
})

function checksThatRan(result: ContractSuiteResult): Set<string> {
  return new Set(result.tallies.filter((tally) => tally.runs > 0).map((tally) => tally.check))
}

it('passes against the in-process mock, running every check on every operation and leaving nothing behind', async () => {
  const mock = await startInProcessMock()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
  })
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.errors).toEqual([])
  expect(result.ok).toBe(true)
  expect(result.profile).toBe('all')
  expect([...checksThatRan(result)].sort()).toEqual([...CHECK_NAMES].sort())
  expect(result.coverage.filter((row) => row.state !== 'passed')).toEqual([])
  expect(result.verdict).toBe('PASSED')
  expect(result.exercised).toHaveLength(document.operations.length)
  expect(result.cleanup.leftover).toEqual([])
  expect(await leftovers(mock.handle, mock.adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
  // Within the default budget, and quick: 434 requests in about 4 s alone, 7.5 s beside other test runs.
  expect(result.requests).toBeLessThan(800)
  expect(result.durationMs).toBeLessThan(30_000)
})

it('passes against the standalone listener over HTTP', async () => {
  listener = await startListener({ port: 0 })
  const result = await runContractSuite({
    baseUrl: listener.baseUrl,
    document,
    controlPlane: { url: `${listener.origin}/__admin` },
  })
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.ok).toBe(true)
  expect(checksThatRan(result).size).toBe(CHECK_NAMES.length)
  expect(await leftovers((request) => fetch(request), `${listener.origin}/__admin`, result.runId)).toEqual({
    adverts: [],
    campaigns: [],
  })
})

it('asserts only what the spec states under the spec profile', async () => {
  const mock = await startInProcessMock()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
    profile: 'spec',
  })
  expect(result.ok).toBe(true)
  const ran = checksThatRan(result)
  for (const contractOnly of [
    'use_after_free',
    'ensure_resource_availability',
    'object_level_authorization',
    'rate_limit_enforcement',
    'response_headers_conformance',
  ] as const) {
    expect(ran).not.toContain(contractOnly)
  }
  expect(ran).toContain('ignored_auth')
  // Spec section 5 is about every operation: 401 is probed on all of them; 422 only where the spec details the operation.
  const probedOn = (check: string) => new Set(result.tallies.filter((t) => t.check === check).map((t) => t.operation))
  expect(probedOn('ignored_auth')).toEqual(new Set(document.operations.map((operation) => operation.label)))
  expect(probedOn('negative_data_rejection')).toEqual(new Set(['PATCH /user', 'POST /campaigns']))
  expect(result.verdict).toBe('PASSED')
  expect(result.coverage.filter((row) => row.state !== 'passed')).toEqual([])
})

it('runs only the checks it is given by name', async () => {
  const mock = await startInProcessMock()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
    checks: ['envelope_conformance', 'use_after_free'],
  })
  expect(result.ok).toBe(true)
  expect([...checksThatRan(result)].sort()).toEqual(['envelope_conformance', 'use_after_free'])
  const skipped = await runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
    skipChecks: ['ignored_auth'],
  })
  expect(checksThatRan(skipped)).not.toContain('ignored_auth')
  // Left out on purpose: listed as skipped by option on every operation, and no reason to call the run inconclusive.
  const left = skipped.coverage.filter((row) => row.check === 'ignored_auth')
  expect(left).toHaveLength(document.operations.length)
  expect(new Set(left.map((row) => `${row.state}: ${row.reason}`))).toEqual(
    new Set(['skipped: left out by CONTRACT_SKIP_CHECKS']),
  )
  expect(skipped.verdict).toBe('PASSED')
})

it('stops at its request budget, says so, ends INCONCLUSIVE (not failed: nothing broke) and still cleans up', async () => {
  const mock = await startInProcessMock()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(),
    maxRequests: 25,
  })
  expect(result.failures).toEqual([])
  expect(result.verdict).toBe('INCONCLUSIVE')
  expect(result.ok).toBe(false)
  const unchecked = result.coverage.filter((row) => row.state === 'not_exercised')
  expect(unchecked.length).toBeGreaterThan(0)
  expect(unchecked.map((row) => row.reason)).toContain(
    "The run's budget of 25 requests is spent: the run stopped there",
  )
  expect(result.cleanup.leftover).toEqual([])
  expect(await leftovers(mock.handle, mock.adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
})

it('reaches a 429 on a live deployment with CONTRACT_RATE_LIMIT, waits out Retry-After for real, and is admitted again', async () => {
  listener = await startListener({ port: 0 })
  const admin = (method: string, path: string, body: unknown) =>
    fetch(`${listener!.origin}/__admin${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  // Set up like an operator would: a small tier, and the minute nearly over so Retry-After is short
  // (4 s: time enough for the five requests before the minute ends, even on a loaded machine).
  await admin('PATCH', '/tiers', { free: { per_minute: 4, per_day: 1000, max_topups: 3 } })
  const user = (await (await admin('POST', '/users', { tier: 'free' })).json()).data
  const nextMinute = Math.ceil((Date.now() + 1000) / 60_000) * 60_000
  await admin('POST', '/clock', { set: new Date(nextMinute - 4_000).toISOString() })
  await admin('POST', '/clock', { resume: true })
  const progress: string[] = []
  const onProgress = (line: string) => progress.push(line)
  const result = await runContractSuite({
    baseUrl: listener.baseUrl,
    apiKey: user.api_key,
    document,
    rateLimit: true,
    checks: ['rate_limit_enforcement'],
    onProgress,
  })
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.tallies).toEqual([
    { operation: 'GET /user/balance', check: 'rate_limit_enforcement', runs: 1, failures: 0 },
  ])
  // The real wait was announced, with its length, before it began.
  expect(progress).toContainEqual(
    expect.stringMatching(
      /^contract suite: waiting \d+ s for the rate-limit window \(Retry-After on the 429 to GET \/user\/balance\)$/,
    ),
  )
  expect(result.requests).toBeGreaterThanOrEqual(6)
  expect(result.notes.join('\n')).not.toContain('rate_limit_enforcement: skipped')
  // Should a stalled machine miss the minute's end, the flow counts the next window and waits it out.
}, 90_000)

it('with CONTRACT_ALLOW_DESTRUCTIVE on a key it did not open: changes and restores the e-mail, resets the key and hands the new one back', async () => {
  const mock = await startInProcessMock()
  const user = await mock.api.createUser({ email: 'keeper@example.com' })
  const fetchThrough = mock.fetchThrough()
  const result = await runContractSuite({
    baseUrl: mock.baseUrl,
    apiKey: user.api_key,
    document,
    fetch: fetchThrough,
    allowDestructive: true,
    checks: ['account_lifecycle', 'envelope_conformance'],
  })
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.rotatedApiKey).toMatch(/^acs_/)
  expect(result.rotatedApiKey).not.toBe(user.api_key)
  const read = (key: string) => fetchThrough(`${mock.baseUrl}/user`, { headers: { authorization: key } })
  expect((await read(user.api_key)).status).toBe(401)
  const now = await read(result.rotatedApiKey!)
  expect((await now.json()).data.email).toBe('keeper@example.com')
  expect(result.notes.join('\n')).not.toContain('e-mail change and key reset skipped')
})
