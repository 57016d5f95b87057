import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TwinFile } from '../src/profile/twin-file.js'
import { DIFFERENCES } from './independent-server/differences.js'
import { SECOND_DIFFERENCES } from './independent-server/second-differences.js'
import type { IndependentChoices } from './independent-server/second-set.js'
import { loadContractDocument, packagedDocumentPath } from './lib/document/load-document.js'
import { groupFindings } from './lib/report/findings.js'
import { formatReport } from './lib/report/format-report.js'
import type { ContractSuiteResult } from './lib/run/results.js'
import { runContractSuite } from './lib/run/run-suite.js'
import { STYLE_NAMES, STYLES } from './independent-server/house-styles.js'
import { learnFrom, startDeployment, startTwin, type Target } from './support/differential/targets.js'

// The suite with the twin's document (issue 24): for each set of choices of the independent
// server, the contract suite judging the deployment (its choices, without the first set's
// deliberate bug) against its twin's document finds only what no Profile can hold (nothing for the
// second set: PASSED; for the first, its cascade of an advert's delete, which the suite must find),
// and the twin itself passes against the same document; against the mock's own document the
// deployment, bug and all, shows its set's differences, each finding a row of its table and each
// row (that a run without a 429 can show) a finding.

/** A set's table: each row's id and the findings it makes against our document. */
type Row = { id: string; findings: readonly { check: string; title: RegExp }[]; needs?: string }

const TABLES: Record<IndependentChoices, Row[]> = {
  first: DIFFERENCES.map(({ id, reportedAs, needs }) => ({ id, findings: [reportedAs], ...(needs ? { needs } : {}) })),
  second: SECOND_DIFFERENCES.map(({ id, reportedAs, needs }) => ({
    id,
    findings: reportedAs,
    ...(needs ? { needs } : {}),
  })),
}

/** Rows no Profile can hold: a twin's document cannot say them, so the suite finds them against it too. */
const BEYOND_A_PROFILE: Record<IndependentChoices, string[]> = {
  first: [],
  second: [],
}

describe.each(['first', 'second'] as const)('the %s set of choices', (set) => {
  const started: Target[] = []
  let deployment: Target
  let twinTarget: Target
  let twin: TwinFile

  beforeAll(async () => {
    deployment = await startDeployment(set)
    started.push(deployment)
    twin = await learnFrom(deployment)
    twinTarget = await startTwin(twin, deployment)
    started.push(twinTarget)
  }, 30_000)

  afterAll(async () => {
    for (const target of started) await target.close()
  })

  /**
   * The suite against a target (every check but the 429's, which spends a minute's window),
   * destructive checks included: the key it resets is the target's key from then on.
   */
  const judge = async (target: Target, document: string | object, against: string): Promise<ContractSuiteResult> => {
    const result = await runContractSuite({
      baseUrl: target.baseUrl,
      apiKey: target.key,
      secondApiKey: target.key2,
      document: await loadContractDocument(document as never),
      profile: 'contract',
      allowDestructive: true,
    })
    if (result.rotatedApiKey) target.key = result.rotatedApiKey
    console.log(`${deployment.name}: ${target.name} against ${against}: ${formatReport(result).split('\n')[1]}`)
    return result
  }

  it("against its twin's document, finds in the deployment only what no Profile holds: PASSED where that is nothing", async () => {
    const result = await judge(deployment, twin.document, "its twin's document")
    const beyond = TABLES[set].filter((row) => BEYOND_A_PROFILE[set].includes(row.id))
    expectRows(result, beyond)
    expect(result.verdict, formatReport(result)).toBe(beyond.length === 0 ? 'PASSED' : 'FAILED')
    expect(result.errors).toEqual([])
  }, 90_000)

  it('passes the twin itself against the same document', async () => {
    const result = await judge(twinTarget, twin.document, "its twin's document")
    expect(result.verdict, formatReport(result)).toBe('PASSED')
  }, 90_000)

  it("reports the set's differences against the mock's own document, every finding a row of its table", async () => {
    // An instance of its own, with the first set's deliberate bug: its table's every row shows.
    const fresh = await startDeployment(set, { listsDeleted: true })
    started.push(fresh)
    const result = await judge(fresh, packagedDocumentPath(), "the mock's own document")
    expect(result.verdict).toBe('FAILED')
    expectRows(
      result,
      TABLES[set].filter((row) => row.needs !== 'rate-limit'),
    )
  }, 90_000)
})

