import { randomBytes } from 'node:crypto'
import type { CheckName } from '../checks/check-names.js'
import { FlowStopped, labelOf, type Check, type RunContext, type RunSettings, type RunState } from '../checks/check.js'
import { REGISTRY, registrations, type Registration } from '../checks/registry.js'
import { ControlPlane } from '../client/control-plane.js'
import type { Exchange } from '../client/exchange.js'
import { ContractClient, RequestBudgetExhausted } from '../client/http-client.js'
import { preflight } from '../client/preflight.js'
import { ContractDocument } from '../document/document.js'
import { loadContractDocument, packagedDocumentPath } from '../document/load-document.js'
import { profilesOf, type ProfileSelection } from '../document/profiles.js'
import { SchemaValidator } from '../document/schema-validator.js'
import { groupFindings } from '../report/findings.js'
import { cleanUp } from './cleanup.js'
import { createRecorder, type Recorder } from './recorder.js'
import type { ContractSuiteResult, Verdict } from './results.js'
import { foreignAdvert, needsSecondKey, openKeys } from './run-accounts.js'
import { claimsUnder, promise } from './run-claims.js'
import type { ContractSuiteOptions } from './suite-options.js'

export type { ContractSuiteResult } from './results.js'
export type { ContractSuiteOptions } from './suite-options.js'

/** A run being set up or under way: everything its steps share. */
interface Run {
  options: ContractSuiteOptions
  started: number
  selection: ProfileSelection
  ctx: RunContext
  recorder: Recorder
  /** The checks and flows the selected profiles and options let run, in the registry's order. */
  items: Registration[]
  keyCount: number
  /** Exchanges are judged until cleanup starts. */
  observing: boolean
}

/**
 * Runs the contract suite against a deployment (or the mock) and says what does not conform.
 * Throws a PreflightError, before any check, when the deployment does not answer or refuses a key.
 * @example const result = await runContractSuite({ baseUrl, apiKey }); if (result.verdict !== 'PASSED') console.log(formatReport(result))
 */
export async function runContractSuite(options: ContractSuiteOptions): Promise<ContractSuiteResult> {
  const run = await prepare(options)
  let cleanup = { deleted: [] as string[], leftover: [] as string[] }
  try {
    await drive(run)
  } catch (error) {
    if (!(error instanceof RequestBudgetExhausted)) throw error
    run.recorder.coverage.block('*', `${error.message}: the run stopped there`)
    run.ctx.state.notes.push(`${error.message}; the run stopped there and cleaned up`)
  } finally {
    run.observing = false
    cleanup = await cleanUp(run.ctx.client, run.ctx.state.titlePrefix)
  }
  return summarize(run, cleanup)
}

/** The document, the keys (opened through the control plane when not given), the preflight, the client and what the run will check. */
async function prepare(options: ContractSuiteOptions): Promise<Run> {
  const started = Date.now()
  const source = options.document ?? packagedDocumentPath()
  const document = source instanceof ContractDocument ? source : await loadContractDocument(source)
  const runId = options.runId ?? randomBytes(4).toString('hex')
  const plane = options.controlPlane ? new ControlPlane({ ...options.controlPlane, fetch: options.fetch }) : undefined
  const selection = options.profile ?? (plane ? 'all' : 'contract')
  const profiles = profilesOf(selection)
  const enabled = (name: CheckName) =>
    (!options.checks || options.checks.includes(name)) && !options.skipChecks?.includes(name)
  const base: RunSettings = {
    allowDestructive: options.allowDestructive ?? (plane !== undefined && options.apiKey === undefined),
    hasSecondKey: options.secondApiKey !== undefined,
    spendQuota: options.rateLimit ?? plane !== undefined,
    maxRequests: options.maxRequests ?? 800,
    maxRequestsGiven: options.maxRequests !== undefined,
  }
  const claimed = registrations().filter((item) => claimsUnder(item, profiles))
  const { primary, second } = await openKeys(options, plane, (item) => enabled(item.name) && needsSecondKey(item, base))
  const keys = [
    { key: primary, name: 'CONTRACT_API_KEY' },
    ...(second ? [{ key: second, name: 'CONTRACT_API_KEY_2' }] : []),
  ]
  await preflight({ baseUrl: options.baseUrl, document, keys, fetch: options.fetch })
  const settings: RunSettings = { ...base, hasSecondKey: second !== undefined }
  const wait = waiter(plane, options.onProgress)
  const onExchange = (exchange: Exchange) => observe(run, exchange)
  const client = new ContractClient({
    baseUrl: options.baseUrl,
    document,
    keys: { primary, second },
    fetch: options.fetch,
    maxRequests: settings.maxRequests,
    maxWaitSeconds: options.maxWaitSeconds,
    wait,
    onExchange,
  })
  const state: RunState = {
    runId,
    titlePrefix: `[contract ${runId}]`,
    acceptedBodies: new Map(),
    history: [],
    notes: [],
  }
  const recorder = createRecorder(profiles, enabled, (name) => REGISTRY[name].claims)
  // Flows run even with their own name off: they drive the traffic the checks judge.
  const items = claimed.filter(
    (item) => item.skippedBy?.(settings) === undefined && (item.kind === 'flow' || enabled(item.name)),
  )
  const seen = new Set<string>()
  const ctx: RunContext = {
    document,
    validator: new SchemaValidator(document),
    client,
    state,
    settings,
    ...(plane ? { controlPlane: plane } : {}),
    once: (key) => !seen.has(key) && Boolean(seen.add(key)),
    probe: (exchange) => judgeAll(run, 'probe', exchange),
    skip: (operation, check, reason) => recorder.coverage.skip(operation, check, reason),
    enabled,
    wait,
  }
  const run: Run = {
    options,
    started,
    selection,
    ctx,
    recorder,
    items,
    keyCount: keys.length,
    observing: true,
  }
  promise(run, claimed, profiles)
  return run
}

