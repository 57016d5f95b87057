/**
 * npm run test:load: soaks the listener for 30 s at 100 connections on 127.0.0.1 with mixed reads
 * and writes by 19 users within their limits and one held to a low tier, then judges the run
 * (bench/lib/soak.ts) and writes bench/results/soak.{json,md}. Exits 1 when a check fails.
 * Options: --duration <s> (default 30), --connections <n> (default 100), --warmup <s> (default 10).
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { detectPinning, pin } from './lib/processes.js'
import { formatSoak, judgeSoak, type HeapSample, type SoakReport } from './lib/soak.js'
import type { Subject } from './lib/workload.js'

const { values } = parseArgs({
  options: { duration: { type: 'string' }, connections: { type: 'string' }, warmup: { type: 'string' } },
})
const durationSec = Number(values.duration ?? 30)
const connections = Number(values.connections ?? 100)
const warmupSec = Number(values.warmup ?? Math.min(10, durationSec / 3))
for (const [name, value] of Object.entries({ durationSec, connections, warmupSec })) {
  if (!Number.isFinite(value) || value <= 0 || value > 3_600)
    throw new Error(`${name} must be a number from 1 to 3600, got ${value}`)
}

interface Ready {
  origin: string
  throttled: Subject
  others: Subject[]
}
const server = fork(join(import.meta.dirname, 'servers/soak-listener.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const stopServer = () => server.connected && server.disconnect()
process.once('exit', () => server.kill('SIGKILL'))
const pinning = detectPinning()
pin(server.pid, pinning.serverCpu)
pin(process.pid, pinning.loadCpu)

const standing: HeapSample[] = []
const heapAfterGc: HeapSample[] = []
let started = false
const { origin, throttled, others } = await new Promise<Ready>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the soaked listener exited (code ${code}) before it started`)))
  server.on('message', (message: { ready?: Ready; heap?: HeapSample; gcHeap?: HeapSample }) => {
    if (message.ready) resolve(message.ready)
    if (message.heap && started) standing.push(message.heap)
    if (message.gcHeap) heapAfterGc.push(message.gcHeap)
  })
})
const askHeap = async () => {
  server.send({ heap: true })
  for (;;) {
    const [message] = (await once(server, 'message')) as [{ heapNow?: number; campaigns?: number }]
    if (message.heapNow !== undefined) return { bytes: message.heapNow, campaigns: message.campaigns! }
  }
}

/** Each connection acts as one user: one in ten as the throttled one, which only reads. */
interface Connection {
  subject?: Subject
  throttled?: boolean
  campaignId?: number
}
let nextConnection = 0
const assign = (context: Connection) => {
  if (context.subject) return
  const n = nextConnection++
  context.throttled = n % 10 === 0
  context.subject = context.throttled ? throttled : others[n % others.length]!
}

/** One user's round: two lists, then a campaign created, read, changed, toggled and deleted, then the balance. */
const STEPS: {
  label: string
  expected: number
  request: (context: Connection) => { method: string; path: string; body?: string }
}[] = [
  { label: 'GET /campaigns', expected: 200, request: () => ({ method: 'GET', path: '/api/v1/campaigns?per_page=25' }) },
  {
    label: 'GET /campaigns?enabled',
    expected: 200,
    request: () => ({ method: 'GET', path: '/api/v1/campaigns?per_page=25&enabled=true' }),
  },
  {
    label: 'POST /campaigns',
    expected: 201,
    request: ({ subject }) => ({
      method: 'POST',
      path: '/api/v1/campaigns',
      body: JSON.stringify({
        campaign: { advert_id: subject!.advertId, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000 },
      }),
    }),
  },
  {
    label: 'GET /campaigns/{id}',
    expected: 200,
    request: ({ campaignId }) => ({ method: 'GET', path: `/api/v1/campaigns/${campaignId}` }),
  },
  {
    label: 'PATCH /campaigns/{id}',
    expected: 200,
    request: ({ campaignId }) => ({
      method: 'PATCH',
      path: `/api/v1/campaigns/${campaignId}`,
      body: JSON.stringify({ campaign: { cpm: 3.5 } }),
    }),
  },
  {
    label: 'POST /campaigns/{id}/toggle',
    expected: 200,
    request: ({ campaignId }) => ({ method: 'POST', path: `/api/v1/campaigns/${campaignId}/toggle` }),
  },
  {
    label: 'DELETE /campaigns/{id}',
    expected: 200,
    request: ({ campaignId }) => ({ method: 'DELETE', path: `/api/v1/campaigns/${campaignId}` }),
  },
  { label: 'GET /user/balance', expected: 200, request: () => ({ method: 'GET', path: '/api/v1/user/balance' }) },
]

