import { restoreClock, type Clock, type ClockStart } from '../../domain/clock.js'
import type { DomainContext } from '../../domain/domain-context.js'
import type { OverrideEntry } from '../../domain/overrides.js'
import { parseSnapshot, serializeSnapshot, SnapshotError } from '../../domain/snapshot.js'
import type { FaultSettings, LastIds, MockState, TierTable } from '../../schemas/control-plane.js'
import type { RecordChange, Store } from '../../store/store.js'

// What one write turn appends to a tenant's log, and how a replica applies it to the state it keeps
// in memory: the records the turn created, changed and deleted (as the store's watcher told them),
// the id counters, the settings when they changed, or a whole new state (a reset, seed or import).

/** The settings around the data, as the store keeps them: tiers, faults, the clock, the overrides given as data. */
export interface SharedSettings {
  tiers: TierTable
  faults: FaultSettings
  clock: ClockStart
  overrides: { lastId: number; entries: OverrideEntry[] }
}

/** One record change: created or updated (with the record), or deleted (with its id), in the account of its owner. */
export type EntryChange =
  | ['c' | 'u', 'users' | 'adverts' | 'campaigns', number, Record<string, unknown>]
  | ['d', 'users' | 'adverts' | 'campaigns', number, number]

/** One entry of a tenant's log: what one write turn changed. */
export interface StateEntry {
  changes?: EntryChange[]
  ids?: LastIds
  settings?: SharedSettings
  /** A whole new state (a snapshot's text), applied before anything else. */
  state?: string
}

/** A store change as an entry holds it. */
export function entryChange(change: Exclude<RecordChange, { kind: 'load' }>): EntryChange {
  const { kind, owner, next, previous } = change
  if (next) return [previous ? 'u' : 'c', kind, owner, { ...next }]
  return ['d', kind, owner, previous!.id]
}

/**
 * Where the clock stands, exactly: still at an instant, or running at a whole number of
 * milliseconds from real time (sampled within one millisecond, so the same clock gives the same value).
 */
export function clockSetting(clock: Clock): ClockStart {
  for (;;) {
    const real = Date.now()
    const now = clock.now()
    if (Date.now() !== real) continue
    return clock.frozen ? { frozen: true, at: now, offset: 0 } : { frozen: false, at: 0, offset: now - real }
  }
}

/** The settings of a mock now (the overrides given as data, without their hits: the store counts those apart). */
export function settingsOf(ctx: DomainContext): SharedSettings {
  const entries = ctx.overrides
    .list()
    .filter((entry) => !('resolver' in entry.answer))
    .map((entry) => ({ ...entry, hits: 0 }))
  return {
    tiers: structuredClone(ctx.tiers) as TierTable,
    faults: structuredClone(ctx.faults.settings),
    clock: clockSetting(ctx.clock),
    overrides: { lastId: ctx.overrides.lastId, entries },
  }
}

/**
 * Puts settings in force, each part only where it differs (faults configured again would restart
 * their random draws); an override whose hits (counted in the store) reached its `times` is gone.
 */
export function applySettings(ctx: DomainContext, settings: SharedSettings, hits: ReadonlyMap<number, number>): void {
  Object.assign(ctx.tiers, settings.tiers)
  if (JSON.stringify(ctx.faults.settings) !== JSON.stringify(settings.faults)) ctx.faults.configure(settings.faults)
  const clock = clockSetting(ctx.clock)
  if (
    clock.frozen !== settings.clock.frozen ||
    clock.at !== settings.clock.at ||
    clock.offset !== settings.clock.offset
  )
    restoreClock(ctx.clock, {
      ...settings.clock,
      at: settings.clock.frozen ? settings.clock.at : Date.now() + settings.clock.offset,
    })
  const live = settings.overrides.entries
    .map((entry) => ({ ...entry, hits: hits.get(entry.id) ?? 0 }))
    .filter((entry) => entry.times === null || entry.hits < entry.times)
  ctx.overrides.restore(live, settings.overrides.lastId)
}

/** Applies an entry's record changes and id counters to the store, in order, through its collections (validated). */
export async function applyChanges(store: Store, { changes = [], ids }: StateEntry): Promise<void> {
  for (const [op, kind, owner, value] of changes) {
    const collection = kind === 'users' ? store.users : store.account(owner)[kind]
    if (op === 'd') collection.delete({ id: value }, { strict: true })
    else if (op === 'c') await collection.create(value as never)
    else
      await collection.update(
        { id: value.id as number },
        { strict: true, data: (draft) => void Object.assign(draft, value) },
      )
  }
  if (ids) store.advanceIds(ids)
}

/** A whole state as the store keeps it: a snapshot (the persistence core's format) of the dataset and id counters. */
export function stateText(ctx: DomainContext): string {
  const state: MockState = { dataset: ctx.store.export(), last_ids: ctx.store.lastIds }
  return serializeSnapshot(state)
}

/** Loads a state the store kept; one that does not load is a SnapshotError naming the tenant. */
export async function loadStateText(ctx: DomainContext, text: string, source: string): Promise<void> {
  const { state } = parseSnapshot(text, { source, schema: ctx.schemas.records.MockState })
  try {
    await ctx.store.load(state.dataset, state.last_ids)
  } catch (error) {
    throw new SnapshotError(
      'invalid',
      `${source} holds a state that does not hold together: ${(error as Error).message}`,
    )
  }
}
