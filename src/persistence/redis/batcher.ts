/**
 * Gathers the calls made within one turn of the event loop into one round trip: `add(item)` resolves
 * with that item's share of the answer `send` gives for the whole batch (one result per item, in order).
 * A script call costs the client about as much as the work it carries, so batching what concurrent
 * requests ask (rate-limit checks, journal entries) is what keeps a replica near its in-memory speed.
 * @example const doubles = createBatcher(async (items: number[]) => items.map((n) => n * 2)); await doubles.add(21) // 42
 */
export function createBatcher<Item, Result>(
  send: (items: Item[]) => Promise<Result[]>,
): { add(item: Item): Promise<Result> } {
  let waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = []
  const flush = () => {
    const batch = waiting
    waiting = []
    send(batch.map(({ item }) => item)).then(
      (results) => batch.forEach(({ resolve }, index) => resolve(results[index]!)),
      (error: unknown) => batch.forEach(({ reject }) => reject(error)),
    )
  }
  return {
    add(item) {
      return new Promise<Result>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush)
        waiting.push({ item, resolve, reject })
      })
    },
  }
}

/** Runs async sections one at a time, in the order they asked. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  /** Runs `section` once every section asked before it has ended; resolves with its result. */
  run<T>(section: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(section, section)
    this.#tail = run.catch(() => undefined)
    return run
  }
}
