import { randomBytes } from 'node:crypto'
import { FlowStopped, labelOf, type Check, type CheckContext, type Flow, type RunState } from './check.js'
import { CHECKS } from './checks/index.js'
import { cleanUp } from './cleanup.js'
import { ControlPlane } from './control-plane.js'
import type { CheckTally, CoverageRow } from './coverage.js'
import { ContractDocument, loadContractDocument, type JsonObject } from './document.js'
import { accountLifecycle } from './flows/account-lifecycle.js'
import { campaignLifecycle } from './flows/campaign-lifecycle.js'
import { rateLimitEnforcement } from './flows/rate-limit-enforcement.js'
import { ContractClient, RequestBudgetExhausted } from './http-client.js'
import { preflight } from './preflight.js'
import { createRecorder, type Recorder } from './recorder.js'
import { groupFindings, type Finding } from './report/findings.js'
import { SchemaValidator } from './schema-validator.js'
import { sweepIgnoredAuth } from './sweep-ignored-auth.js'
import { profilesOf, type CheckName, type ContractFailure, type Exchange, type OperationLabel, type ProfileSelection, type Verdict } from './types.js'
import { validInstance } from './valid-data.js'

/** How to run the suite. Only `baseUrl` and a key (or a control plane) are needed. */
export interface ContractSuiteOptions {
  /** Ends with the versioned prefix, e.g. `https://ads.example.com/api/v1`. */
  baseUrl: string
  /** The key to test with; without one, the control plane opens an account for the run. */
  apiKey?: string
  /** A key of another account, for object_level_authorization; opened through the control plane when absent. */
  secondApiKey?: string
  /** The OpenAPI 3.1 document: a path, the parsed JSON, or a loaded document. */
  document: string | JsonObject | ContractDocument
  /** Default `all` with a control plane (the mock), else `contract`. */
  profile?: ProfileSelection
  /** Run only these checks (and flows). */
  checks?: readonly CheckName[]
  /** Leave these out. */
  skipChecks?: readonly CheckName[]
  /** The mock's /__admin, e.g. `http://127.0.0.1:4010/__admin`. Never given for a live deployment. */
  controlPlane?: { url: string; token?: string }
  /** Spend the key's quota to see a 429 (default: only with a control plane). */
  rateLimit?: boolean
  /** Allow resetting the key and changing (then restoring) the e-mail. Default: only for an account the run opened. */
  allowDestructive?: boolean
  /** Most requests the run may send, cleanup excepted. Default 800. */
  maxRequests?: number
  /** Longest wait for Retry-After or a spent window, in seconds. Default 65. */
  maxWaitSeconds?: number
  /** The fetch to send with (the in-process msw one, say). */
  fetch?: typeof fetch
  /** Marks what the run creates; random by default. */
  runId?: string
}

/** What a run found. */
export interface ContractSuiteResult {
  /** PASSED: everything the profile promises ran and held; FAILED: something did not hold (or the run broke); INCONCLUSIVE: neither, but something went unchecked. */
  verdict: Verdict
  /** The verdict is PASSED. */
  ok: boolean
  runId: string
  baseUrl: string
  profile: ProfileSelection
  failures: ContractFailure[]
  /** The failures grouped by root cause: what the summary counts. */
  findings: Finding[]
  /** Problems that broke part of the run (a crash, a resource left behind). */
  errors: string[]
  /** Every check on every operation it promises (or ran on): passed, failed, not exercised or skipped by option. */
  coverage: CoverageRow[]
  /** How often each check judged each operation, and how often it failed. */
  tallies: CheckTally[]
  requests: number
  /** Operations some request of the run reached. */
  exercised: OperationLabel[]
  notes: string[]
  cleanup: { deleted: string[]; leftover: string[] }
  /** The primary key after a reset (only with allowDestructive on a key the run did not open). */
  rotatedApiKey?: string
  durationMs: number
}

/**
 * Runs the contract suite against a deployment (or the mock) and says what does not conform.
 * Throws a PreflightError, before any check, when the deployment does not answer or refuses a key.
 * @example const result = await runContractSuite({ baseUrl, apiKey, document: 'openapi/openapi.json' }); if (result.verdict !== 'PASSED') console.log(formatReport(result))
 */
