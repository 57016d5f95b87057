import type { StateChangeReason } from './state-changes.js'

/** Runs a write with nothing else writing at the same time; resolves with its result. */
export type WriteQueue = <T>(write: () => Promise<T>, reason?: StateChangeReason) => Promise<T>

/**
 * Creates a queue that runs writes one at a time, in arrival order. A write awaits between
 * its checks and its changes (the store's writes are promises), so without it two requests
 * could both pass a check (an e-mail is free) and both write. A failed write does not
 * stop the ones after it. After each write that succeeds, and before its caller hears so,
 * `committed` is awaited in the write's turn: a persister sees every acknowledged write, in order.
 * @example const writeQueue = createWriteQueue(); await writeQueue(() => store.updateUser(...))
 */
export function createWriteQueue(committed?: (reason: StateChangeReason) => Promise<void>): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return (write, reason = 'write') => {
    const writeThenTell = async () => {
      const result = await write()
      await committed?.(reason)
      return result
    }
    const run = tail.then(writeThenTell, writeThenTell)
    tail = run.catch(() => undefined)
    return run
  }
}
