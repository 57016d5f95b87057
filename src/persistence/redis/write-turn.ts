import { randomUUID } from 'node:crypto'
import { ACQUIRE, RELEASE } from './lua-scripts.js'
import type { RedisConnection, Reply } from './redis-connection.js'

// A tenant's write turn: one lock in Redis, held by one replica at a time while it runs a write
// on the state it keeps and appends what changed. A replica killed while holding it stops
// renewing it, and the others get it once it expires.

/** How long a write turn lasts unless renewed; the holder renews it every third of that while it works. */
export const TURN_MS = 3_000

/** How long a replica waits for a turn another holds before it answers 503. */
export const TURN_WAIT_MS = 30_000

/** A turn taken: its token, and what the store answered with it (the state after the replica's version). */
export interface Turn {
  token: string
  reply: Reply[]
  /** Stops renewing it (the commit or release ends it in Redis). */
  stopRenewing(): void
}

/**
 * Takes the tenant's write turn, waiting (2 ms, doubling to 50 ms) while another replica holds it,
 * at most TURN_WAIT_MS; answers the state after `from()` with it. Throws what the connection throws,
 * or an Error when the wait is too long.
 */
export async function takeTurn(connection: RedisConnection, prefix: string, from: () => number): Promise<Turn> {
  const token = randomUUID()
  const deadline = Date.now() + TURN_WAIT_MS
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    const reply = (await connection.run(ACQUIRE, [prefix, token, TURN_MS, from()])) as Reply[]
    if (reply[0] !== 'busy') {
      const timer = setInterval(() => {
        connection.run(RELEASE, [prefix, token, TURN_MS]).catch(() => undefined)
      }, TURN_MS / 3)
      timer.unref()
      return { token, reply, stopRenewing: () => clearInterval(timer) }
    }
    if (Date.now() > deadline) throw new Error(`the write turn stayed taken for ${TURN_WAIT_MS / 1000} s`)
    const held = Number(reply[1])
    await new Promise((resolve) => setTimeout(resolve, held > 0 ? Math.min(wait, held) : wait))
  }
}

/** Ends a turn without appending anything (nothing changed); a failure only lets it expire. */
export function releaseTurn(connection: RedisConnection, prefix: string, turn: Turn): void {
  turn.stopRenewing()
  connection.run(RELEASE, [prefix, turn.token]).catch(() => undefined)
}