export async function runContractSuite(options: ContractSuiteOptions): Promise<ContractSuiteResult> {
  const started = Date.now()
  const document = options.document instanceof ContractDocument ? options.document : await loadContractDocument(options.document)
  const runId = options.runId ?? randomBytes(4).toString('hex')
  const plane = options.controlPlane ? new ControlPlane({ ...options.controlPlane, fetch: options.fetch }) : undefined
  const selection = options.profile ?? (plane ? 'all' : 'contract')
  const profiles = profilesOf(selection)
  const enabled = (name: CheckName) => (!options.checks || options.checks.includes(name)) && !options.skipChecks?.includes(name)

  const primary = options.apiKey ?? (plane ? (await plane.createUser({})).api_key : undefined)
  if (!primary) throw new Error('runContractSuite needs apiKey, or a controlPlane to open an account with')
  const second = options.secondApiKey ?? (plane && enabled('object_level_authorization') ? (await plane.createUser({})).api_key : undefined)
  const keys = [{ key: primary, name: 'CONTRACT_API_KEY' }, ...(second ? [{ key: second, name: 'CONTRACT_API_KEY_2' }] : [])]
  await preflight({ baseUrl: options.baseUrl, document, keys, fetch: options.fetch })
  const wait = plane ? (seconds: number) => plane.advanceClock(seconds) : (seconds: number) => new Promise<void>((r) => setTimeout(r, seconds * 1000))
  const client = new ContractClient({
    baseUrl: options.baseUrl,
    document,
    keys: { primary, second },
    fetch: options.fetch,
    maxRequests: options.maxRequests ?? 800,
    maxWaitSeconds: options.maxWaitSeconds,
    wait,
  })
  const state: RunState = {
    runId,
    titlePrefix: `[contract ${runId}]`,
    allowDestructive: options.allowDestructive ?? (plane !== undefined && options.apiKey === undefined),
    hasSecondKey: second !== undefined,
    acceptedBodies: new Map(),
    history: [],
    notes: [],
  }
  const seen = new Set<string>()
  const selected = (item: Check | Flow) => enabled(item.name) && item.profiles.some((profile) => profiles.has(profile))
  const checks = CHECKS.filter(selected)
  const recorder = createRecorder(profiles, enabled)
  const probe = async (exchange: Exchange) => {
    for (const check of checks.filter((c) => c.kind === 'probe')) await recorder.run(check.name, labelOf(exchange), () => check.run(ctx, exchange))
  }
  const ctx: CheckContext = {
    document,
    validator: new SchemaValidator(document),
    client,
    profiles,
    state,
    once: (key) => !seen.has(key) && Boolean(seen.add(key)),
    probe,
    ran: (operation, check) => enabled(check) && recorder.coverage.ran(operation, check),
    report: (failure) => recorder.keep(failure),
    skip: (operation, check, reason) => recorder.coverage.skip(operation, check, reason),
    enabled,
  }

  client.onExchange = async (exchange: Exchange) => {
    state.history.push(exchange)
    if (exchange.primary && exchange.response.status < 300 && exchange.request.body && exchange.operation) {
      state.acceptedBodies.set(exchange.operation, JSON.parse(exchange.request.body))
    }
    for (const check of checks.filter((c) => c.kind === 'response')) await recorder.run(check.name, labelOf(exchange), () => check.run(ctx, exchange))
    if (exchange.primary) await probe(exchange)
  }

  const rateLimit = rateLimitEnforcement({ controlPlane: plane, maxRequests: Math.min(300, options.maxRequests ?? 800), wait })
  const flows: Flow[] = [accountLifecycle, campaignLifecycle, rateLimit]
  promise(recorder, document, [...CHECKS, ...flows], profiles, options)
  if (!second) ctx.skip('*', 'object_level_authorization', 'no second key (CONTRACT_API_KEY_2) to try the first one\'s resources with')
  const spendQuota = options.rateLimit ?? plane !== undefined
  if (!spendQuota) ctx.skip('*', 'rate_limit_enforcement', 'CONTRACT_RATE_LIMIT is off: the quota is not spent')
  let cleanup = { deleted: [] as string[], leftover: [] as string[] }
  try {
    if (second) state.foreignAdvertId = await foreignAdvert(ctx)
    // Flows drive the traffic the checks judge, so they run when any check is on, even with their own name off (its failures are dropped).
    const driving = checks.length > 0
    for (const flow of flows.filter((f) => (f !== rateLimit || spendQuota) && f.profiles.some((p) => profiles.has(p)) && (driving || enabled(f.name)))) {
      const thrown = await recorder.run(flow.name, 'flows', () => flow.run(ctx), () => false)
      if (thrown instanceof FlowStopped) {
        recorder.coverage.block(thrown.unreached, thrown.reason)
        state.notes.push(thrown.reason)
      }
      if (thrown instanceof RequestBudgetExhausted) throw thrown
    }
    if (checks.some((check) => check.name === 'ignored_auth')) await sweepIgnoredAuth(ctx, recorder)
  } catch (error) {
    if (!(error instanceof RequestBudgetExhausted)) throw error
    recorder.coverage.block('*', `${error.message}: the run stopped there`)
    state.notes.push(`${error.message}; the run stopped there and cleaned up`)
  } finally {
    client.onExchange = async () => {}
    cleanup = await cleanUp(client, state.titlePrefix)
  }
  const errors = [...recorder.errors, ...cleanup.leftover.map((path) => `Cleanup could not delete ${path}`)]
  const exercised = new Set(state.history.map((exchange) => exchange.operation).filter((label): label is string => label !== undefined))
  const coverage = recorder.coverage.rows(recorder.failures, (operation, check) =>
    exercised.has(operation) ? `${check} found nothing to judge in what ${operation} answered` : `no request of the run reached ${operation}`,
  )
  const verdict: Verdict = recorder.failures.length > 0 || errors.length > 0 ? 'FAILED' : coverage.some((row) => row.state === 'not_exercised') ? 'INCONCLUSIVE' : 'PASSED'
  return {
    verdict,
    ok: verdict === 'PASSED',
    runId,
    baseUrl: client.baseUrl,
    profile: selection,
    failures: recorder.failures,
    findings: groupFindings(recorder.failures),
    errors,
    coverage,
    tallies: recorder.coverage.tallies(recorder.failures),
    requests: client.requests + (plane?.requests ?? 0) + keys.length,
    exercised: document.operations.map((o) => o.label).filter((label) => exercised.has(label)),
    // A stopped flow's reason already shows on what it left unexercised.
    notes: state.notes.filter((note) => !coverage.some((row) => row.reason === note)),
    cleanup,
    ...(state.rotatedApiKey && options.apiKey ? { rotatedApiKey: state.rotatedApiKey } : {}),
    durationMs: Date.now() - started,
  }
}

