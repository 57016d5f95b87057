import { randomBytes } from 'node:crypto'
import type { Check, CheckContext, Flow, RunState } from './check.js'
import { CHECKS } from './checks/index.js'
import { probeAuth } from './checks/ignored-auth.js'
import { ControlPlane } from './control-plane.js'
import { ContractDocument, loadContractDocument, type JsonObject } from './document.js'
import { accountLifecycle } from './flows/account-lifecycle.js'
import { campaignLifecycle } from './flows/campaign-lifecycle.js'
import { rateLimitEnforcement } from './flows/rate-limit-enforcement.js'
import { ContractClient, RequestBudgetExhausted, type CreatedResource } from './http-client.js'
import { createRecorder, type CheckTally, type Recorder } from './recorder.js'
import { SchemaValidator } from './schema-validator.js'
import { isSpecOperation } from './spec-facts.js'
import { unusedId, validInstance } from './valid-data.js'
import { profilesOf, type CheckName, type ContractFailure, type Exchange, type ProfileSelection } from './types.js'

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
  ok: boolean
  runId: string
  baseUrl: string
  profile: ProfileSelection
  failures: ContractFailure[]
  /** Problems that stopped part of the run (a crash, a spent budget, a leftover resource). */
  errors: string[]
  /** How often each check judged each operation, and how often it failed. */
  tallies: CheckTally[]
  requests: number
  exercised: string[]
  notExercised: string[]
  notes: string[]
  cleanup: { deleted: string[]; leftover: string[] }
  /** The primary key after a reset (only with allowDestructive on a key the run did not open). */
  rotatedApiKey?: string
  durationMs: number
}

