import { expect, it } from 'vitest'
import { isFindingOf } from './independent-server/house-differences.js'
import { STYLE_NAMES, STYLES, type StyleName } from './independent-server/house-styles.js'
import { startIndependentServer } from './independent-server/server.js'
import { formatReport } from './lib/report/format-report.js'
import { groupFindings } from './lib/report/findings.js'
import type { Finding } from './lib/run/results.js'
import { runContractSuite, type ContractSuiteResult } from './lib/run/run-suite.js'
import { CORPUS_KEYS } from './support/differential/corpus-client.js'

// The contract suite on each house style, in this process, every style at once: under the spec
// profile each passes (it keeps every statement of the spec: every check on all 15 operations
// ran and held, nothing left unexercised); under the contract profile, against our document,
// the suite makes one finding per cause and the style's table has one row per cause: each finding
// is exactly one row's (by its check and title), each row a check sees exactly one finding's, so
// the findings are as many as those rows (a check that fails only as a knock-on of another's
// finding makes none of its own).
//
// The rate-limit flow is left off (each style's minute would be waited out), and with it the rows
// that need it; the headers are judged by corpus-headers.test.ts instead.

/** The suite against a fresh server of a style, its seeded first account and a second one. */
async function judge(style: StyleName, profile: 'spec' | 'contract'): Promise<ContractSuiteResult> {
  // A quota the run never spends: the tiers' minutes are the styles' own, the run's requests are many.
  const server = await startIndependentServer({ keys: CORPUS_KEYS, style, perMinute: 100_000 })
  try {
    return await runContractSuite({
      baseUrl: server.baseUrl,
      apiKey: CORPUS_KEYS[0],
      secondApiKey: CORPUS_KEYS[1],
      profile,
      allowDestructive: true,
    })
  } finally {
    await server.close()
  }
}

it.concurrent.each(STYLE_NAMES)(
  'passes the %s style under the spec profile, every spec check on every operation run and held',
  async (style) => {
    const result = await judge(style, 'spec')
    expect(result.verdict, formatReport(result)).toBe('PASSED')
    expect(result.errors).toEqual([])
    expect(new Set(result.coverage.map((row) => row.operation)).size).toBe(15)
    expect(result.coverage.filter((row) => row.state !== 'passed')).toEqual([])
    expect(result.cleanup.leftover).toEqual([])
  },
  60_000,
)

it.concurrent.each(STYLE_NAMES)(
  'finds in the %s style, against our document, one finding per row of its table of differences that a check sees, and nothing else',
  async (style) => {
    const result = await judge(style, 'contract')
    const report = formatReport(result)
    // One finding per cause, one row per cause: every finding is exactly one row's (by its check
    // and title, and cause where titles repeat), and every row a check sees (the rate-limit flow
    // left off) is exactly one finding's.
    const findings = groupFindings(result.failures)
    const rows = STYLES[style].differences.filter((row) => row.reportedBy.length > 0 && row.needs === undefined)
    const rowsOf = (finding: Finding) => rows.filter((row) => isFindingOf(row, finding))
    expect(result.verdict).toBe('FAILED')
    expect(result.errors).toEqual([])
    expect(
      findings
        .filter((finding) => rowsOf(finding).length !== 1)
        .map(
          (finding) =>
            `${finding.check}: ${finding.title} (${finding.rootCause}): rows ${
              rowsOf(finding)
                .map((row) => row.id)
                .join(', ') || 'none'
            }`,
        ),
      report,
    ).toEqual([])
    expect(
      rows
        .filter((row) => findings.filter((finding) => rowsOf(finding).includes(row)).length !== 1)
        .map((row) => row.id),
      report,
    ).toEqual([])
    expect(findings).toHaveLength(rows.length)
    console.log(`${style}: ${findings.length} findings, ${rows.length} rows a check sees: ${report.split('\n')[1]}`)
  },
  60_000,
)
