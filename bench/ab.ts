/**
 * npm run bench:ab -- --vs <other checkout> [--kind list,get,create,update] [--rounds 6] [--seconds 5] [--server bench/servers/listener.ts]
 *
 * An alternating A/B of two checkouts' listeners: A is this one, B the one `--vs` names (a copy of
 * an earlier commit, `git archive <commit> | tar -x -C <dir>`, its node_modules linked). Both run
 * side by side pinned to the servers' CPU, with the same dataset; each round runs every kind on both,
 * which goes first alternating by round, and each ratio pairs the two runs of one round. Besides
 * requests a second, it reports the server's CPU time per request (user + system, from /proc): on a
 * machine others share, throughput swings with their load, while the CPU a request costs barely
 * moves. What a step of issue 33 was kept or dropped by.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { median } from './lib/stats.js'
import { detectPinning, startWorker } from './lib/processes.js'
import { createJobRunner, type Subjects } from './sections/listener.js'
import { REQUEST_KINDS, type RequestKind } from './lib/workload.js'

const { values } = parseArgs({
  options: {
    vs: { type: 'string' },
    kind: { type: 'string', default: 'list' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    campaigns: { type: 'string', default: '10000' },
    server: { type: 'string', default: 'bench/servers/listener.ts' },
  },
})
if (!values.vs) throw new Error('--vs <directory of the other checkout> is required')
const kinds = values.kind.split(',') as RequestKind[]
for (const kind of kinds) if (!REQUEST_KINDS.includes(kind)) throw new Error(`--kind: ${REQUEST_KINDS.join(', ')}`)
const [rounds, seconds, warmup] = [Number(values.rounds), Number(values.seconds), Number(values.warmup)]
const pinning = detectPinning()

type Ready = { port: number; subjects: Subjects }
const start = (dir: string) =>
  startWorker<Ready>(resolve(dir, values.server), [values.campaigns], { cpu: pinning.serverCpu })
const sides = { A: await start('.'), B: await start(values.vs) }
const load = await startWorker<{ ready: true }>('bench/workers/load.ts', [], { cpu: pinning.loadCpu })
const runners = Object.fromEntries(
  Object.entries(sides).map(([side, { ready }]) => [
    side,
    createJobRunner(
      load.worker,
      { listener: { origin: `http://127.0.0.1:${ready.port}`, prefix: '/api/v1' } },
      ready.subjects,
      50,
    ),
  ]),
) as Record<'A' | 'B', ReturnType<typeof createJobRunner>>

console.log(`A: ${resolve('.')}  B: ${resolve(values.vs)}  ${pinning.description}`)
for (const kind of kinds)
  for (const side of ['A', 'B'] as const) await runners[side]({ target: 'listener', kind }, warmup)
/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

for (const kind of kinds) {
  const rps: Record<'A' | 'B', number[]> = { A: [], B: [] }
  const cpu: Record<'A' | 'B', number[]> = { A: [], B: [] }
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? (['A', 'B'] as const) : (['B', 'A'] as const)
    for (const side of order) {
      const before = cpuSeconds(sides[side].worker.pid)
      const report = await runners[side]({ target: 'listener', kind }, seconds)
      const answered = Object.values(report.statuses).reduce((sum, n) => sum + n, 0)
      rps[side].push(report.rps)
      cpu[side].push(((cpuSeconds(sides[side].worker.pid) - before) / answered) * 1e6)
    }
  }
  const ratios = (of: Record<'A' | 'B', number[]>) => of.A.map((a, i) => a / of.B[i]!)
  const show = (list: number[]) => list.map((n) => Math.round(n)).join(' ')
  const showRatios = (list: number[]) =>
    `median ${median(list).toFixed(3)} [${list.map((r) => r.toFixed(2)).join(' ')}]`
  console.log(`${kind}:`)
  console.log(
    `  req/s: A ${Math.round(median(rps.A))} [${show(rps.A)}], B ${Math.round(median(rps.B))} [${show(rps.B)}], A/B ${showRatios(ratios(rps))}`,
  )
  console.log(
    `  CPU µs a request: A ${median(cpu.A).toFixed(1)} [${show(cpu.A)}], B ${median(cpu.B).toFixed(1)} [${show(cpu.B)}], A/B ${showRatios(ratios(cpu))}`,
  )
}
await load.worker.stop()
for (const side of Object.values(sides)) await side.worker.stop()