/**
 * Runs the contract suite against a deployment (or the mock) and says what does not conform.
 * @example const result = await runContractSuite({ baseUrl, apiKey, document: 'openapi/openapi.json' }); if (!result.ok) console.log(formatReport(result))
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
  const errors: string[] = []
  const probe = async (exchange: Exchange) => {
    for (const check of checks.filter((c) => c.kind === 'probe')) {
      const before = client.requests
      await recorder.run(check.name, exchange.operation ?? 'undocumented', () => check.run(ctx, exchange), () => client.requests > before)
    }
  }
  const ctx: CheckContext = {
    document,
    validator: new SchemaValidator(document),
    client,
    profiles,
    state,
    once: (key) => !seen.has(key) && Boolean(seen.add(key)),
    probe,
  }

  client.onExchange = async (exchange: Exchange) => {
    state.history.push(exchange)
    if (exchange.primary && exchange.response.status < 300 && exchange.request.body && exchange.operation) {
      state.acceptedBodies.set(exchange.operation, JSON.parse(exchange.request.body))
    }
    for (const check of checks.filter((c) => c.kind === 'response')) await recorder.run(check.name, exchange.operation ?? 'undocumented', () => check.run(ctx, exchange))
    if (exchange.primary) await probe(exchange)
  }

  const flows: Flow[] = [accountLifecycle, campaignLifecycle]
  if (options.rateLimit ?? plane !== undefined) {
    flows.push(rateLimitEnforcement({ controlPlane: plane, maxRequests: Math.min(300, options.maxRequests ?? 800), wait }))
  }
  let cleanup = { deleted: [] as string[], leftover: [] as string[] }
  try {
    if (second) state.foreignAdvertId = await foreignAdvert(ctx)
    // Flows drive the traffic the checks judge, so they run when any check is on, even with their own name off (its failures are dropped).
    const driving = checks.length > 0
    for (const flow of flows.filter((f) => f.profiles.some((p) => profiles.has(p)) && (driving || enabled(f.name)))) {
      const thrown = await recorder.run(flow.name, 'flows', () => flow.run(ctx))
      if (thrown instanceof RequestBudgetExhausted) {
        errors.push(thrown.message)
        break
      }
    }
    if (checks.some((check) => check.name === 'ignored_auth')) await sweepIgnoredAuth(ctx, recorder)
  } finally {
    client.onExchange = async () => {}
    cleanup = await cleanUp(client, state.titlePrefix)
  }
  errors.push(...recorder.errors, ...cleanup.leftover.map((path) => `Cleanup could not delete ${path}`))
  const exercised = new Set(state.history.map((exchange) => exchange.operation).filter((label): label is string => label !== undefined))
  return {
    ok: recorder.failures.length === 0 && errors.length === 0,
    runId,
    baseUrl: client.baseUrl,
    profile: selection,
    failures: recorder.failures,
    errors,
    tallies: recorder.tallies(),
    requests: client.requests + (plane?.requests ?? 0),
    exercised: document.operations.map((o) => o.label).filter((label) => exercised.has(label)),
    notExercised: document.operations.map((o) => o.label).filter((label) => !exercised.has(label)),
    notes: state.notes,
    cleanup,
    ...(state.rotatedApiKey && options.apiKey ? { rotatedApiKey: state.rotatedApiKey } : {}),
    durationMs: Date.now() - started,
  }
}

/** Probes ignored_auth on every documented operation the flows did not reach (the key reset, say). */
async function sweepIgnoredAuth(ctx: CheckContext, recorder: Recorder): Promise<void> {
  for (const operation of ctx.document.operations) {
    const profile = isSpecOperation(operation.label) ? 'spec' : 'contract'
    if (!operation.secured || !ctx.profiles.has(profile) || !ctx.once(`ignored_auth ${operation.label}`)) continue
    const body = ctx.state.acceptedBodies.get(operation.label)
    // An id no account should have: if the server ignored the credentials, nothing real is touched.
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name)
      return String(unusedId(parameter?.schema))
    })
    const exchange: Exchange = {
      operation: operation.label,
      request: { method: operation.method.toUpperCase(), url: ctx.client.baseUrl + path, headers: {}, ...(operation.requestBody ? { body: JSON.stringify(body ?? {}) } : {}) },
      response: { status: 0, headers: {}, text: '', json: undefined },
      purpose: 'ignored_auth sweep',
      primary: false,
      credentials: 'primary',
    }
    const thrown = await recorder.run('ignored_auth', operation.label, () => probeAuth(ctx, exchange, profile))
    if (thrown instanceof RequestBudgetExhausted) return
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

/**
 * Deletes what the run created, newest first (campaigns before their adverts), whatever happened
 * before. What a DELETE already removed during the run is read first and deleted again only if it
 * is still there and still the run's (its body names the run's title prefix): a server that
 * answered 2xx to a refused DELETE leaves nothing behind, and an id the server reused for someone
 * else's resource is left alone. A 5xx is asked once more.
 */
async function cleanUp(client: ContractClient, titlePrefix: string): Promise<{ deleted: string[]; leftover: string[] }> {
  const deleted: string[] = []
  const leftover: string[] = []
  const send = async (method: 'GET' | 'DELETE', resource: CreatedResource) => {
    const request = { method, path: resource.path, credentials: resource.credentials, purpose: method === 'GET' ? 'cleanup: still there?' : 'cleanup', outsideBudget: true }
    const first = await client.send(request)
    return first.response.status >= 500 ? client.send(request) : first
  }
  for (const resource of [...client.created].reverse()) {
    try {
      if (resource.deletedDuringRun) {
        const { status, text } = (await send('GET', resource)).response
        if (status >= 500) leftover.push(`${resource.path} (deleted during the run, but reading it again was a ${status})`)
        if (status >= 300 || !text.includes(titlePrefix)) continue
      }
      const exchange = await send('DELETE', resource)
      if (exchange.response.status < 300 || exchange.response.status === 404) deleted.push(resource.path)
      else leftover.push(`${resource.path} (${exchange.response.status})`)
    } catch (error) {
      leftover.push(`${resource.path} (${(error as Error).message})`)
    }
  }
  return { deleted, leftover }
}
