/** What changed the state: a write through the API or the control plane, or a whole new state. */
export const STATE_CHANGE_REASONS = ['write', 'reset', 'seed', 'import', 'settings'] as const
export type StateChangeReason = (typeof STATE_CHANGE_REASONS)[number]

/** One change of the mock's state, told after it is complete. */
export interface StateChange {
  reason: StateChangeReason
  /**
   * Holds the change's acknowledgement (the response to the write) until `promise` settles,
   * without holding the write queue: the writes after it go on and can share one save, as a
   * service worker's `ExtendableEvent.waitUntil`. A promise that rejects is reported, never
   * turned into a failed write.
   */
  waitUntil(promise: Promise<unknown>): void
}

/**
 * Called after each change; a returned promise is awaited before the write is acknowledged,
 * inside the write's turn (the next write waits too). To wait without holding the queue, use `change.waitUntil`.
 */
export type StateListener = (change: StateChange) => void | Promise<void>

/** What a change's acknowledgement still waits for once every listener has run: the promises given to `waitUntil`. */
export interface Told {
  settled: Promise<void>
}

/** Listeners to the state's changes: what a persister subscribes to. */
export interface StateChanges {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: StateListener): () => void
  /** Tells every listener, in the order they subscribed, and waits for them; resolves with what the acknowledgement must still wait for. */
  notify(change: Pick<StateChange, 'reason'>): Promise<Told>
}

/**
 * Creates the change feed. A failing listener is reported on the console and never undoes or
 * fails the change: the write already happened, and the listeners after it still hear of it.
 * @example const changes = createStateChanges(); changes.subscribe(({ reason }) => save(reason))
 */
export function createStateChanges(): StateChanges {
  const listeners = new Set<StateListener>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async notify({ reason }) {
      const held: Promise<unknown>[] = []
      const report = (error: unknown) =>
        console.error(`[ad-campaign-mock] a state listener failed after a ${reason}:`, error)
      const change: StateChange = {
        reason,
        waitUntil: (promise) => void held.push(Promise.resolve(promise).catch(report)),
      }
      for (const listener of [...listeners]) {
        try {
          await listener(change)
        } catch (error) {
          report(error)
        }
      }
      return { settled: Promise.all(held).then(() => undefined) }
    },
  }
}
