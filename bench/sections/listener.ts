import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ensurePrism, freePort, startPrism, writePrismDocument } from '../lib/prism.js'
import {
  aloneOnItsCpu,
  resumeAll,
  startWorker,
  stopProcess,
  waitForStatus,
  type Pinning,
  type Worker,
} from '../lib/processes.js'
import type { ListenerResults, LoadRun, LoadTarget } from '../lib/results.js'
import { findWireMock, startWireMock, wireMockArgs, writeWireMockStub } from '../lib/wiremock.js'
import { expectedStatus, requestsOf, type RequestKind, type Subject } from '../lib/workload.js'
import type { LoadOrder, LoadReport } from '../workers/load.js'

/** How hard and how long the listener section pushes. */
export interface ListenerSettings {
  campaigns: number
  rounds: number
  connections: number
  durationSec: number
  /** Warm-up of every target on the list, before the first round: a JVM keeps getting faster for ~30 s. */
  warmupSec: number
  /** Warm-up of each other kind a target runs (the listener's filtered, get, create, update; Prism's update). */
  kindWarmupSec: number
  cacheDir: string
  document: string
  /** Another checkout (an earlier commit's files, their node_modules linked), whose listener runs beside ours on every kind ours runs but filtered: before and after in one run. */
  before?: string
}

interface Job {
  target: LoadTarget
  kind: RequestKind
}

/** Where a target answers: its origin, and the prefix of the API's paths there. */
export interface Endpoint {
  origin: string
  prefix: string
  /** The server's process: paused while another target is loaded (see `aloneOnItsCpu`). */
  pid?: number
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
  { target: 'wiremock', kind: 'list' },
  { target: 'wiremock-defaults', kind: 'list' },
  { target: 'listener', kind: 'filtered' },
  { target: 'listener', kind: 'get' },
  { target: 'listener', kind: 'create' },
  { target: 'listener', kind: 'update' },
  { target: 'prism', kind: 'update' },
  { target: 'before', kind: 'list' },
  { target: 'before', kind: 'get' },
  { target: 'before', kind: 'create' },
  { target: 'before', kind: 'update' },
]

const SERVER_SCRIPTS = {
  listener: 'bench/servers/listener.ts',
  bare: 'bench/servers/bare.ts',
  express: 'bench/servers/express.ts',
}

/** Whom each kind acts as: reads, creates and updates as three users, so writes never change what reads return. */
export type Subjects = Record<'read' | 'create' | 'update', Subject>
const origin = (port: number) => `http://127.0.0.1:${port}`

/** What the peers need to answer the listener's list request with its bytes. */
interface ListAnswer {
  path: string
  apiKey: string
  body: Buffer
  bodyFile: string
  contentType: string
}

/**
 * Starts the listener and the baselines, checks they answer the same bytes, warms every target,
 * then runs bounded autocannon loads on them in alternating rounds (each round starts one job
 * later). A peer that cannot run here (WireMock without Java) is left out, with the reason.
 * Fails on any answer other than the expected status, or any socket error.
 */
