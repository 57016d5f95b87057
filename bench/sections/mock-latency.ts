import { startWorker, type Pinning, type Worker } from '../lib/processes.js'
import type { LatencyRow, SeedCost } from '../lib/results.js'
import { acrossRounds, type Summary } from '../lib/stats.js'
import type { MockWorkerSetup, RoundOrder, RoundRow } from '../workers/mock.js'

/** The size of one mock: campaigns, and with the `accounts` shape those of the other accounts. */
export interface MockSize {
  campaigns: number
  others?: number
}

const sizeKey = ({ campaigns, others }: MockSize) => `${campaigns}+${others ?? 0}`
const sizeLabel = ({ campaigns, others }: MockSize) =>
  `${campaigns.toLocaleString('en-US')} campaigns${others ? ` (+${others.toLocaleString('en-US')} in other accounts)` : ''}`

/** Which mocks to hold and how to time them. */
export interface MockLatencySettings extends Omit<MockWorkerSetup, 'campaigns' | 'others'> {
  /** One mock per size: campaigns (of the measured account, for `accounts`) and those of the other accounts. */
  sizes: MockSize[]
  rounds: number
  order: RoundOrder
}

/**
 * Holds one mock per size, each in its own pinned process, and times them in alternating
 * rounds (each round starts with the next size), so that a slower minute on the machine
 * falls on every size alike. Answers what seeding cost and the latencies across rounds.
 */
export async function benchMockLatency(
  { sizes, rounds, order, ...setup }: MockLatencySettings,
  pinning: Pinning,
  log: (line: string) => void,
): Promise<{ seeds: SeedCost[]; rows: LatencyRow[] }> {
  const workers: Worker[] = []
  const seeds: SeedCost[] = []
  try {
    for (const size of sizes) {
      log(`  seeding ${sizeLabel(size)} (${setup.shape}, via ${setup.via})…`)
      const args = [JSON.stringify({ ...setup, ...size } satisfies MockWorkerSetup)]
      const { worker, ready } = await startWorker<SeedCost>('bench/workers/mock.ts', args, {
        cpu: pinning.serverCpu,
        execArgv: ['--expose-gc', '--max-old-space-size=8192'],
      })
      workers.push(worker)
      seeds.push(ready)
      log(
        `    generated in ${Math.round(ready.generateMs)} ms, seeded in ${Math.round(ready.seedMs)} ms, heap ${Math.round(ready.heapMb)} MB`,
      )
    }
    const perRound = new Map<string, Summary[]>()
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < sizes.length; i++) {
        const at = (i + round) % sizes.length
        const { rows } = await workers[at]!.ask<{ rows: RoundRow[] }>({
          ...order,
          warmup: round === 0 ? order.warmup : 0,
        })
        for (const { kind, floor, summary } of rows) {
          const key = `${sizeKey(sizes[at]!)} ${kind} ${floor}`
          perRound.set(key, [...(perRound.get(key) ?? []), summary])
        }
      }
      log(`  round ${round + 1} of ${rounds} done`)
    }
    const rows = sizes.flatMap((size) =>
      [false, true].flatMap((floor) =>
        setup.kinds.flatMap((kind): LatencyRow[] => {
          const summaries = perRound.get(`${sizeKey(size)} ${kind} ${floor}`)
          const others = size.others ? { others: size.others } : {}
          return summaries
            ? [
                {
                  campaigns: size.campaigns,
                  ...others,
                  kind,
                  ...(floor ? { floor } : {}),
                  rounds: summaries,
                  summary: acrossRounds(summaries),
                },
              ]
            : []
        }),
      ),
    )
    return { seeds, rows }
  } finally {
    for (const worker of workers) await worker.stop()
  }
}
