/**
 * The listener `npm run test:load` soaks, with authentication, rate limits and the journal on:
 * 20 users of 100 campaigns each, the first held to a low tier (its 429s are intended), the others
 * out of reach of theirs. It reports its heap over IPC: as it stands every 500 ms, and after a
 * full GC every 2 s and whenever asked (needs --expose-gc).
 */
import { startListener } from '../../src/runtimes/express.js'
import { spreadDataset, subjectOf, UNLIMITED_TIERS } from '../lib/workload.js'

/** The throttled user's tier: 120 requests a minute, so 10 connections meet it within the first second. */
export const THROTTLED_LIMITS = { per_minute: 120, per_day: 1_000_000, max_topups: 1 }

const dataset = spreadDataset(2_000)
dataset.users = dataset.users.map((user, index) => ({ ...user, api_tier: index === 0 ? 'free' : 'pro' }))
const listener = await startListener({
  port: 0,
  fixtures: dataset,
  tiers: { ...UNLIMITED_TIERS, free: THROTTLED_LIMITS },
})

const collect = global.gc
if (!collect) throw new Error('run with --expose-gc')
const heapAfterGc = () => {
  collect()
  return process.memoryUsage().heapUsed
}
let origin = 0
const standing = setInterval(
  () => process.send!({ heap: { atMs: performance.now() - origin, bytes: process.memoryUsage().heapUsed } }),
  500,
)
let collected: NodeJS.Timeout | undefined

process.on('message', (message: { start?: true; stop?: true; heap?: true }) => {
  if (message.start) {
    origin = performance.now()
    collected = setInterval(
      () => process.send!({ gcHeap: { atMs: performance.now() - origin, bytes: heapAfterGc() } }),
      2_000,
    )
  }
  if (message.stop) clearInterval(collected)
  if (message.heap) process.send!({ heapNow: heapAfterGc(), campaigns: listener.api.context.store.counts().campaigns })
})
process.on('disconnect', () => {
  clearInterval(standing)
  clearInterval(collected)
  void listener.close().then(() => process.exit(0))
})

const others = dataset.users.slice(1).map((_, index) => subjectOf(dataset, index + 1))
process.send!({ ready: { origin: listener.origin, throttled: subjectOf(dataset, 0), others } })
