import type { StateChangeReason, Told } from './state-changes.js'

/** Runs a write with nothing else writing at the same time; resolves with its result. */
export type WriteQueue = <T>(write: () => Promise<T>, reason?: StateChangeReason) => Promise<T>

/**
 * Creates a queue that runs writes one at a time, in arrival order. A write awaits between
 * its checks and its changes (the store's writes are promises), so without it two requests
 * could both pass a check (an e-mail is free) and both write. A failed write does not
 * stop the ones after it. After each write that succeeds, and before its caller hears so,
 * `committed` is awaited in the write's turn: a persister sees every acknowledged write, in order.
 * What `committed` says is still `settled` (a save under way) is awaited after the turn, so the
 * caller hears of its write only once saved while the writes after it already run.
 * @example const writeQueue = createWriteQueue(); await writeQueue(() => store.updateUser(user, (draft) => void (draft.api_tier = 'pro')))
 */
export function createWriteQueue(committed?: (reason: StateChangeReason) => Promise<Told | void>): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return async (write, reason = 'write') => {
    const writeThenTell = async () => {
      const result = await write()
      const told = await committed?.(reason)
      return { result, settled: told?.settled }
    }
    const run = tail.then(writeThenTell, writeThenTell)
    tail = run.catch(() => undefined)
    const { result, settled } = await run
    await settled
    return result
  }
}