/** Every finding (as the report groups them: knock-ons with their cause) is one of these rows', and every row that makes a finding made one. */
function expectRows(result: ContractSuiteResult, rows: readonly Row[]): void {
  const findings = groupFindings(result.failures).map(({ check, title }) => ({ check, title }))
  const rowsOf = (finding: { check: string; title: string }) =>
    rows.filter((row) => row.findings.some((f) => f.check === finding.check && f.title.test(finding.title)))
  expect(
    findings.filter((finding) => rowsOf(finding).length === 0),
    formatReport(result),
  ).toEqual([])
  for (const row of rows.filter((one) => one.findings.length > 0))
    expect(
      findings.some((finding) => rowsOf(finding).includes(row)),
      `${row.id}\n${formatReport(result)}`,
    ).toBe(true)
}

// The corpus: each house style judged against its own twin's document finds nothing but the
// style's deliberate defect (a real bug, which the twin must not copy into a choice) and what no
// Profile holds (below), at most two findings; and the twin passes against the same document.
// Every style and its twin in parallel, as corpus-suite.test.ts does.

/** What a twin's document cannot say of a style, by the finding's title, and why. */
const BEYOND_A_PROFILE_BY_STYLE: Partial<Record<(typeof STYLE_NAMES)[number], { title: RegExp; why: string }[]>> = {
  github: [
    {
      title:
        /^Invalid input answered 400|^Undocumented property errors$|^Required property resource is missing$|^errors\[\]\.code must be one of/,
      why: 'GitHub refuses a value of the wrong type 400 and one out of bounds 422, its problems carrying codes of their own and a resource only in a body: a profile has one status, one code and one problem template for invalid input',
    },
  ],
}
describe.concurrent.each(STYLE_NAMES)('the %s style against its twin’s document', (style) => {
  it('finds only the style’s deliberate defect in it, and nothing in its twin', async () => {
    const deployment = await startDeployment(style)
    const started = [deployment]
    try {
      const twin = await learnFrom(deployment)
      const twinTarget = await startTwin(twin, deployment)
      started.push(twinTarget)
      const run = (target: Target) =>
        runContractSuite({
          baseUrl: target.baseUrl,
          apiKey: target.key,
          secondApiKey: target.key2,
          document: twin.document as never,
          profile: 'contract',
          allowDestructive: true,
        })
      const [atDeployment, atTwin] = [await run(deployment), await run(twinTarget)]
      console.log(`${style}: against its twin's document: ${formatReport(atDeployment).split('\n')[1]}`)
      const defects = new Set(
        STYLES[style].differences.filter((row) => row.kind === 'defect').flatMap((row) => row.reportedBy),
      )
      const beyond = BEYOND_A_PROFILE_BY_STYLE[style] ?? []
      const findings = groupFindings(atDeployment.failures).filter(
        (finding) => !beyond.some(({ title }) => title.test(finding.title)),
      )
      expect(
        findings.filter((finding) => !defects.has(finding.check)).map(({ check, title }) => `${check}: ${title}`),
        formatReport(atDeployment),
      ).toEqual([])
      expect(findings.length).toBeLessThanOrEqual(2)
      expect(atDeployment.errors).toEqual([])
      expect(atTwin.verdict, formatReport(atTwin)).toBe('PASSED')
    } finally {
      for (const target of started) await target.close()
    }
  }, 90_000)
})
