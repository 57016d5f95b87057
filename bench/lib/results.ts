import type { Summary } from './stats.js'
import type { RequestKind } from './workload.js'

/** The targets the listener section runs, ours first. */
export const LOAD_TARGETS = [
  'listener',
  'before',
  'bare',
  'express',
  'prism',
  'wiremock',
  'wiremock-defaults',
  'twin',
  'store',
  'replicas',
] as const
export type LoadTarget = (typeof LOAD_TARGETS)[number]

/** How each load target reads in the report. */
export const LOAD_TARGET_LABELS: Readonly<Record<LoadTarget, string>> = {
  listener: 'our listener (node:http + the mock handler)',
  before: 'our listener as another checkout has it (--before)',
  bare: 'bare node:http, same bytes',
  express: 'plain Express res.json, same body',
  prism: 'Prism 5 mock, our response as its example',
  wiremock: 'WireMock 3 (JVM), a stub mapping with our bytes',
  'wiremock-defaults': 'WireMock 3 (JVM) as it starts by default (request journal and logging on), the same stub',
  twin: "our listener serving a twin (the independent server's profile)",
  store: 'one replica with --store (Redis)',
  replicas: 'two replicas with --store, one CPU each',
}

/** One bounded load run against one target (autocannon). */
export interface LoadRun {
  target: LoadTarget
  kind: RequestKind
  round: number
  rps: number
  p50Ms: number
  p99Ms: number
  /** Responses by status; the bench fails on any status but the expected one. */
  statuses: Record<string, number>
}

/** Latencies of one kind of request, sequential, one process (in-process or scale). */
export interface LatencyRow {
  campaigns: number
  /** Campaigns the other accounts hold (the writes section), when any. */
  others?: number
  kind: RequestKind
  /** msw alone (one handler answering the mock's bytes), not the mock: the floor of the path. */
  floor?: boolean
  /** Each round's median and p99, in ms. */
  rounds: Summary[]
  /** Across rounds: median of medians, median of p99s (ms). */
  summary: Summary
}

/** What holding a dataset costs one process. */
export interface SeedCost {
  /** Campaigns of the measured account (scale, writes) or in all (in-process). */
  campaigns: number
  /** Campaigns the other accounts hold (the writes section). */
  others?: number
  /** Users in the dataset. */
  users?: number
  /** Generating the dataset (faker), before the mock sees it. */
  generateMs: number
  /** From the dataset to a mock that answers: createMockApi / startNodeMock. */
  seedMs: number
  /** heapUsed after a full GC, the mock and its dataset alive. */
  heapMb: number
}

/** Process start to the first 200, one command. */
export interface StartupRow {
  command: string
  runsMs: number[]
  medianMs: number
}

/** Where and how a run was made. */
export interface RunMeta {
  startedAt: string
  finishedAt: string
  quick: boolean
  node: string
  cpu: string
  cores: number
  memoryGb: number
  /** 1-minute load averages at the start and the end: other work on the machine shows here. */
  loadAverage: { start: number; end: number }
  pinning: string
  commit: string
  settings: Record<string, unknown>
}

/** The listener section: every load run, and which peers ran (and on what) or were left out (and why). */
export interface ListenerResults {
  campaigns: number
  users: number
  connections: number
  durationSec: number
  /** Warm-up of each target on the list before the first round, and of each other kind it runs. */
  warmupSec?: { list: number; otherKinds: number }
  /** What a peer ran on, where it says more than its label (e.g. `WireMock 3.13.2 on Java 17.0.15`). */
  peers?: Partial<Record<LoadTarget, string>>
  /** Peers that did not run, and why (e.g. no Java on PATH). */
  leftOut?: Partial<Record<LoadTarget, string>>
  runs: LoadRun[]
}

/** The twin section: the listener serving a twin against the default listener, the same requests in one run. */
export interface TwinResults {
  /** The twin file whose profile the twin serves. */
  twinOf: string
  /** Campaigns each listener holds (the twin: its captured account, then the rest of the default's dataset). */
  campaigns: number
  /** Campaigns of the account both answer for (the twin's captured account). */
  accountCampaigns: number
  connections: number
  durationSec: number
  /** Warm-up of each target and kind before the first round. */
  warmupSec: number
  /** Runs of `listener` (the default profile) and `twin`. */
  runs: LoadRun[]
}

/** The sandbox section: a replica with --store against the in-memory listener, and two replicas against one. */
export interface SandboxResults {
  campaigns: number
  connections: number
  durationSec: number
  warmupSec: number
  /** Where each process ran. */
  placement: string
  /** Runs of `listener` (in memory), `store` (one replica) and `replicas` (two, the sum of both). */
  runs: LoadRun[]
}

/** Everything one `npm run bench` measured; absent sections were not run. */
export interface BenchResults {
  meta: RunMeta
  listener?: ListenerResults
  inProcess?: { seeds: SeedCost[]; rows: LatencyRow[] }
  scale?: { seeds: SeedCost[]; rows: LatencyRow[] }
  writes?: { seeds: SeedCost[]; rows: LatencyRow[] }
  startup?: StartupRow[]
  twin?: TwinResults
  sandbox?: SandboxResults
}
