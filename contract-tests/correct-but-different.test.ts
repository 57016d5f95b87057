import { expect, it } from 'vitest'
import { formatReport } from './lib/report/format-report.js'
import { allOf, extraHeaders, refusesPassiveAd, stampsToTheSecond } from './support/different-variants.js'
import { leftovers } from './support/leftovers.js'
import { useSuiteAgainstMock } from './support/use-suite-against-mock.js'

// A deployment that differs where the document allows it, or where the spec is silent: no false
// alarm, the refusal of an optional value its own finding, and nothing left unexercised by it.
const { mock, runAgainst } = useSuiteAgainstMock()

it('takes a deployment that stamps to the second, sends extra headers and refuses passive_ad: one finding, the refusal, and every check exercised', async () => {
  const result = await runAgainst(allOf(stampsToTheSecond, extraHeaders, refusesPassiveAd))
  const report = formatReport(result)
  expect(
    result.findings.map((finding) => `${finding.check}: ${finding.title}`),
    report,
  ).toEqual(['positive_data_acceptance: Valid input refused: campaign.broadcasting_type=passive_ad'])
  // No timestamp finding: the writes the flows build on were spaced a second apart and judged.
  expect(result.failures.filter((failure) => failure.check === 'write_stamp_progression')).toEqual([])
  const stamps = result.coverage.filter((row) => row.check === 'write_stamp_progression')
  expect(stamps.filter((row) => row.operation.startsWith('PATCH') || row.operation.includes('toggle'))).toEqual(
    expect.arrayContaining([expect.objectContaining({ operation: 'POST /campaigns/{id}/toggle', state: 'passed' })]),
  )
  expect(stamps.filter((row) => row.state !== 'passed')).toEqual([])
  // Nothing left unexercised because of the refusal: the flow made its second campaign with active_ad.
  expect(
    result.coverage.filter((row) => row.state === 'not_exercised'),
    report,
  ).toEqual([])
  expect(result.cleanup.leftover).toEqual([])
  expect(await leftovers(mock().handle, mock().adminUrl, result.runId)).toEqual({ adverts: [], campaigns: [] })
}, 60_000)
