import { expect, it } from 'vitest'
import { STYLE_NAMES, STYLES, type StyleName } from './independent-server/house-styles.js'
import { startIndependentServer } from './independent-server/server.js'
import { formatReport } from './lib/report/format-report.js'
import { groupFindings } from './lib/report/findings.js'
import { runContractSuite, type ContractSuiteResult } from './lib/run/run-suite.js'
import { CORPUS_KEYS } from './support/differential/corpus-client.js'

// The contract suite on each house style, in this process, every style at once: under the spec
// profile each passes (it keeps every statement of the spec: every check on all 15 operations
// ran and held, nothing left unexercised); under the contract profile, against our document,
// what the suite finds is what the style's table of differences says it reports: every finding's
// check is one its rows name, and every row is seen by one of the checks it names (a check that
// fails only as a knock-on of another's finding names none of its own).
//
// The rate-limit flow is left off (each style's minute would be waited out); the headers are
// judged by corpus-headers.test.ts instead.

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
  'finds in the %s style, against our document, only checks its table of differences names, each row by one of its checks',
  async (style) => {
    const result = await judge(style, 'contract')
    // One finding per cause: a check whose failure follows another's is a knock-on and names no
    // finding of its own, so a row is seen where one of the checks it names made a finding.
    const found = new Set<string>(groupFindings(result.failures).map((finding) => finding.check))
    const rows = STYLES[style].differences.filter((row) => row.reportedBy.length > 0)
    const declared = new Set(rows.flatMap((row) => row.reportedBy))
    expect(result.verdict).toBe('FAILED')
    expect(result.errors).toEqual([])
    expect(
      [...found].filter((check) => !declared.has(check)),
      formatReport(result),
    ).toEqual([])
    const unseen = rows.filter((row) => !row.reportedBy.some((check) => found.has(check))).map((row) => row.id)
    expect(unseen, formatReport(result)).toEqual([])
  },
  60_000,
)
