import { createHash } from 'node:crypto'
import { createClient } from 'redis'
import { StoreError } from './store-error.js'
import type { StoreUrl } from './store-url.js'

/** A reply of a Lua script, as RESP2 gives it: strings, integers and arrays of them. */
export type Reply = string | number | null | Reply[]

/** One connection to the store's Redis: its scripts, plain commands, and how often it failed. */
export interface RedisConnection {
  /** Runs a Lua script (EVALSHA, loading it again if Redis lost it: a restart empties its script cache). */
  run(script: string, args: readonly (string | number)[]): Promise<Reply>
  /** Sends one plain command. */
  command(args: readonly (string | number)[]): Promise<Reply>
  /** Whether the connection is up now (a command sent now would be sent, not refused at once). */
  readonly up: boolean
  close(): Promise<void>
}

/** How long a command may take before it counts as a failure of the store: a Redis that hangs is one that is down. */
export const COMMAND_TIMEOUT_MS = 5_000

/**
 * Connects to Redis, or fails with one StoreError (`unreachable`) when it refuses or does not answer
 * within a few seconds. Once connected, a lost connection is retried by itself (every 50 ms to 1 s),
 * and commands sent meanwhile fail at once rather than wait: the caller answers 503 and is asked again.
 * @example const connection = await connectRedis({ url, host: '127.0.0.1', port: 6379, db: 0, shown: url })
 */
export async function connectRedis(where: StoreUrl): Promise<RedisConnection> {
  let connected = false
  let reported = false
  const client = createClient({
    url: where.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: 3_000,
      // Before the first connection, a refusal ends the start; after it, reconnect for ever.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(50 * 2 ** retries, 1_000) : cause),
    },
  })
  client.on('error', (error: Error) => {
    if (!connected || reported) return
    reported = true
    console.error(
      `[ad-campaign-mock] the store ${where.shown} is unreachable (${error.message}); answering 503 until it is back.`,
    )
  })
  client.on('ready', () => {
    if (reported) console.error(`[ad-campaign-mock] the store ${where.shown} is back.`)
    reported = false
  })
  try {
    await client.connect()
  } catch (error) {
    const reason = (error as Error).message || String(error)
    throw new StoreError('unreachable', `cannot connect to the store ${where.shown}: ${reason}`, { cause: error })
  }
  connected = true
  const shas = new Map<string, string>()
  const shaOf = (script: string) => {
    let sha = shas.get(script)
    if (!sha) shas.set(script, (sha = createHash('sha1').update(script).digest('hex')))
    return sha
  }
  const strings = (args: readonly (string | number)[]) => args.map(String)
  return {
    async run(script, args) {
      const options = { keys: [], arguments: strings(args) }
      try {
        return (await client.evalSha(shaOf(script), options)) as Reply
      } catch (error) {
        if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
        return (await client.eval(script, options)) as Reply
      }
    },
    command: async (args) => (await client.sendCommand(strings(args))) as Reply,
    get up() {
      return client.isReady
    },
    async close() {
      connected = false
      if (client.isOpen) await client.close().catch(() => client.destroy())
      else client.destroy()
    },
  }
}