/**
 * What the run promises: each check and flow that a selected profile gives a claim on an
 * operation, unless CONTRACT_CHECKS leaves it out; CONTRACT_SKIP_CHECKS keeps it listed, as skipped.
 */
function promise(recorder: Recorder, document: ContractDocument, items: ReadonlyArray<Check | Flow>, profiles: ReadonlySet<string>, options: ContractSuiteOptions): void {
  for (const operation of document.operations) {
    for (const item of items) {
      if (options.checks && !options.checks.includes(item.name)) continue
      if (!item.profiles.some((profile) => profiles.has(profile) && item.promises(operation, profile, document))) continue
      recorder.coverage.expect(operation.label, item.name)
      if (options.skipChecks?.includes(item.name)) recorder.coverage.skip(operation.label, item.name, 'left out by CONTRACT_SKIP_CHECKS')
    }
  }
}

/** An advert of the second account, the foreign reference for negative_data_rejection. */
async function foreignAdvert(ctx: CheckContext): Promise<number | undefined> {
  const operation = ctx.document.get('POST /adverts')
  if (!operation?.requestBody?.schema) return undefined
  const body = validInstance(operation.requestBody.schema, { title: `${ctx.state.titlePrefix} foreign advert` })
  const created = await ctx.client.send({ method: 'POST', path: operation.path, body, credentials: 'second', purpose: 'setup: an advert of the second account' })
  const id = (created.response.json as { data?: { id?: unknown } } | undefined)?.data?.id
  return typeof id === 'number' ? id : undefined
}
