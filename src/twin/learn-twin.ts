import { ContractClient } from '../../contract-tests/lib/client/http-client.js'
import { preflight } from '../../contract-tests/lib/client/preflight.js'
import { loadContractDocument, packagedDocumentPath } from '../../contract-tests/lib/document/load-document.js'
import { cleanUp } from '../../contract-tests/lib/run/cleanup.js'
import { buildOpenApi } from '../openapi/build-openapi.js'
import type { Profile } from '../profile/profile.js'
import { TWIN_FORMAT, TwinFile } from '../profile/twin-file.js'
import { parseTwinFile } from '../surface/twin.js'
import { accountForFile, captureAccount, newTwinKey } from './capture-account.js'
import { learnErrorBodies } from './error-examples.js'
import { explainer } from './explain.js'
import { LearnContext } from './learn-context.js'
import { Observations, profileOf } from './observations.js'
import { probeErrors } from './probe-errors.js'
import { reconcileAccount } from './reconcile-account.js'
import { replayTwin, type ReplayReport, type ServeTwin } from './replay.js'
import { probeInputs } from './probe-inputs.js'
import { probeLists } from './probe-lists.js'
import { probeWriteStatuses } from './learn-write-statuses.js'
import { probeRateLimits } from './probe-rate-limits.js'
import { probeResources } from './probe-resources.js'
import { probeStamps } from './probe-stamps.js'

// Learning a twin: the preflight, the account as it was, the probes (each a group of choices),
// the cleanup of everything the learner created, and the twin file. It speaks to the deployment
// only through the contract suite's client, with its manners: a request budget, Retry-After and the
// rate-limit headers honoured, resources titled `[contract <run id>] …` and all deleted, no key
// reset, no PATCH /user.

/** How to learn. */
export interface LearnTwinOptions {
  /** The deployment, ending with /api/v1. */
  baseUrl: string
  key: string
  /** A second account's key: shows what another account's resource answers. */
  key2?: string
  fetch?: typeof fetch
  /** Most requests the probes may send (the preflight and the cleanup are outside it). Default 400. */
  maxRequests?: number
  /** Told before a real wait for a rate-limit window. */
  onProgress?: (line: string) => void
  /**
   * Starts a twin from a file, for the replay that proves it before it is returned (the command
   * starts the listener). Without it there is no replay, and the result says so.
   */
  serve?: ServeTwin
}

/** A twin learned, and what learning it cost. */
export interface LearnedTwin {
  twin: TwinFile
  /** Every request sent to the deployment: preflight, probes and cleanup. */
  requests: number
  seconds: number
  /** Said when the account was larger than the learner reads, or records were left out. */
  note?: string
  /** What the replay found (none without `serve`). */
  replay?: ReplayReport
  /** Every request the learner sent, with the deployment's answer: what a replay sends a twin (`twin --check`). */
  sent: LearnContext['sent']
}

/** Learning stopped midway; what it created has been deleted (or is named in the message). */
export class LearningBroke extends Error {
  override readonly name = 'LearningBroke'
}

/** The probes in the order they run: the resources first (the others use its advert and campaign), the stamps last (they read every answer). */
const PROBES = [probeResources, probeErrors, probeInputs, probeLists, probeRateLimits, probeStamps, probeWriteStatuses]

/**
 * Learns a twin of a deployment. Throws the contract suite's PreflightError when the deployment
 * cannot be reached or refuses a key (nothing was sent but the preflight), and LearningBroke when
 * learning stopped midway (after deleting what it created).
 * @example const { twin } = await learnTwin({ baseUrl: 'https://ads.example.com/api/v1', key })
 */
