import type { Overrides } from '../../domain/overrides.js'
import type { ApiError } from '../../errors/api-error.js'
import {
  rateLimitDecision,
  type RateLimitDecision,
  type RateLimiter,
  type WindowCounts,
} from '../../domain/rate-limit.js'
import { keepRecord, type KeptJournalEntry, type RequestJournal } from '../../domain/request-journal.js'
import type { ApiTierLimits } from '../../schemas/user.js'
import { createBatcher } from './batcher.js'
import { JOURNAL, JOURNAL_CLEAR, RATE } from './lua-scripts.js'
import type { RedisConnection, Reply } from './redis-connection.js'

// The parts of a mock's context that a tenant keeps in Redis rather than in the replica's memory:
// rate-limit counts (exact across replicas: one script checks and counts), the journal (every
// replica's requests, in one list), and the overrides' hits. What changes outside a write turn is
// an "effect": a round trip that the listener waits for before it answers.

/** Where a tenant's parts live, and how they report the round trips the answer must wait for. */
export interface PartsHome {
  connection: RedisConnection
  /** The tenant's key prefix. */
  prefix: string
  /** The tenant's time to live in milliseconds (0: none). */
  ttlMs(): number
  /** Holds the answer of the request under way until this round trip is done (and a 503 if it fails). */
  track(effect: Promise<unknown>): void
  /** Counts a round trip that failed under a request's answer, and answers the 503 the pipeline gives it. */
  unavailable(cause: unknown): ApiError
}

type Limits = Pick<ApiTierLimits, 'per_minute' | 'per_day'>
type Check = { userId: number; limits: Limits; nowMs: number; exhaust: boolean }

/**
 * Rate limits counted in Redis: each check is one step of one script (batched with the other
 * requests of the same turn of the event loop), so a quota of N admits N however the requests are spread.
 */
export function sharedRateLimiter(home: PartsHome): RateLimiter {
  const checks = createBatcher<Check, WindowCounts & { allowed: boolean }>(async (items) => {
    const args = items.flatMap(({ userId, limits, nowMs, exhaust }) => [
      userId,
      nowMs,
      limits.per_minute,
      limits.per_day,
      exhaust ? 1 : 0,
    ])
    const reply = (await home.connection.run(RATE, [home.prefix, home.ttlMs(), ...args])) as number[]
    return items.map((_, index) => {
      const [allowed, ms, mc, ds, dc] = reply.slice(index * 5, index * 5 + 5) as number[]
      return { allowed: allowed === 1, minute: { start: ms!, count: mc! }, day: { start: ds!, count: dc! } }
    })
  })
  return {
    async consume(userId, limits, nowMs): Promise<RateLimitDecision> {
      const counts = await checks.add({ userId, limits, nowMs, exhaust: false }).catch((error: unknown) => {
        throw home.unavailable(error)
      })
      return rateLimitDecision(counts, limits, counts.allowed, nowMs)
    },
    exhaust: (userId, limits, nowMs) => home.track(checks.add({ userId, limits, nowMs, exhaust: true })),
    // A new epoch: every count kept under the old one is ignored, and expires by itself.
    clear: () => home.track(home.connection.command(['INCR', `${home.prefix}rle`])),
    // Nothing is held in this process's memory.
    size: 0,
  }
}

/** The journal as the store keeps it, read back into this replica's journal. */
export interface SharedJournal extends RequestJournal {
  /** The seq of the last entry read back (0: none), and the generation it belongs to (a clear starts the next). */
  readonly seen: { seq: number; generation: string }
  /** Takes the entries answered (each line `<seq> <kept entry>`): those after `seen`, or all there are in another generation. */
  load(lines: string[], generation: string): void
}

/**
 * The journal of every replica's requests: each entry is kept (redacted, cut) as the local journal
 * would keep it and appended to one list in Redis (numbered there, trimmed to the capacity); the
 * listener reads what is new back into the local journal before a request that reads it.
 */
export function sharedJournal(home: PartsHome, local: RequestJournal): SharedJournal {
  const pushes = createBatcher<string, unknown>(async (entries) => {
    await home.connection.run(JOURNAL, [home.prefix, local.capacity, home.ttlMs(), ...entries])
    return entries.map(() => undefined)
  })
  let kept: KeptJournalEntry[] = []
  let generation = '0'
  return {
    capacity: local.capacity,
    get seen() {
      return { seq: kept.at(-1)?.entry.seq ?? 0, generation }
    },
    record(record) {
      const { entry, ...rest } = keepRecord(record, 0)
      const { seq: _seq, ...fields } = entry
      home.track(pushes.add(JSON.stringify({ ...rest, entry: fields })))
    },
    entries: (filter) => local.entries(filter),
    restore(entries) {
      kept = [...entries]
      local.restore(kept)
    },
    clear() {
      home.track(home.connection.run(JOURNAL_CLEAR, [home.prefix]))
      kept = []
      return local.clear()
    },
    load(lines, answered) {
      const fresh = lines.map((line): KeptJournalEntry => {
        const space = line.indexOf(' ')
        const parsed = JSON.parse(line.slice(space + 1)) as KeptJournalEntry
        return { ...parsed, entry: { ...parsed.entry, seq: Number(line.slice(0, space)) } }
      })
      const seen = kept.at(-1)?.entry.seq ?? 0
      if (answered !== generation)
        kept = fresh // cleared since: what it answered is all there is
      else if (fresh.length === 0) return
      else if (fresh[0]!.entry.seq === seen + 1) kept = [...kept, ...fresh].slice(-local.capacity)
      else kept = fresh // more came than the list keeps: the list is all there is
      generation = answered
      local.restore(kept)
    },
  }
}

/** The overrides, their hits counted in Redis as well as here, so a replica that reads them back removes a spent one. */
export function sharedOverrides<Resolver>(home: PartsHome, local: Overrides<Resolver>): Overrides<Resolver> {
  return {
    get size() {
      return local.size
    },
    get lastId() {
      return local.lastId
    },
    add: (spec) => local.add(spec),
    list: () => local.list(),
    remove: (id) => local.remove(id),
    clear: () => local.clear(),
    restore: (entries, lastId) => local.restore(entries, lastId),
    take(operation, params) {
      const entry = local.take(operation, params)
      // An in-process resolver stays in its process, and so do its hits.
      if (entry && !('resolver' in entry.answer))
        home.track(home.connection.command(['HINCRBY', `${home.prefix}hits`, entry.id, 1]))
      return entry
    },
  }
}

/** The hits Redis holds (HGETALL's flat list), by override id. */
export function hitsOf(reply: Reply): Map<number, number> {
  const flat = (reply ?? []) as string[]
  const hits = new Map<number, number>()
  for (let i = 0; i + 1 < flat.length; i += 2) hits.set(Number(flat[i]), Number(flat[i + 1]))
  return hits
}
