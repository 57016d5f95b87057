import { resolve } from 'node:path'
import { startRedis } from '../../test/support/redis-server.js'
import { startWorker, type Pinning, type Worker } from '../lib/processes.js'
import type { LoadRun, LoadTarget, SandboxResults } from '../lib/results.js'
import { requestsOf, type RequestKind, type Subject } from '../lib/workload.js'
import type { LoadOrder, LoadReport } from '../workers/load.js'

/** How hard and how long the sandbox section pushes. */
export interface SandboxSettings {
  campaigns: number
  rounds: number
  connections: number
  durationSec: number
  warmupSec: number
  /** Another checkout whose in-memory listener runs beside, on the servers' CPU (issue 34's "today's listener"). */
  before?: string
}

const KINDS: RequestKind[] = ['list', 'get']
const TARGETS: LoadTarget[] = ['listener', 'store', 'replicas', 'before']

/**
 * The in-memory listener, one replica with --store and two replicas on one Redis, each holding the
 * listener's 10,000 campaigns: the listener and the first replica pinned to the servers' CPU, the
 * second replica to the other CPU, Redis and the load generators (one per replica, the connections
 * split between them) left to the scheduler. Alternating rounds of the same requests; fails on any
 * answer but 200 or any socket error.
 */
export async function benchSandbox(
  settings: SandboxSettings,
  pinning: Pinning,
  log: (line: string) => void,
): Promise<SandboxResults> {
  const stops: (() => Promise<void>)[] = []
  try {
    const redis = await startRedis()
    stops.push(() => redis.close())
    log(`Sandbox: seeding ${settings.campaigns.toLocaleString('en-US')} campaigns in a listener and two replicas…`)
    const args = [String(settings.campaigns)]
    type Ready = { port: number; subject: Subject }
    const listener = await startWorker<{ port: number; subjects: { read: Subject } }>(
      'bench/servers/listener.ts',
      args,
      {
        cpu: pinning.serverCpu,
      },
    )
    stops.push(() => listener.worker.stop())
    const otherCpu = pinning.serverCpu === undefined ? undefined : pinning.loadCpu
    const replicas = [
      await startWorker<Ready>('bench/servers/replica.ts', [...args, redis.url()], { cpu: pinning.serverCpu }),
      await startWorker<Ready>('bench/servers/replica.ts', [...args, redis.url()], { cpu: otherCpu }),
    ]
    for (const replica of replicas) stops.push(() => replica.worker.stop())
    const subject = listener.ready.subjects.read
    if (replicas.some(({ ready }) => ready.subject.apiKey !== subject.apiKey))
      throw new Error('The replicas do not answer for the account the listener does')
    const loads = [
      await startWorker<{ ready: true }>('bench/workers/load.ts', [], {}),
      await startWorker<{ ready: true }>('bench/workers/load.ts', [], {}),
    ]
    for (const load of loads) stops.push(() => load.worker.stop())
    const url = (port: number) => `http://127.0.0.1:${port}`
    const origins: Partial<Record<LoadTarget, string[]>> = {
      listener: [url(listener.ready.port)],
      store: [url(replicas[0]!.ready.port)],
      replicas: replicas.map(({ ready }) => url(ready.port)),
    }
    if (settings.before) origins.before = [url(await startBefore(settings.before, args, pinning.serverCpu, stops))]
    const targets = TARGETS.filter((target) => origins[target])
    const run = (target: LoadTarget, kind: RequestKind, durationSec: number) =>
      runSplit(
        loads.map(({ worker }) => worker),
        origins[target]!,
        kind,
        subject,
        settings.connections,
        durationSec,
      )
    log(`Warming up: each target ${settings.warmupSec} s on each request…`)
    for (const kind of KINDS) for (const target of targets) await run(target, kind, settings.warmupSec)
    const runs: LoadRun[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      const shift = (round - 1) % targets.length
      const order = [...targets.slice(shift), ...targets.slice(0, shift)]
      for (const kind of KINDS)
        for (const target of order) {
          const report = await run(target, kind, settings.durationSec)
          runs.push({ target, kind, round, ...report })
          log(`  round ${round} ${target} ${kind}: ${Math.round(report.rps)} req/s, p99 ${report.p99Ms} ms`)
        }
    }
    const placement =
      pinning.serverCpu === undefined
        ? 'no pinning (no taskset, or one CPU)'
        : `listener and replica 1 on CPU ${pinning.serverCpu}, replica 2 on CPU ${otherCpu}; Redis and the load generators unpinned`
    const { campaigns, connections, durationSec, warmupSec } = settings
    return { campaigns, connections, durationSec, warmupSec, placement, runs }
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
}

/** Starts another checkout's in-memory listener (`--before`) on the servers' CPU; resolves with its port. */
async function startBefore(
  checkout: string,
  args: string[],
  cpu: number | undefined,
  stops: (() => Promise<void>)[],
): Promise<number> {
  const before = await startWorker<{ port: number }>(resolve(checkout, 'bench/servers/listener.ts'), args, { cpu })
  stops.push(() => before.worker.stop())
  return before.ready.port
}

/** One run over one or more origins at once, the connections split between them: the sum of their rates. */
async function runSplit(
  loads: Worker[],
  origins: string[],
  kind: RequestKind,
  subject: Subject,
  connections: number,
  durationSec: number,
): Promise<Omit<LoadRun, 'target' | 'kind' | 'round'>> {
  const orders: LoadOrder[] = origins.map((origin) => ({
    origin,
    requests: requestsOf(kind, subject).map((request) => ({ ...request, path: `/api/v1${request.path}` })),
    headers: { authorization: subject.apiKey },
    connections: Math.max(1, Math.round(connections / origins.length)),
    durationSec,
  }))
  const reports = await Promise.all(orders.map((order, i) => loads[i]!.ask<LoadReport>(order)))
  const statuses: Record<string, number> = {}
  for (const report of reports) {
    if (report.errors > 0 || report.timeouts > 0 || Object.keys(report.statuses).some((status) => status !== '200'))
      throw new Error(`${origins.join(' + ')} ${kind}: ${JSON.stringify(report.statuses)}, ${report.errors} errors`)
    for (const [status, n] of Object.entries(report.statuses)) statuses[status] = (statuses[status] ?? 0) + n
  }
  const sum = (pick: (report: LoadReport) => number) => reports.reduce((total, report) => total + pick(report), 0)
  return {
    rps: sum((report) => report.rps),
    p50Ms: Math.max(...reports.map((report) => report.p50Ms)),
    p99Ms: Math.max(...reports.map((report) => report.p99Ms)),
    statuses,
  }
}
