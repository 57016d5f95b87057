/** One heap sample of the soaked process: milliseconds since the load began, bytes in use. */
export interface HeapSample {
  atMs: number
  bytes: number
}

/** What `npm run test:load` measured in one run. */
export interface SoakReport {
  startedAt: string
  machine: string
  connections: number
  durationSec: number
  warmupSec: number
  requests: number
  rps: number
  p50Ms: number
  p99Ms: number
  /** Answers by status, for the users within their limits and for the one held to a low tier. */
  statuses: { open: Record<string, number>; throttled: Record<string, number> }
  /** The first answer that was neither expected nor an intended 429. */
  unexpected?: { request: string; status: number; body: string }
  socketErrors: number
  timeouts: number
  /** heapUsed after a full GC, sampled during the run. */
  heapAfterGc: HeapSample[]
  /** heapUsed as it stood (not collected), sampled during the run: its peak. */
  heapPeakBytes: number
  heapBeforeBytes: number
  heapAfterBytes: number
  /** Campaigns in the store before and after: creates and deletes balance. */
  campaignsBefore: number
  campaignsAfter: number
  /** Whether the process still answered a plain request normally after the load. */
  healthy: boolean
}

/** Bounds a soak is judged against (documented in docs/load-soak.md). */
export const SOAK_BOUNDS = {
  /** Least-squares growth of the collected heap after warm-up. */
  heapSlopeMbPerMin: 2,
  /** The intended 429s must actually happen: the throttled user meets its limit. */
  minIntended429: 1,
} as const

/**
 * The least-squares slope of samples, in megabytes (10^6 bytes) per minute; NaN under two samples.
 * @example heapSlopeMbPerMin([{ atMs: 0, bytes: 0 }, { atMs: 60_000, bytes: 1e6 }]) // 1
 */
export function heapSlopeMbPerMin(samples: readonly HeapSample[]): number {
  if (samples.length < 2) return Number.NaN
  const n = samples.length
  const meanT = samples.reduce((sum, { atMs }) => sum + atMs, 0) / n
  const meanB = samples.reduce((sum, { bytes }) => sum + bytes, 0) / n
  let covariance = 0
  let variance = 0
  for (const { atMs, bytes } of samples) {
    covariance += (atMs - meanT) * (bytes - meanB)
    variance += (atMs - meanT) ** 2
  }
  if (variance === 0) return Number.NaN
  return ((covariance / variance) * 60_000) / 1e6
}

/** The samples after warm-up, the ones a leak shows in. */
export function afterWarmup(samples: readonly HeapSample[], warmupSec: number): HeapSample[] {
  return samples.filter(({ atMs }) => atMs >= warmupSec * 1000)
}

/** One judged property of a soak. */
export interface SoakVerdict {
  name: string
  passed: boolean
  detail: string
}

/** Judges a soak: no answer but the expected ones and intended 429s, no socket errors, healthy after, a flat heap, a store that did not grow. */
export function judgeSoak(report: SoakReport, bounds = SOAK_BOUNDS): SoakVerdict[] {
  const slope = heapSlopeMbPerMin(afterWarmup(report.heapAfterGc, report.warmupSec))
  const intended = report.statuses.throttled['429'] ?? 0
  return [
    {
      name: 'only expected answers and intended 429s',
      passed: report.unexpected === undefined,
      detail: report.unexpected
        ? `${report.unexpected.request} answered ${report.unexpected.status}: ${report.unexpected.body.slice(0, 300)}`
        : `${report.requests.toLocaleString('en-US')} answers: ${describeStatuses(report.statuses.open)} within limits; ${describeStatuses(report.statuses.throttled)} for the throttled user`,
    },
    {
      name: 'the throttled user met its limit',
      passed: intended >= bounds.minIntended429,
      detail: `${intended.toLocaleString('en-US')} intended 429s`,
    },
    {
      name: 'no socket errors or timeouts',
      passed: report.socketErrors === 0 && report.timeouts === 0,
      detail: `${report.socketErrors} errors, ${report.timeouts} timeouts`,
    },
    {
      name: 'healthy after the load',
      passed: report.healthy,
      detail: report.healthy ? 'GET /user answered 200' : 'GET /user did not answer 200',
    },
    {
      name: 'heap flat after warm-up',
      passed: Number.isFinite(slope) && slope < bounds.heapSlopeMbPerMin,
      detail: `${formatMb(slope)} MB/min after ${report.warmupSec} s (bound < ${bounds.heapSlopeMbPerMin}); after GC ${formatMb(report.heapBeforeBytes / 1e6)} MB before the load, ${formatMb(report.heapAfterBytes / 1e6)} MB after`,
    },
    {
      // A connection cut off by the end of the run may hold the one campaign it created and had not yet deleted.
      name: 'store bounded: writes balance',
      passed:
        report.campaignsAfter >= report.campaignsBefore &&
        report.campaignsAfter - report.campaignsBefore <= report.connections,
      detail: `${report.campaignsBefore.toLocaleString('en-US')} campaigns before, ${report.campaignsAfter.toLocaleString('en-US')} after (at most one left per connection cut off mid-round)`,
    },
  ]
}

/** The report as markdown: the figures, then each verdict. */
export function formatSoak(report: SoakReport, verdicts: readonly SoakVerdict[]): string {
  const slope = heapSlopeMbPerMin(afterWarmup(report.heapAfterGc, report.warmupSec))
  const lines = [
    '# Load soak',
    '',
    `${report.startedAt}, ${report.machine}. ${report.connections} connections for ${report.durationSec} s on 127.0.0.1.`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| requests answered | ${report.requests.toLocaleString('en-US')} |`,
    `| requests per second | ${Math.round(report.rps).toLocaleString('en-US')} |`,
    `| latency p50 / p99 | ${report.p50Ms} / ${report.p99Ms} ms |`,
    `| statuses, users within limits | ${describeStatuses(report.statuses.open)} |`,
    `| statuses, the throttled user | ${describeStatuses(report.statuses.throttled)} |`,
    `| heap after GC: before load / after load | ${formatMb(report.heapBeforeBytes / 1e6)} / ${formatMb(report.heapAfterBytes / 1e6)} MB |`,
    `| heap peak (not collected) | ${formatMb(report.heapPeakBytes / 1e6)} MB |`,
    `| heap slope after ${report.warmupSec} s warm-up | ${formatMb(slope)} MB/min |`,
    `| campaigns before / after | ${report.campaignsBefore} / ${report.campaignsAfter} |`,
    '',
    '| check | verdict | detail |',
    '|---|---|---|',
    ...verdicts.map(({ name, passed, detail }) => `| ${name} | ${passed ? 'passed' : '**failed**'} | ${detail} |`),
    '',
  ]
  return lines.join('\n')
}

function describeStatuses(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b))
  return entries.length
    ? entries.map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`).join(', ')
    : 'none'
}

function formatMb(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : 'n/a'
}
