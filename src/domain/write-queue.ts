/** Runs a write with nothing else writing at the same time; resolves with its result. */
export type WriteQueue = <T>(write: () => Promise<T>) => Promise<T>

/**
 * Creates a queue that runs writes one at a time, in arrival order. The store's writes
 * await @msw/data between their checks and their changes, so without it two requests
 * could both pass a check (an e-mail is free) and both write. A failed write does not
 * stop the ones after it.
 * @example const writeQueue = createWriteQueue(); await writeQueue(() => store.updateUser(...))
 */
export function createWriteQueue(): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return (write) => {
    const run = tail.then(write, write)
    tail = run.catch(() => undefined)
    return run
  }
}
