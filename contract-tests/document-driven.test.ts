import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { frozenClock } from '../test/support/frozen-clock.js'
import type { CheckName } from './lib/checks/check-names.js'
import type { JsonObject } from './lib/document/document.js'
import { formatReport } from './lib/report/format-report.js'
import { runContractSuite } from './lib/run/run-suite.js'
import { breakMock, type Rewriter } from './support/broken-variants.js'
import { startInProcessMock } from './support/in-process.js'

// The suite judges by the document it is given, not by what it knows of the mock: change what
// the document states and the verdict on the same mock follows.

/**
 * openapi/openapi.json with the 429's error code changed, in its schema and its examples, or only
 * in its examples (the schema then states no code), or (with `undefined`) no longer stated at all.
 */
async function documentWith429Code(
  code: string | undefined,
  where: 'schema' | 'examples' = 'schema',
): Promise<JsonObject> {
  const raw = JSON.parse(await readFile('openapi/openapi.json', 'utf8'))
  const media = raw.components.responses.RateLimitExceeded.content['application/json']
  if (code === undefined || where === 'examples') media.schema.properties.error = { $ref: '#/components/schemas/Error' }
  if (code === undefined) delete media.examples
  else {
    if (where === 'schema') media.schema.properties.error.allOf[1].properties.code.const = code
    for (const example of Object.values(media.examples) as Array<{ value: { error: { code: string } } }>)
      example.value.error.code = code
  }
  return raw
}

/** Rewrites the body of every 429 the mock answers. */
const rewrite429 =
  (body: unknown): Rewriter =>
  async (request, next) => {
    const response = await next(request)
    return response.status === 429
      ? new Response(JSON.stringify(body), { status: 429, headers: response.headers })
      : response
  }

async function rateLimitRun(
  document: JsonObject,
  rewrite: Rewriter = (request, next) => next(request),
  checks: CheckName[] = ['rate_limit_enforcement'],
) {
  // A frozen clock: only the control plane moves it, so no real minute ends mid-count.
  const mock = await startInProcessMock({ clock: frozenClock() })
  return runContractSuite({
    baseUrl: mock.baseUrl,
    document,
    controlPlane: { url: mock.adminUrl },
    fetch: mock.fetchThrough(breakMock(mock.handle, rewrite)),
    checks,
  })
}

it("expects the 429's error code the document's schema pins, not the mock's: one finding, at that place in the schema", async () => {
  const result = await rateLimitRun(await documentWith429Code('slow_down'), undefined, [
    'rate_limit_enforcement',
    'response_schema_conformance',
  ])
  // The 429, and the one asked for halfway to the reset: one cause, one finding.
  expect(result.findings).toHaveLength(1)
  expect(new Set(result.failures.map((failure) => failure.title))).toEqual(new Set(['error.code must be "slow_down"']))
  expect(result.failures[0]).toMatchObject({
    check: 'response_schema_conformance',
    profile: 'contract',
    title: 'error.code must be "slow_down"',
    operation: 'GET /user/balance',
  })
  expect(result.failures[0]?.documented).toContain('#/components/responses/RateLimitExceeded/')
  expect(result.failures[0]?.received).toContain('error.code: "rate_limit_exceeded"')
  // It spends the window on a GET whose answer does not carry the key (GET /user does).
  expect(result.failures[0]?.request?.url).toMatch(/\/user\/balance$/)
})

it("expects the 429's error code the document's examples state when its schema pins none (the rate-limit flow judges it)", async () => {
  const result = await rateLimitRun(await documentWith429Code('slow_down', 'examples'), undefined, [
    'rate_limit_enforcement',
    'response_schema_conformance',
  ])
  expect(result.failures.map((failure) => [failure.check, failure.title])).toEqual([
    ['rate_limit_enforcement', 'The 429 has another error code than the document states'],
  ])
  expect(result.failures[0]?.documented).toContain('error.code "slow_down"')
})

it('takes any error code on a 429 when the document states none, but still wants a code and a message', async () => {
  const document = await documentWith429Code(undefined)
  const other = await rateLimitRun(
    document,
    rewrite429({ success: false, error: { code: 'slow_down', message: 'Come back later' } }),
  )
  expect(other.failures, formatReport(other)).toEqual([])
  expect(other.ok).toBe(true)
  const bare = await rateLimitRun(document, rewrite429({ success: false }))
  expect(bare.failures.map((failure) => failure.title)).toEqual(['The 429 does not say what failed'])
})

/** Moves the mock's clock a whole minute on the `at`-th request to `path`, as if the window ended then. */
const rollWindowOver = (path: string, at: number): Rewriter => {
  let seen = 0
  return async (request, next) => {
    if (new URL(request.url).pathname.endsWith(path) && ++seen === at) {
      const advance = new Request('http://contract.mock.test/__admin/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 60 }),
      })
      expect((await next(advance)).status).toBe(200)
    }
    return next(request)
  }
}

it('counts afresh when the window rolls over mid-count (a new X-RateLimit-Reset)', async () => {
  const result = await rateLimitRun(
    JSON.parse(await readFile('openapi/openapi.json', 'utf8')),
    rollWindowOver('/user/balance', 3),
  )
  expect(result.failures, formatReport(result)).toEqual([])
  expect(result.tallies).toEqual([
    { operation: 'GET /user/balance', check: 'rate_limit_enforcement', runs: 1, failures: 0 },
  ])
  expect(result.verdict).toBe('PASSED')
})

it('still fails a count that rises within one window', async () => {
  let seen = 0
  const rising: Rewriter = async (request, next) => {
    const response = await next(request)
    if (!new URL(request.url).pathname.endsWith('/user/balance') || ++seen !== 3) return response
    const headers = new Headers(response.headers)
    headers.set('x-ratelimit-remaining', String(Number(headers.get('x-ratelimit-remaining')) + 2))
    return new Response(await response.text(), { status: response.status, headers })
  }
  const result = await rateLimitRun(JSON.parse(await readFile('openapi/openapi.json', 'utf8')), rising)
  expect(result.failures.map((failure) => failure.title)).toEqual(['X-RateLimit-Remaining does not count down'])
})