export async function benchListener(
  settings: ListenerSettings,
  pinning: Pinning,
  log: (line: string) => void,
): Promise<ListenerResults> {
  const stops: (() => Promise<void>)[] = []
  try {
    log(`Listener: seeding ${settings.campaigns.toLocaleString('en-US')} campaigns…`)
    const listener = await startWorker<{ port: number; users: number; subjects: Subjects }>(
      SERVER_SCRIPTS.listener,
      [String(settings.campaigns)],
      { cpu: pinning.serverCpu },
    )
    stops.push(() => listener.worker.stop())
    const { subjects } = listener.ready
    const listenerOrigin = origin(listener.ready.port)
    const answer = await readListAnswer(listenerOrigin, subjects.read, settings.cacheDir)
    const peers = await startPeers(settings, answer, pinning.serverCpu, stops, log)
    const targets: Partial<Record<LoadTarget, Endpoint>> = {
      listener: { origin: listenerOrigin, prefix: '/api/v1', pid: listener.worker.pid },
      ...peers.endpoints,
    }
    if (settings.before) {
      log(`Starting the listener of ${settings.before}…`)
      const before = await startWorker<{ port: number }>(
        resolve(settings.before, SERVER_SCRIPTS.listener),
        [String(settings.campaigns)],
        { cpu: pinning.serverCpu },
      )
      stops.push(() => before.worker.stop())
      targets.before = { origin: origin(before.ready.port), prefix: '/api/v1', pid: before.worker.pid }
    }
    await checkSameAnswer(targets, answer)

    const load = await startWorker<{ ready: true }>('bench/workers/load.ts', [], { cpu: pinning.loadCpu })
    stops.push(() => load.worker.stop())
    const loadJob = createJobRunner(load.worker, targets, subjects, settings.connections)
    const runJob = (job: Job, seconds: number) =>
      aloneOnItsCpu(pidsOf(targets), job.target, () => loadJob(job, seconds))
    stops.push(async () => resumeAll(pidsOf(targets)))
    const jobs = JOBS.filter((job) => job.target in targets)
    log(`Warming up: every target ${settings.warmupSec} s on the list, ${settings.kindWarmupSec} s on each other kind…`)
    for (const job of jobs) await runJob(job, job.kind === 'list' ? settings.warmupSec : settings.kindWarmupSec)
    const runs: LoadRun[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      const shift = (round - 1) % jobs.length
      for (const job of [...jobs.slice(shift), ...jobs.slice(0, shift)]) {
        const { rps, p50Ms, p99Ms, statuses } = await runJob(job, settings.durationSec)
        runs.push({ ...job, round, rps, p50Ms, p99Ms, statuses })
        log(`  round ${round} ${job.target} ${job.kind}: ${Math.round(rps)} req/s, p99 ${p99Ms} ms`)
      }
    }
    return {
      campaigns: settings.campaigns,
      users: listener.ready.users,
      connections: settings.connections,
      durationSec: settings.durationSec,
      warmupSec: { list: settings.warmupSec, otherKinds: settings.kindWarmupSec },
      peers: peers.descriptions,
      leftOut: peers.leftOut,
      runs,
    }
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
}

/** Each target's server process, where it has one of its own. */
function pidsOf(targets: Partial<Record<LoadTarget, Endpoint>>): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(targets).map(([name, { pid }]) => [name, pid]))
}

/** Asks the listener once for the list page, and keeps its bytes where the peers read them. */
async function readListAnswer(listenerOrigin: string, read: Subject, cacheDir: string): Promise<ListAnswer> {
  const path = requestsOf('list', read)[0]!.path
  const response = await fetch(`${listenerOrigin}/api/v1${path}`, { headers: { Authorization: read.apiKey } })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200) throw new Error(`The listener answered ${response.status} to GET ${path}: ${body}`)
  mkdirSync(cacheDir, { recursive: true })
  const bodyFile = join(cacheDir, 'list-body.json')
  writeFileSync(bodyFile, body)
  return { path, apiKey: read.apiKey, body, bodyFile, contentType: response.headers.get('content-type')! }
}

/**
 * Starts every peer on loopback: bare node:http, Express, Prism and WireMock, each given the
 * listener's answer. Registers how to stop each in `stops`.
 */
