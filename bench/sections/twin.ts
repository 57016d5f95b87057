import { startWorker, type Pinning } from '../lib/processes.js'
import type { LoadRun, LoadTarget, TwinResults } from '../lib/results.js'
import { BENCH_TWIN_FILE } from '../lib/twin-workload.js'
import { requestsOf, type RequestKind, type Subject } from '../lib/workload.js'
import { createJobRunner, type Endpoint, type Subjects } from './listener.js'

/** How hard and how long the twin section pushes. */
export interface TwinSettings {
  campaigns: number
  rounds: number
  connections: number
  durationSec: number
  /** Warm-up of each target and kind before the first round. */
  warmupSec: number
}

/** The same two requests against both: a list page and a campaign by id. */
const KINDS: RequestKind[] = ['list', 'get']
const TARGETS: LoadTarget[] = ['listener', 'twin']
const origin = (port: number) => `http://127.0.0.1:${port}`

/**
 * The listener serving a twin (bench/servers/twin.ts) against the default listener
 * (bench/servers/listener.ts), both pinned to the servers' CPU and answering for the same account:
 * each checked to answer that account's page, warmed, then loaded in rounds with the same requests,
 * the two runs of a request back to back (which goes first alternates by round), so a machine busy
 * with other work disturbs both sides of a ratio alike. Fails on any answer but the expected status,
 * or any socket error.
 */
export async function benchTwin(
  settings: TwinSettings,
  pinning: Pinning,
  log: (line: string) => void,
): Promise<TwinResults> {
  const stops: (() => Promise<void>)[] = []
  try {
    log(`Twin: seeding ${settings.campaigns.toLocaleString('en-US')} campaigns in each of the two listeners…`)
    const cpu = pinning.serverCpu
    const args = [String(settings.campaigns)]
    const listener = await startWorker<{ port: number; subjects: Subjects }>('bench/servers/listener.ts', args, { cpu })
    stops.push(() => listener.worker.stop())
    type TwinReady = { port: number; subject: Subject; campaigns: number; accountCampaigns: number }
    const twin = await startWorker<TwinReady>('bench/servers/twin.ts', args, { cpu })
    stops.push(() => twin.worker.stop())
    const subject = listener.ready.subjects.read
    if (twin.ready.subject.apiKey !== subject.apiKey || twin.ready.campaigns !== settings.campaigns)
      throw new Error('The twin does not hold what the default listener holds, or answers for another account')
    const targets: Partial<Record<LoadTarget, Endpoint>> = {
      listener: { origin: origin(listener.ready.port), prefix: '/api/v1' },
      twin: { origin: origin(twin.ready.port), prefix: '/api/v1' },
    }
    await checkSamePage(targets, subject)

    const load = await startWorker<{ ready: true }>('bench/workers/load.ts', [], { cpu: pinning.loadCpu })
    stops.push(() => load.worker.stop())
    const subjects = { read: subject, create: subject, update: subject }
    const runJob = createJobRunner(load.worker, targets, subjects, settings.connections)
    log(`Warming up: each target ${settings.warmupSec} s on each request…`)
    for (const kind of KINDS) for (const target of TARGETS) await runJob({ target, kind }, settings.warmupSec)
    const runs: LoadRun[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      // The two runs a ratio pairs go one right after the other, the first of them in turns.
      const order = round % 2 === 1 ? TARGETS : [...TARGETS].reverse()
      for (const job of KINDS.flatMap((kind) => order.map((target) => ({ target, kind })))) {
        const { rps, p50Ms, p99Ms, statuses } = await runJob(job, settings.durationSec)
        runs.push({ ...job, round, rps, p50Ms, p99Ms, statuses })
        log(`  round ${round} ${job.target} ${job.kind}: ${Math.round(rps)} req/s, p99 ${p99Ms} ms`)
      }
    }
    return {
      twinOf: BENCH_TWIN_FILE,
      campaigns: settings.campaigns,
      accountCampaigns: twin.ready.accountCampaigns,
      connections: settings.connections,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      runs,
    }
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
}

/** Before any load: both answer the account's list page with a full page of its campaigns (in their own order). */
async function checkSamePage(targets: Partial<Record<LoadTarget, Endpoint>>, subject: Subject): Promise<void> {
  const path = requestsOf('list', subject)[0]?.path ?? ''
  const pages = new Map<string, number[]>()
  for (const [target, endpoint] of Object.entries(targets)) {
    const response = await fetch(`${endpoint.origin}${endpoint.prefix}${path}`, {
      headers: { Authorization: subject.apiKey },
    })
    const body = (await response.json()) as { data?: { id: number }[] }
    if (response.status !== 200 || body.data?.length !== 25)
      throw new Error(`${target} answered ${response.status} to GET ${path}: ${JSON.stringify(body).slice(0, 300)}`)
    pages.set(
      target,
      body.data.map(({ id }) => id),
    )
  }
  const ids = new Set(subject.campaignIds)
  for (const [target, page] of pages)
    if (!page.every((id) => ids.has(id))) throw new Error(`${target} lists campaigns of another account: ${page}`)
}
