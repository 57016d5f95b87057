import { FlowStopped, isSuccess } from '../checks/check.js'
import type { Exchange } from '../client/exchange.js'
import { RequestBudgetExhausted } from '../client/http-client.js'
import { groupFindings } from '../report/findings.js'
import { cleanUp } from './cleanup.js'
import type { ContractRun } from './contract-run.js'
import { prepareRun, type PreparedRun } from './prepare-run.js'
import type { CoverageRow } from './coverage.js'
import { FINDING_KINDS, type ContractSuiteResult, type Finding, type Verdict } from './results.js'
import { foreignAdvert } from './run-accounts.js'
import type { ContractSuiteOptions } from './suite-options.js'

export type { ContractSuiteResult } from './results.js'
export type { ContractSuiteOptions } from './suite-options.js'

/**
 * Runs the contract suite against a deployment (or the mock) and says what does not conform.
 * Throws a PreflightError, before any check, when the deployment does not answer or refuses a key.
 * @example const result = await runContractSuite({ baseUrl, apiKey }); if (result.verdict !== 'PASSED') console.log(formatReport(result))
 */
export async function runContractSuite(options: ContractSuiteOptions): Promise<ContractSuiteResult> {
  const prepared = await prepareRun(options)
  const { run } = prepared
  let cleanup = { deleted: [] as string[], leftover: [] as string[] }
  try {
    await drive(run)
  } catch (error) {
    if (!(error instanceof RequestBudgetExhausted)) throw error
    run.recorder.coverage.block('*', `${error.message}: the run stopped there`)
    run.ctx.state.notes.push(`${error.message}; the run stopped there and cleaned up`)
  } finally {
    // Straight through the client: what cleanup sends is not judged.
    cleanup = await cleanUp(run.client, run.ctx.state.titlePrefix)
  }
  return summarize(prepared, cleanup)
}

/**
 * The traffic: the second account's advert, then each flow, then what the checks judge after the
 * flows. Every request goes through `ctx.send`, which judges what came back before the flow goes on.
 */
async function drive(run: ContractRun): Promise<void> {
  const { ctx, recorder, items } = run
  if (ctx.settings.hasSecondKey) ctx.state.foreignAdvertId = await foreignAdvert(ctx)
  // Flows drive the traffic the checks judge, so they run when any check is on, even with their own name off (its failures are dropped).
  const driving = items.some((item) => item.kind !== 'flow')
  for (const flow of items) {
    if (flow.kind !== 'flow' || !(driving || ctx.enabled(flow.name))) continue
    const thrown = await recorder.runBound(ctx, flow.name, 'flows', (bound) => flow.run(bound), {
      counted: () => false,
    })
    if (thrown instanceof FlowStopped) {
      recorder.coverage.block(thrown.unreached, thrown.reason, thrown.because)
      ctx.state.notes.push(thrown.reason)
    }
    if (thrown instanceof RequestBudgetExhausted) throw thrown
  }
  for (const item of items) {
    if (item.kind === 'flow' || !item.afterFlows) continue
    await item.afterFlows(ctx, async (operation, body) => {
      const thrown = await recorder.runBound(ctx, item.name, operation, body)
      if (thrown instanceof RequestBudgetExhausted) throw thrown
    })
  }
}

/** The result: the verdict from failures, errors and coverage, and the findings grouped by root cause. */
function summarize(
  { run, options, started, selection, keyCount }: PreparedRun,
  cleanup: { deleted: string[]; leftover: string[] },
): ContractSuiteResult {
  const { recorder, ctx, client } = run
  const errors = [...recorder.errors, ...cleanup.leftover.map((path) => `Cleanup could not delete ${path}`)]
  const exercised = new Set(
    ctx.state.history.map((exchange) => exchange.operation).filter((label): label is string => label !== undefined),
  )
  // Said without the operation, so that one reason for many operations is one line of the report.
  const coverage = recorder.coverage.rows(recorder.failures, (operation, check) => {
    if (!exercised.has(operation)) return 'no request of the run reached them'
    const bodiless = bodilessStatuses(ctx.state.history, operation)
    return bodiless
      ? `nothing to judge: every success answered with no body (${bodiless})`
      : `${check} found nothing to judge in their answers`
  })
  // Spec violations first, then differences, then defects: the order the report numbers and parts them in.
  const findings = groupFindings(recorder.failures).sort(
    (a, b) => FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind),
  )
  const rows = coverage.map((row) => becauseOf(row, findings))
  const verdict: Verdict =
    recorder.failures.length > 0 || errors.length > 0
      ? 'FAILED'
      : rows.some((row) => row.state === 'not_exercised')
        ? 'INCONCLUSIVE'
        : 'PASSED'
  return {
    verdict,
    ok: verdict === 'PASSED',
    runId: ctx.state.runId,
    baseUrl: client.baseUrl,
    profile: selection,
    failures: recorder.failures,
    findings,
    errors,
    coverage: rows,
    tallies: recorder.coverage.tallies(recorder.failures),
    requests: client.requests + (ctx.controlPlane?.requests ?? 0) + keyCount,
    exercised: ctx.document.operations.map((o) => o.label).filter((label) => exercised.has(label)),
    // A stopped flow's reason already shows on what it left unexercised.
    notes: ctx.state.notes.filter((note) => !coverage.some((row) => row.reason === note)),
    cleanup,
    ...(ctx.state.rotatedApiKey && options.apiKey ? { rotatedApiKey: ctx.state.rotatedApiKey } : {}),
    durationMs: Date.now() - started,
  }
}

/**
 * A row not exercised because of a cause the run found says so: `because of finding 3 (Required
 * property pagination is missing): …`. A cause that is no finding (its check off) leaves the reason as it was.
 */
function becauseOf(row: CoverageRow, findings: readonly Finding[]): CoverageRow {
  if (row.state !== 'not_exercised' || row.cause === undefined) return row
  const index = findings.findIndex(
    (finding) => finding.rootCause === row.cause || finding.failures.some((failure) => failure.aka === row.cause),
  )
  if (index < 0) return row
  return { ...row, reason: `because of finding ${index + 1} (${findings[index]!.title}): ${row.reason}` }
}

/** The statuses of an operation's answers when every success among them had no body (a 204 DELETE); else undefined. */
function bodilessStatuses(history: readonly Exchange[], operation: string): string | undefined {
  const successes = history.filter(
    (exchange) => exchange.operation === operation && isSuccess(exchange.response.status),
  )
  if (successes.length === 0 || successes.some((exchange) => exchange.response.text !== '')) return undefined
  return [...new Set(successes.map((exchange) => exchange.response.status))].join(', ')
}