async function startPeers(
  settings: ListenerSettings,
  answer: ListAnswer,
  cpu: number | undefined,
  stops: (() => Promise<void>)[],
  log: (line: string) => void,
) {
  const endpoints: Partial<Record<LoadTarget, Endpoint>> = {}
  const descriptions: Partial<Record<LoadTarget, string>> = {}
  const leftOut: Partial<Record<LoadTarget, string>> = {}
  const bare = await startWorker<{ port: number }>(SERVER_SCRIPTS.bare, [answer.bodyFile, answer.contentType], { cpu })
  stops.push(() => bare.worker.stop())
  endpoints.bare = { origin: origin(bare.ready.port), prefix: '/api/v1', pid: bare.worker.pid }
  const express = await startWorker<{ port: number }>(SERVER_SCRIPTS.express, [answer.bodyFile], { cpu })
  stops.push(() => express.worker.stop())
  endpoints.express = { origin: origin(express.ready.port), prefix: '/api/v1', pid: express.worker.pid }

  const cli = ensurePrism(join(settings.cacheDir, 'prism'), log)
  const prismDocument = join(settings.cacheDir, 'prism-openapi.json')
  writePrismDocument(settings.document, prismDocument, JSON.parse(answer.body.toString()))
  const prismPort = await freePort()
  log('Starting Prism…')
  const prism = startPrism(cli, prismDocument, prismPort, cpu)
  stops.push(() => stopProcess(prism))
  // Prism serves the document's paths at its root.
  endpoints.prism = { origin: origin(prismPort), prefix: '', pid: prism.pid }

  const wiremock = findWireMock()
  if ('missing' in wiremock) {
    leftOut.wiremock = wiremock.missing
    log(`WireMock left out: ${wiremock.missing}.`)
  } else {
    const rootDir = join(settings.cacheDir, 'wiremock')
    const url = `/api/v1${answer.path}`
    writeWireMockStub(rootDir, { url, status: 200, contentType: answer.contentType, body: answer.body })
    const port = await freePort()
    log(`Starting ${wiremock.description}…`)
    const args = wireMockArgs(wiremock.jar, rootDir, port, settings.connections)
    const { child } = await startWireMock(args, `${origin(port)}${url}`, cpu)
    stops.push(() => stopProcess(child))
    endpoints.wiremock = { origin: origin(port), prefix: '/api/v1', pid: child.pid }
    descriptions.wiremock = wiremock.description
    // The same stub in a WireMock started as its docs start it: the journal a mock user relies on, and request logging.
    const defaultsPort = await freePort()
    const defaults = await startWireMock(
      wireMockArgs(wiremock.jar, rootDir, defaultsPort, settings.connections, { defaults: true }),
      `${origin(defaultsPort)}${url}`,
      cpu,
    )
    stops.push(() => stopProcess(defaults.child))
    endpoints['wiremock-defaults'] = { origin: origin(defaultsPort), prefix: '/api/v1', pid: defaults.child.pid }
    descriptions['wiremock-defaults'] = `${wiremock.description}, no flags but the port, root dir and --disable-gzip`
  }
  return { endpoints, descriptions, leftOut }
}

/**
 * Before any load: every target answers the list request with the listener's bytes, and those
 * given its content type (bare node:http, WireMock) with that too.
 */
async function checkSameAnswer(targets: Partial<Record<LoadTarget, Endpoint>>, answer: ListAnswer): Promise<void> {
  const headers = { Authorization: answer.apiKey }
  for (const [target, { origin: base, prefix }] of Object.entries(targets)) {
    const url = `${base}${prefix}${answer.path}`
    const theirs = await waitForStatus(url, { headers, timeoutMs: 120_000 })
    if (!theirs.equals(answer.body))
      throw new Error(
        `${target} does not answer the listener's bytes for GET ${answer.path}:\n${theirs.toString().slice(0, 300)}`,
      )
    if (target !== 'bare' && !target.startsWith('wiremock')) continue
    const contentType = (await fetch(url, { headers })).headers.get('content-type')
    if (contentType !== answer.contentType)
      throw new Error(`${target} answers Content-Type ${contentType}, the listener ${answer.contentType}`)
  }
}

/**
 * One bounded autocannon run of a job, checked: any status but the expected one, any socket
 * error or timeout fails the bench. Creates are undone (the store reset) after each run.
 */
export function createJobRunner(
  load: Worker,
  targets: Partial<Record<LoadTarget, Endpoint>>,
  subjects: Subjects,
  connections: number,
) {
  const subjectOf = (kind: RequestKind) =>
    kind === 'create' ? subjects.create : kind === 'update' ? subjects.update : subjects.read
  return async ({ target, kind }: Job, durationSec: number): Promise<LoadReport> => {
    const { origin: base, prefix } = targets[target]!
    const subject = subjectOf(kind)
    const order: LoadOrder = {
      origin: base,
      requests: requestsOf(kind, subject).map((request) => ({ ...request, path: prefix + request.path })),
      headers: { authorization: subject.apiKey },
      connections,
      durationSec,
    }
    const report = await load.ask<LoadReport>(order)
    const expected = String(expectedStatus(kind))
    const unexpected = Object.entries(report.statuses).filter(([status, n]) => status !== expected && n > 0)
    if (unexpected.length > 0 || report.errors > 0 || report.timeouts > 0 || !report.statuses[expected]) {
      throw new Error(
        `${target} ${kind}: expected only ${expected}, got ${JSON.stringify(report.statuses)}, ${report.errors} errors, ${report.timeouts} timeouts`,
      )
    }
    // Creates would grow the store run after run: put the dataset back.
    if ((target === 'listener' || target === 'before') && kind === 'create')
      await waitForStatus(`${targets[target]!.origin}/__admin/reset`, { method: 'POST' })
    return report
  }
}
