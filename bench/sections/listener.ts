import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensurePrism, freePort, startPrism, writePrismDocument } from '../lib/prism.js'
import { startWorker, stopProcess, waitForStatus, type Pinning, type Worker } from '../lib/processes.js'
import type { BenchResults, LoadRun, LoadTarget } from '../lib/results.js'
import { expectedStatus, requestsOf, type RequestKind, type Subject } from '../lib/workload.js'
import type { LoadOrder, LoadReport } from '../workers/load.js'

/** How hard and how long the listener section pushes. */
export interface ListenerSettings {
  campaigns: number
  rounds: number
  connections: number
  durationSec: number
  warmupSec: number
  cacheDir: string
  document: string
}

interface Job {
  target: LoadTarget
  kind: RequestKind
}

/**
 * Our listener runs every kind; each baseline the list, the request it can answer with our bytes;
 * Prism the update too (from the document's example: its own bytes, the same status).
 */
const JOBS: Job[] = [
  { target: 'listener', kind: 'list' },
  { target: 'bare', kind: 'list' },
  { target: 'express', kind: 'list' },
  { target: 'prism', kind: 'list' },
  { target: 'listener', kind: 'filtered' },
  { target: 'listener', kind: 'get' },
  { target: 'listener', kind: 'create' },
  { target: 'listener', kind: 'update' },
  { target: 'prism', kind: 'update' },
]

const SERVER_SCRIPTS = {
  listener: 'bench/servers/listener.ts',
  bare: 'bench/servers/bare.ts',
  express: 'bench/servers/express.ts',
}

/**
 * Starts the listener and the three baselines, checks they answer the same bytes, then runs
 * bounded autocannon loads on them in alternating rounds (each round starts one job later).
 * Fails on any answer other than the expected status, or any socket error.
 */
export async function benchListener(
  settings: ListenerSettings,
  pinning: Pinning,
  log: (line: string) => void,
): Promise<NonNullable<BenchResults['listener']>> {
  const workers: Worker[] = []
  const stops: (() => Promise<void>)[] = []
  try {
    log(`Listener: seeding ${settings.campaigns.toLocaleString('en-US')} campaigns…`)
    const listener = await startWorker<{
      port: number
      users: number
      subjects: Record<'read' | 'create' | 'update', Subject>
    }>(SERVER_SCRIPTS.listener, [String(settings.campaigns)], { cpu: pinning.serverCpu })
    workers.push(listener.worker)
    const { subjects } = listener.ready
    const origin = (port: number) => `http://127.0.0.1:${port}`
    const listenerOrigin = origin(listener.ready.port)
    const listPath = requestsOf('list', subjects.read)[0]!.path
    const response = await fetch(`${listenerOrigin}/api/v1${listPath}`, {
      headers: { Authorization: subjects.read.apiKey },
    })
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) throw new Error(`The listener answered ${response.status} to GET ${listPath}: ${body}`)

    mkdirSync(settings.cacheDir, { recursive: true })
    const bodyFile = join(settings.cacheDir, 'list-body.json')
    writeFileSync(bodyFile, body)
    const contentType = response.headers.get('content-type')!
    const bare = await startWorker<{ port: number }>(SERVER_SCRIPTS.bare, [bodyFile, contentType], {
      cpu: pinning.serverCpu,
    })
    const express = await startWorker<{ port: number }>(SERVER_SCRIPTS.express, [bodyFile], { cpu: pinning.serverCpu })
    workers.push(bare.worker, express.worker)

    const cli = ensurePrism(join(settings.cacheDir, 'prism'), log)
    const prismDocument = join(settings.cacheDir, 'prism-openapi.json')
    writePrismDocument(settings.document, prismDocument, JSON.parse(body.toString()))
    const prismPort = await freePort()
    log('Starting Prism…')
    const prism = startPrism(cli, prismDocument, prismPort, pinning.serverCpu)
    stops.push(() => stopProcess(prism))

    const targets: Record<LoadTarget, { origin: string; prefix: string }> = {
      listener: { origin: listenerOrigin, prefix: '/api/v1' },
      bare: { origin: origin(bare.ready.port), prefix: '/api/v1' },
      express: { origin: origin(express.ready.port), prefix: '/api/v1' },
      // Prism serves the document's paths at its root.
      prism: { origin: origin(prismPort), prefix: '' },
    }
    for (const [target, { origin: base, prefix }] of Object.entries(targets)) {
      const theirs = await waitForStatus(`${base}${prefix}${listPath}`, {
        headers: { Authorization: subjects.read.apiKey },
        timeoutMs: 120_000,
      })
      if (!theirs.equals(body))
        throw new Error(
          `${target} does not answer the listener's bytes for GET ${listPath}:\n${theirs.toString().slice(0, 300)}`,
        )
    }

    const load = await startWorker<{ ready: true }>('bench/workers/load.ts', [], { cpu: pinning.loadCpu })
    workers.push(load.worker)
    const subjectOf = (kind: RequestKind) =>
      kind === 'create' ? subjects.create : kind === 'update' ? subjects.update : subjects.read
    const runJob = async ({ target, kind }: Job, durationSec: number): Promise<LoadReport> => {
      const { origin: base, prefix } = targets[target]
      const subject = subjectOf(kind)
      const order: LoadOrder = {
        origin: base,
        requests: requestsOf(kind, subject).map((request) => ({ ...request, path: prefix + request.path })),
        headers: { authorization: subject.apiKey },
        connections: settings.connections,
        durationSec,
      }
      const report = await load.worker.ask<LoadReport>(order)
      const expected = String(expectedStatus(kind))
      const unexpected = Object.entries(report.statuses).filter(([status, n]) => status !== expected && n > 0)
      if (unexpected.length > 0 || report.errors > 0 || report.timeouts > 0 || !report.statuses[expected]) {
        throw new Error(
          `${target} ${kind}: expected only ${expected}, got ${JSON.stringify(report.statuses)}, ${report.errors} errors, ${report.timeouts} timeouts`,
        )
      }
      // Creates would grow the store run after run: put the dataset back.
      if (target === 'listener' && kind === 'create')
        await waitForStatus(`${listenerOrigin}/__admin/reset`, { method: 'POST' })
      return report
    }

    log(`Warming up every target (${settings.warmupSec} s each)…`)
    for (const job of JOBS) await runJob(job, settings.warmupSec)
    const runs: LoadRun[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      const shift = (round - 1) % JOBS.length
      for (const job of [...JOBS.slice(shift), ...JOBS.slice(0, shift)]) {
        const report = await runJob(job, settings.durationSec)
        runs.push({
          ...job,
          round,
          rps: report.rps,
          p50Ms: report.p50Ms,
          p99Ms: report.p99Ms,
          statuses: report.statuses,
        })
        log(`  round ${round} ${job.target} ${job.kind}: ${Math.round(report.rps)} req/s, p99 ${report.p99Ms} ms`)
      }
    }
    return {
      campaigns: settings.campaigns,
      users: listener.ready.users,
      connections: settings.connections,
      durationSec: settings.durationSec,
      runs,
    }
  } finally {
    for (const stop of stops) await stop()
    for (const worker of workers) await worker.stop()
  }
}
