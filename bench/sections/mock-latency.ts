import { startWorker, type Pinning, type Worker } from '../lib/processes.js'
import type { LatencyRow, SeedCost } from '../lib/results.js'
import { acrossRounds, type Summary } from '../lib/stats.js'
import type { MockWorkerSetup, RoundOrder, RoundRow } from '../workers/mock.js'

/** Which mocks to hold and how to time them. */
export interface MockLatencySettings extends Omit<MockWorkerSetup, 'campaigns'> {
  sizes: number[]
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
    for (const campaigns of sizes) {
      log(`  seeding ${campaigns.toLocaleString('en-US')} campaigns (${setup.shape}, via ${setup.via})…`)
      const args = [JSON.stringify({ ...setup, campaigns } satisfies MockWorkerSetup)]
      const { worker, ready } = await startWorker<SeedCost>('bench/workers/mock.ts', args, { cpu: pinning.serverCpu, execArgv: ['--expose-gc', '--max-old-space-size=8192'] })
      workers.push(worker)
      seeds.push(ready)
      log(`    generated in ${Math.round(ready.generateMs)} ms, seeded in ${Math.round(ready.seedMs)} ms, heap ${Math.round(ready.heapMb)} MB`)
    }
    const perRound = new Map<string, Summary[]>()
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < sizes.length; i++) {
        const at = (i + round) % sizes.length
        const { rows } = await workers[at]!.ask<{ rows: RoundRow[] }>({ ...order, warmup: round === 0 ? order.warmup : 0 })
        for (const { kind, floor, summary } of rows) {
          const key = `${sizes[at]} ${kind} ${floor}`
          perRound.set(key, [...(perRound.get(key) ?? []), summary])
        }
      }
      log(`  round ${round + 1} of ${rounds} done`)
    }
    const rows = sizes.flatMap((campaigns) =>
      [false, true].flatMap((floor) =>
        setup.kinds.flatMap((kind): LatencyRow[] => {
          const summaries = perRound.get(`${campaigns} ${kind} ${floor}`)
          return summaries ? [{ campaigns, kind, ...(floor ? { floor } : {}), rounds: summaries, summary: acrossRounds(summaries) }] : []
        }),
      ),
    )
    return { seeds, rows }
  } finally {
    for (const worker of workers) await worker.stop()
  }
}
