/**
 * The load generator, in its own process so it can be pinned to its own CPU: asked over IPC
 * to run one bounded autocannon run, it answers the run's figures.
 */
import autocannon from 'autocannon'
import type { BenchRequest } from '../lib/workload.js'

/** One run: what to send, to whom, how hard and how long. */
export interface LoadOrder {
  origin: string
  /** Sent in turn on every connection; paths are absolute (`/api/v1/...`). */
  requests: BenchRequest[]
  headers: Record<string, string>
  connections: number
  durationSec: number
}

/** What one run measured. */
export interface LoadReport {
  rps: number
  p50Ms: number
  p99Ms: number
  statuses: Record<string, number>
  errors: number
  timeouts: number
}

async function run({ origin, requests, headers, connections, durationSec }: LoadOrder): Promise<LoadReport> {
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationSec,
    requests: requests.map(({ method, path, body }) => ({
      method,
      path,
      body,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    })),
  })
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count]),
  )
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0)
  return {
    rps: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

process.on('message', (order: LoadOrder) => {
  run(order).then(
    (report) => process.send!(report),
    (error: Error) => process.send!({ error: error.stack ?? error.message }),
  )
})
process.send!({ ready: true })
