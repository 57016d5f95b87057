/**
 * npm run bench:profile [-- --target listener|in-process|scale|writes] [--kind list] [--campaigns 10000] [--seconds 8]
 *
 * Profiles one target under load (V8's sampling profiler, started after seeding): the listener
 * under autocannon (50 connections), the in-process mock answering `fetch` one request at a
 * time, or (scale) one user's mock answering msw's `getResponse`. Writes the .cpuprofile to bench/.cache/profiles/ (open it in Chrome DevTools) and prints
 * the self time by layer and the top functions by self and total time.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { analyzeProfile, formatProfile, type CpuProfile } from './lib/cpu-profile.js'
import { detectPinning, startWorker } from './lib/processes.js'
import type { SeedCost } from './lib/results.js'
import { REQUEST_KINDS, REQUEST_LABELS, requestsOf, type RequestKind, type Subject } from './lib/workload.js'
import type { LoadOrder, LoadReport } from './workers/load.js'
import type { MockWorkerSetup } from './workers/mock.js'

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'listener' },
    kind: { type: 'string', default: 'list' },
    seconds: { type: 'string', default: '8' },
    campaigns: { type: 'string', default: '10000' },
  },
})
const kind = values.kind as RequestKind
if (!REQUEST_KINDS.includes(kind)) throw new Error(`--kind is one of ${REQUEST_KINDS.join(', ')}`)
const seconds = Number(values.seconds)
const campaigns = Number(values.campaigns)
const pinning = detectPinning()
const dir = resolve('bench/.cache/profiles')
mkdirSync(dir, { recursive: true })
const file = `${dir}/${values.target}-${kind}.cpuprofile`

if (values.target === 'listener') {
  const server = await startWorker<{ port: number; subjects: Record<'read' | 'create' | 'update', Subject> }>(
    'bench/servers/listener.ts',
    [String(campaigns)],
    { cpu: pinning.serverCpu },
  )
  const load = await startWorker<{ ready: true }>('bench/workers/load.ts', [], { cpu: pinning.loadCpu })
  const subject =
    kind === 'create'
      ? server.ready.subjects.create
      : kind === 'update'
        ? server.ready.subjects.update
        : server.ready.subjects.read
  const order = (durationSec: number): LoadOrder => ({
    origin: `http://127.0.0.1:${server.ready.port}`,
    requests: requestsOf(kind, subject).map((request) => ({ ...request, path: `/api/v1${request.path}` })),
    headers: { authorization: subject.apiKey },
    connections: 50,
    durationSec,
  })
  await load.worker.ask<LoadReport>(order(2)) // warm-up, not profiled
  await server.worker.ask({ profile: 'start' })
  const report = await load.worker.ask<LoadReport>(order(seconds))
  await server.worker.ask({ profile: 'stop', file })
  console.log(
    `Listener, ${REQUEST_LABELS[kind]}, ${campaigns} campaigns: ${Math.round(report.rps)} req/s, p99 ${report.p99Ms} ms, statuses ${JSON.stringify(report.statuses)}`,
  )
  await load.worker.stop()
  await server.worker.stop()
} else if (values.target === 'in-process' || values.target === 'scale' || values.target === 'writes') {
  const setup: MockWorkerSetup =
    values.target === 'scale'
      ? { campaigns, shape: 'one-user', via: 'handlers', kinds: [kind] }
      : values.target === 'writes'
        ? { campaigns, others: 0, shape: 'accounts', via: 'handlers', kinds: [kind] }
        : { campaigns, shape: 'spread', via: 'fetch', kinds: [kind] }
  const mock = await startWorker<SeedCost>('bench/workers/mock.ts', [JSON.stringify(setup)], {
    cpu: pinning.serverCpu,
    execArgv: ['--expose-gc'],
  })
  await mock.worker.ask({ requests: 1000, maxMs: 2000, warmup: 500 })
  await mock.worker.ask({ profile: 'start' })
  const { rows } = await mock.worker.ask<{ rows: { summary: { median: number; p99: number; n: number } }[] }>({
    requests: 1e9,
    maxMs: seconds * 1000,
    warmup: 0,
  })
  await mock.worker.ask({ profile: 'stop', file })
  const { median, p99, n } = rows[0]!.summary
  console.log(
    `${values.target === 'in-process' ? 'In-process fetch' : 'One account, getResponse'}, ${REQUEST_LABELS[kind]}, ${campaigns} campaigns: ${n} requests, median ${median.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`,
  )
  await mock.worker.stop()
} else {
  throw new Error('--target is listener, in-process, scale or writes')
}

const analysis = analyzeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)
console.log(`\n${formatProfile(`${values.target}, ${REQUEST_LABELS[kind]}`, analysis)}`)
console.log(`Profile: ${file}`)