export async function learnTwin(options: LearnTwinOptions): Promise<LearnedTwin> {
  const started = Date.now()
  let requests = 0
  const send = options.fetch ?? globalThis.fetch
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests++
    return send(input, init)
  }
  const document = await loadContractDocument(packagedDocumentPath())
  const keys = [{ key: options.key, name: '--key' }, ...(options.key2 ? [{ key: options.key2, name: '--key2' }] : [])]
  await preflight({ baseUrl: options.baseUrl, document, keys, fetch })
  const client = new ContractClient({
    baseUrl: options.baseUrl,
    document,
    keys: { primary: options.key, ...(options.key2 ? { second: options.key2 } : {}) },
    fetch,
    maxRequests: options.maxRequests ?? 400,
    wait: waiter(options.onProgress),
  })
  const titlePrefix = `[contract ${runId()}]`
  const ctx = new LearnContext(
    client,
    options.baseUrl,
    document,
    titlePrefix,
    new Observations(),
    options.key2 !== undefined,
  )
  let failure: Error | undefined
  try {
    await captureAccount(ctx)
    for (const probe of PROBES) await probe(ctx)
    learnErrorBodies(ctx)
  } catch (error) {
    failure = error as Error
  }
  const cleanup = await cleanUp(client, titlePrefix)
  const left = cleanup.leftover.length > 0 ? `; left behind: ${cleanup.leftover.join(', ')}` : ''
  if (failure || left || !ctx.account)
    throw new LearningBroke(
      `${failure?.message ?? 'the cleanup failed'}; deleted the ${cleanup.deleted.length} records it had created${left}`,
    )
  const build = () => profileOf(ctx.observations.choices())
  const draft: TwinFile = {
    format: TWIN_FORMAT,
    source: { base_url: options.baseUrl, learned_at: new Date().toISOString() },
    profile: build(),
    choices: [],
    account: accountForFile(ctx.account, newTwinKey()),
    document: {},
  }
  const { twin: fitted, dropped } = reconcileAccount(draft, ctx.observations, build)
  const choices = ctx.observations.choices()
  const liveKeys = [options.key, ...(options.key2 ? [options.key2] : [])]
  const twin = withoutKeys({ ...fitted, choices, document: documentFor(fitted.profile) }, liveKeys)
  // Never a file the twin cannot serve: it is read back as `--twin` reads it.
  const checked = parseTwinFile(TwinFile.parse(twin))
  let replay: ReplayReport | undefined
  try {
    replay = options.serve ? await replayTwin(checked, ctx.sent, options.serve, explainer(choices)) : undefined
  } catch (error) {
    // A twin that does not start (or breaks midway through the replay) is never written.
    throw new LearningBroke(
      `the twin it learned did not serve its replay: ${(error as Error).message}; nothing is written`,
    )
  }
  const notes = [ctx.account.note, ...dropped.map((line) => `left out of the file: ${line}`)].filter(Boolean)
  return {
    twin: checked,
    requests,
    seconds: (Date.now() - started) / 1000,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    ...(replay ? { replay } : {}),
    sent: ctx.sent,
  }
}

/** The deployment's document: built from the learned profile's model, as the mock's own is. */
function documentFor(profile: Profile): Record<string, unknown> {
  return { ...buildOpenApi({ profile, demoKey: null }) }
}

/** A copy with every live key replaced wherever a deployment may have echoed it (the user's own key is replaced already). */
function withoutKeys<T>(value: T, keys: readonly string[]): T {
  const text = JSON.stringify(value)
  const clean = keys.reduce(
    (current, key) => current.replaceAll(JSON.stringify(key).slice(1, -1), '[live key removed]'),
    text,
  )
  return JSON.parse(clean) as T
}

/** How the learner waits for a rate-limit window: announced first, then slept. */
function waiter(onProgress: ((line: string) => void) | undefined) {
  return async (seconds: number, why: string) => {
    onProgress?.(`twin: waiting ${seconds} s for the rate-limit window (${why})`)
    await new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000))
  }
}

/** Eight hex digits, as the contract suite names its runs. */
function runId(): string {
  return [...crypto.getRandomValues(new Uint8Array(4))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