const statuses: SoakReport['statuses'] = { open: {}, throttled: {} }
let unexpected: SoakReport['unexpected']
const count = (into: Record<string, number>, status: number) => void (into[status] = (into[status] ?? 0) + 1)

const before = await askHeap()
started = true
server.send({ start: true })
console.log(
  `Soaking ${origin} for ${durationSec} s at ${connections} connections (pinning: ${pinning.description}) ...`,
)
const result = await autocannon({
  url: origin,
  connections,
  duration: durationSec,
  requests: STEPS.map(({ label, expected, request }) => ({
    setupRequest: (req: Record<string, unknown>, context: Connection) => {
      assign(context)
      const { method, path, body } = context.throttled
        ? { method: 'GET', path: '/api/v1/user/balance', body: undefined }
        : request(context)
      const headers: Record<string, string> = { authorization: context.subject!.apiKey }
      if (body !== undefined) headers['content-type'] = 'application/json'
      return { ...req, method, path, body, headers }
    },
    onResponse: (status: number, body: string, context: Connection) => {
      count(context.throttled ? statuses.throttled : statuses.open, status)
      if (!context.throttled && label === 'POST /campaigns')
        context.campaignId = status === 201 ? (JSON.parse(body) as { data: { id: number } }).data.id : undefined
      const intended = context.throttled ? status === 200 || status === 429 : status === expected
      unexpected ??= intended
        ? undefined
        : { request: context.throttled ? 'GET /user/balance (throttled user)' : label, status, body }
    },
  })) as unknown as autocannon.Request[],
})
server.send({ stop: true })
const after = await askHeap()
const check = await fetch(`${origin}/api/v1/user`, {
  headers: { authorization: others[0]!.apiKey },
  signal: AbortSignal.timeout(5_000),
}).catch(() => undefined)
stopServer()

const requests =
  Object.values(statuses.open).reduce((a, b) => a + b, 0) + Object.values(statuses.throttled).reduce((a, b) => a + b, 0)
const report: SoakReport = {
  startedAt: new Date().toISOString(),
  machine: `Node ${process.version}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'} x ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GB; pinning: ${pinning.description}`,
  connections,
  durationSec,
  warmupSec,
  requests,
  rps: requests / result.duration,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  statuses,
  unexpected,
  socketErrors: result.errors,
  timeouts: result.timeouts,
  heapAfterGc,
  heapPeakBytes: Math.max(...standing.map(({ bytes }) => bytes)),
  heapBeforeBytes: before.bytes,
  heapAfterBytes: after.bytes,
  campaignsBefore: before.campaigns,
  campaignsAfter: after.campaigns,
  healthy: check?.status === 200,
}
const verdicts = judgeSoak(report)
const text = formatSoak(report, verdicts)
const resultsDir = join(import.meta.dirname, 'results')
mkdirSync(resultsDir, { recursive: true })
writeFileSync(join(resultsDir, 'soak.json'), `${JSON.stringify({ report, verdicts }, null, 2)}\n`)
writeFileSync(join(resultsDir, 'soak.md'), text)
console.log(text)
console.log(verdicts.every(({ passed }) => passed) ? 'SOAK PASSED' : 'SOAK FAILED')
process.exitCode = verdicts.every(({ passed }) => passed) ? 0 : 1
