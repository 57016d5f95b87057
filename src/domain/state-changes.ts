/** What changed the state: a write through the API or the control plane, or a whole new state. */
export const STATE_CHANGE_REASONS = ['write', 'reset', 'seed', 'import', 'settings'] as const
export type StateChangeReason = (typeof STATE_CHANGE_REASONS)[number]

/** One change of the mock's state, told after it is complete. */
export interface StateChange {
  reason: StateChangeReason
}

/** Called after each change; a returned promise is awaited before the write is acknowledged. */
export type StateListener = (change: StateChange) => void | Promise<void>

/** Listeners to the state's changes: what a persister subscribes to. */
export interface StateChanges {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: StateListener): () => void
  /** Tells every listener, in the order they subscribed, and waits for them. */
  notify(change: StateChange): Promise<void>
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
    async notify(change) {
      for (const listener of [...listeners]) {
        try {
          await listener(change)
        } catch (error) {
          console.error(`[ad-campaign-mock] a state listener failed after a ${change.reason}:`, error)
        }
      }
    },
  }
}
