import { randomBytes } from 'node:crypto'
import type { CheckName } from '../checks/check-names.js'
import type { RunContext, RunSettings, RunState } from '../checks/check.js'
import { REGISTRY, registrations } from '../checks/registry.js'
import { ControlPlane } from '../client/control-plane.js'
import { ContractClient } from '../client/http-client.js'
import { preflight } from '../client/preflight.js'
import { ContractDocument } from '../document/document.js'
import { loadContractDocument, packagedDocumentPath } from '../document/load-document.js'
import { profilesOf, type ProfileSelection } from '../document/profiles.js'
import { SchemaValidator } from '../document/schema-validator.js'
import { ContractRun } from './contract-run.js'
import { createRecorder } from './recorder.js'
import { needsSecondKey, openKeys } from './run-accounts.js'
import { claimsUnder, promise } from './run-claims.js'
import type { ContractSuiteOptions } from './suite-options.js'

/** A run ready to drive, and what its summary tells of how it was set up. */
export interface PreparedRun {
  run: ContractRun
  options: ContractSuiteOptions
  started: number
  selection: ProfileSelection
  /** How many keys the preflight tried (one request each, counted in the run's requests). */
  keyCount: number
}

/**
 * The document, the keys (opened through the control plane when not given), the preflight, the
 * client, and what the run will check and promises to. Throws a PreflightError when the
 * deployment does not answer or refuses a key.
 */
export async function prepareRun(options: ContractSuiteOptions): Promise<PreparedRun> {
  const started = Date.now()
  const source = options.document ?? packagedDocumentPath()
  const document = source instanceof ContractDocument ? source : await loadContractDocument(source)
  const runId = options.runId ?? randomBytes(4).toString('hex')
  const plane = options.controlPlane ? new ControlPlane({ ...options.controlPlane, fetch: options.fetch }) : undefined
  const selection = options.profile ?? (plane ? 'all' : 'contract')
  const profiles = profilesOf(selection)
  const enabled = (name: CheckName) =>
    (!options.checks || options.checks.includes(name)) && !options.skipChecks?.includes(name)
  const base = settingsOf(options, plane)
  const claimed = registrations().filter((item) => claimsUnder(item, profiles))
  const { primary, second } = await openKeys(options, plane, (item) => enabled(item.name) && needsSecondKey(item, base))
  const keys = [
    { key: primary, name: 'CONTRACT_API_KEY' },
    ...(second ? [{ key: second, name: 'CONTRACT_API_KEY_2' }] : []),
  ]
  await preflight({ baseUrl: options.baseUrl, document, keys, fetch: options.fetch })
  const settings: RunSettings = { ...base, hasSecondKey: second !== undefined }
  const wait = waiter(plane, options.onProgress)
  const client = new ContractClient({
    baseUrl: options.baseUrl,
    document,
    keys: { primary, second },
    fetch: options.fetch,
    maxRequests: settings.maxRequests,
    maxWaitSeconds: settings.maxWaitSeconds,
    wait,
  })
  const state: RunState = {
    runId,
    titlePrefix: `[contract ${runId}]`,
    acceptedBodies: new Map(),
    history: [],
    deleted: new Map(),
    notes: [],
  }
  const recorder = createRecorder(profiles, enabled, (name) => REGISTRY[name])
  // Flows run even with their own name off: they drive the traffic the checks judge.
  const items = claimed.filter(
    (item) => item.skippedBy?.(settings) === undefined && (item.kind === 'flow' || enabled(item.name)),
  )
  const validator = new SchemaValidator(document)
  const parts = { document, validator, state, settings, enabled, wait, ...(plane ? { controlPlane: plane } : {}) }
  const run = new ContractRun(parts, client, recorder, items)
  promise({ options, recorder, ctx: run.ctx }, claimed, profiles)
  return { run, options, started, selection, keyCount: keys.length }
}

/** The longest wait a run accepts by default (a minute's window, and a little). */
const DEFAULT_MAX_WAIT_SECONDS = 65

/** What the options allow, before the keys are known (a second key counts as there when one is given). */
function settingsOf(options: ContractSuiteOptions, plane: ControlPlane | undefined): RunSettings {
  return {
    allowDestructive: options.allowDestructive ?? (plane !== undefined && options.apiKey === undefined),
    hasSecondKey: options.secondApiKey !== undefined,
    spendQuota: options.rateLimit ?? plane !== undefined,
    maxRequests: options.maxRequests ?? 800,
    maxRequestsGiven: options.maxRequests !== undefined,
    maxWaitSeconds: options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS,
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