/** Every exchange, as it arrives: kept in the history, judged by the response checks, and by the probing ones when primary. */
async function observe(run: Run, exchange: Exchange): Promise<void> {
  if (!run.observing) return
  const { state } = run.ctx
  state.history.push(exchange)
  if (exchange.primary && exchange.response.status < 300 && exchange.request.body && exchange.operation) {
    state.acceptedBodies.set(exchange.operation, JSON.parse(exchange.request.body))
  }
  await judgeAll(run, 'response', exchange)
  if (exchange.primary) await judgeAll(run, 'probe', exchange)
}

/** Runs every selected check of one kind on an exchange. */
async function judgeAll(run: Run, kind: Check['kind'], exchange: Exchange): Promise<void> {
  for (const item of run.items) {
    if (item.kind !== kind) continue
    const check = item as Registration & Check
    await run.recorder.judge(run.ctx, item.name, labelOf(exchange), (ctx) => check.run(ctx, exchange), { exchange })
  }
}

/** The traffic: the second account's advert, then each flow, then what the checks judge after the flows. */
async function drive(run: Run): Promise<void> {
  const { ctx, recorder, items } = run
  if (ctx.settings.hasSecondKey) ctx.state.foreignAdvertId = await foreignAdvert(ctx)
  // Flows drive the traffic the checks judge, so they run when any check is on, even with their own name off (its failures are dropped).
  const driving = items.some((item) => item.kind !== 'flow')
  for (const flow of items.filter((item) => item.kind === 'flow' && (driving || ctx.enabled(item.name)))) {
    const thrown = await recorder.judge(
      ctx,
      flow.name,
      'flows',
      (bound) => (flow as Registration & { kind: 'flow' }).run(bound),
      { counted: () => false },
    )
    if (thrown instanceof FlowStopped) {
      recorder.coverage.block(thrown.unreached, thrown.reason)
      ctx.state.notes.push(thrown.reason)
    }
    if (thrown instanceof RequestBudgetExhausted) throw thrown
  }
  for (const item of items) {
    if (item.kind === 'flow' || !item.afterFlows) continue
    await item.afterFlows(ctx, async (operation, body) => {
      const thrown = await recorder.judge(ctx, item.name, operation, body)
      if (thrown instanceof RequestBudgetExhausted) throw thrown
    })
  }
}

/** The result: the verdict from failures, errors and coverage, and the findings grouped by root cause. */
function summarize(run: Run, cleanup: { deleted: string[]; leftover: string[] }): ContractSuiteResult {
  const { recorder, ctx, options } = run
  const errors = [...recorder.errors, ...cleanup.leftover.map((path) => `Cleanup could not delete ${path}`)]
  const exercised = new Set(
    ctx.state.history.map((exchange) => exchange.operation).filter((label): label is string => label !== undefined),
  )
  const coverage = recorder.coverage.rows(recorder.failures, (operation, check) =>
    exercised.has(operation)
      ? `${check} found nothing to judge in what ${operation} answered`
      : `no request of the run reached ${operation}`,
  )
  const verdict: Verdict =
    recorder.failures.length > 0 || errors.length > 0
      ? 'FAILED'
      : coverage.some((row) => row.state === 'not_exercised')
        ? 'INCONCLUSIVE'
        : 'PASSED'
  return {
    verdict,
    ok: verdict === 'PASSED',
    runId: ctx.state.runId,
    baseUrl: ctx.client.baseUrl,
    profile: run.selection,
    failures: recorder.failures,
    findings: groupFindings(recorder.failures),
    errors,
    coverage,
    tallies: recorder.coverage.tallies(recorder.failures),
    requests: ctx.client.requests + (ctx.controlPlane?.requests ?? 0) + run.keyCount,
    exercised: ctx.document.operations.map((o) => o.label).filter((label) => exercised.has(label)),
    // A stopped flow's reason already shows on what it left unexercised.
    notes: ctx.state.notes.filter((note) => !coverage.some((row) => row.reason === note)),
    cleanup,
    ...(ctx.state.rotatedApiKey && options.apiKey ? { rotatedApiKey: ctx.state.rotatedApiKey } : {}),
    durationMs: Date.now() - run.started,
  }
}

/** How the run waits for a rate-limit window: the mock's clock moved, or a real sleep announced first. */
function waiter(plane: ControlPlane | undefined, onProgress: ((line: string) => void) | undefined): RunContext['wait'] {
  if (plane) return (seconds) => plane.advanceClock(seconds)
  return async (seconds, why) => {
    onProgress?.(`contract suite: waiting ${seconds} s for the rate-limit window (${why})`)
    await new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000))
  }
}
