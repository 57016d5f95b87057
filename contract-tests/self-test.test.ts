import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { loadContractDocument } from './lib/document/load-document.js'
import { formatReport } from './lib/report/format-report.js'
import { CONSISTENCY_VARIANTS } from './support/broken-consistency-variants.js'
import { BROKEN_VARIANTS } from './support/broken-variants.js'
import { QUALITY_VARIANTS } from './support/broken-quality-variants.js'
import { asProblemDetails, problemDetailsDocument, SHAPE_VARIANTS } from './support/broken-shape-variants.js'
import { retryAfterHalved, VERDICT_VARIANTS } from './support/broken-verdict-variants.js'
import { leftovers } from './support/leftovers.js'
import { useSuiteAgainstMock } from './support/use-suite-against-mock.js'

// "It can fail": the suite runs against deliberately broken variants of the real mock and each
// must be caught by the check named after the property it breaks.
const { mock, runAgainst } = useSuiteAgainstMock({ maxRequests: 600 })

const variant = (name: string) => BROKEN_VARIANTS.find((broken) => broken.name === name)!.rewrite

it('passes the same mock when nothing is broken (the control row)', async () => {
  const result = await runAgainst((request, next) => next(request))
  expect(result.failures).toEqual([])
  expect(result.ok).toBe(true)
  expect(await leftovers(mock().handle, mock().adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
})

describe.each([...BROKEN_VARIANTS, ...CONSISTENCY_VARIANTS, ...VERDICT_VARIANTS, ...QUALITY_VARIANTS])(
  'a mock with $name',
  ({ rewrite, caughtBy, alone }) => {
    it(`is caught by ${caughtBy}${alone ? ' alone' : ''}`, async () => {
      const result = await runAgainst(rewrite)
      expect(result.ok).toBe(false)
      expect([...new Set(result.failures.map((failure) => failure.check))]).toContain(caughtBy)
      // The consistency and rate-limit header variants break one fact each: no unrelated check may blame it.
      if (alone)
        expect([...new Set(result.failures.map((failure) => failure.check))], formatReport(result)).toEqual([caughtBy])
      const failure = result.failures.find((f) => f.check === caughtBy)
      expect(failure?.request?.url).toMatch(/^http:\/\/contract\.mock\.test\/api\/v1\//)
      expect(failure?.message).toMatch(/Received: .+\nDocumented: .+/)
      // A failed check still cleans up: nothing the run created is left, as the run sees it or in the store.
      expect(result.cleanup.leftover).toEqual([])
      expect(await leftovers(mock().handle, mock().adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
    })
  },
)

it('blames a wrongly accepted probe alone: what it created is deleted at once, so the flow that follows finds nothing wrong', async () => {
  const log: string[] = []
  const accept = variant('sending_limit 0 accepted on create')
  const result = await runAgainst(async (request, next) => {
    const body = request.method === 'POST' ? await request.clone().text() : ''
    const response = await accept(request, next)
    const id = response.status === 201 ? (await response.clone().json()).data.id : ''
    log.push(
      `${request.method} ${new URL(request.url).pathname}${body.includes('"sending_limit":0') ? ' (sending_limit 0)' : ''}${id ? ` -> ${id}` : ''}`,
    )
    return response
  })
  expect([...new Set(result.failures.map((failure) => failure.check))]).toEqual(['negative_data_rejection'])
  expect(result.failures.map((failure) => failure.title)).toEqual([
    'Invalid input accepted: campaign.sending_limit=0 is out of range',
  ])
  // The campaign the probe created is deleted by the very next request.
  const probe = log.findIndex((line) => line.includes('(sending_limit 0)'))
  const id = log[probe]?.split(' -> ')[1]
  expect(id).toMatch(/^\d+$/)
  expect(log[probe + 1]).toBe(`DELETE /api/v1/campaigns/${id}`)
})

it('under the spec profile, takes another 4xx for invalid input on the spec operations (section 7), but not a 200', async () => {
  const otherRefusal = await runAgainst(variant('422 answered as 400'), { profile: 'spec' })
  expect(otherRefusal.failures).toEqual([])
  expect(otherRefusal.verdict).toBe('PASSED')
  const accepted = await runAgainst(variant('422 answered as 200'), { profile: 'spec' })
  expect(accepted.verdict).toBe('FAILED')
  expect(
    accepted.failures.some(
      (failure) =>
        failure.check === 'negative_data_rejection' &&
        failure.profile === 'spec' &&
        failure.operation === 'POST /campaigns',
    ),
  ).toBe(true)
  // The same 400 is a failure under the contract profile, which documents 422.
  const contract = await runAgainst(variant('422 answered as 400'), { profile: 'contract' })
  expect(
    contract.failures.some(
      (failure) =>
        failure.check === 'negative_data_rejection' && failure.title.startsWith('Invalid input answered 400'),
    ),
  ).toBe(true)
})

/** Stops the mock's clock at an instant (epoch ms): the rate-limit flow's windows then move only by its waits. */
async function setMockClock(at: number): Promise<void> {
  await mock().handle(
    new Request(`${mock().adminUrl}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(at).toISOString() }),
    }),
  )
}

/** Half a second into the next minute: the flow's first 429 comes at a window's start. */
const nextMinute = () => Math.ceil(Date.now() / 60_000) * 60_000 + 500

it('asks again halfway to the reset, so that a Retry-After of the whole window is caught even when the 429 comes at its start', async () => {
  // The mock's clock stopped half a second into a minute: the flow's 429 comes where a whole window is the truth.
  const minute = nextMinute()
  await setMockClock(minute)
  const fullWindow = VERDICT_VARIANTS.find((broken) => broken.name === 'Retry-After always the whole window')!
  const result = await runAgainst(fullWindow.rewrite, { checks: ['rate_limit_enforcement', 'retry_after_agreement'] })
  expect(new Set(result.failures.map((failure) => failure.check))).toEqual(new Set(['retry_after_agreement']))
  // X-RateLimit-Reset and the RateLimit header both say it: one cause, one finding.
  expect(result.findings.map((finding) => finding.title)).toEqual(['Retry-After disagrees with X-RateLimit-Reset'])
  // Not the first 429 (60 s was right then): the one asked for half a window later.
  const [failure] = result.failures
  expect(failure!.received).toMatch(
    /^Retry-After: 60; X-RateLimit-Reset: \d+; Date: .*; RateLimit: .*"minute";r=0;t=30/,
  )
  // The unbroken mock, asked the same way, is right both times.
  await setMockClock(minute + 60_000)
  const unbroken = await runAgainst((request, next) => next(request), {
    checks: ['rate_limit_enforcement', 'retry_after_agreement'],
  })
  expect(unbroken.failures).toEqual([])
  expect(unbroken.tallies.find((tally) => tally.check === 'retry_after_agreement')?.runs).toBe(2)
})

it("takes a Retry-After shorter than the reset (a token bucket admits sooner), but a refusal after waiting it is the flow's finding", async () => {
  await setMockClock(nextMinute())
  const result = await runAgainst(retryAfterHalved, { checks: ['rate_limit_enforcement', 'retry_after_agreement'] })
  // Every 429 was judged (at the window's start, halfway to its reset, after its short Retry-After): none says longer than the reset.
  expect(result.tallies.find((tally) => tally.check === 'retry_after_agreement')?.runs).toBe(3)
  expect(new Set(result.failures.map((failure) => failure.check))).toEqual(new Set(['rate_limit_enforcement']))
  expect(result.findings.map((finding) => [finding.title, finding.kind])).toEqual([
    ['Still refused after Retry-After', 'defect'],
  ])
  expect(result.findings[0]!.example.documented).toBe('a 2xx after waiting Retry-After (15) seconds')
})

// A deployment with other choices, judged by its own document (as its twin's document states them):
// problem details for errors and a reset in seconds are what it documents, so nothing is found in
// them; each thing broken of those choices is caught, as our own are by the table above.
describe('a deployment that answers errors as problem details and counts its reset in seconds, by its own document', () => {
  const document = async () =>
    loadContractDocument(problemDetailsDocument(JSON.parse(await readFile('openapi/openapi.json', 'utf8'))) as never)

  it('is judged by that document: nothing found', async () => {
    const result = await runAgainst(asProblemDetails, { document: await document() })
    expect(result.failures, formatReport(result)).toEqual([])
    expect(result.tallies.find((tally) => tally.check === 'envelope_conformance')?.runs).toBeGreaterThan(0)
    expect(result.tallies.find((tally) => tally.check === 'rate_limit_reset_conformance')?.runs).toBeGreaterThan(0)
  })

  it.each(SHAPE_VARIANTS)('with $name is caught by $caughtBy', async ({ rewrite, caughtBy }) => {
    const result = await runAgainst(rewrite, { document: await document() })
    expect(result.ok).toBe(false)
    expect([...new Set(result.failures.map((failure) => failure.check))], formatReport(result)).toContain(caughtBy)
  })
})
