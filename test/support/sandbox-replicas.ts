import { startListener, type Listener, type ListenerOptions } from '../../src/listener/listener.js'
import { DEMO_API_KEY } from '../../src/store/fixtures.js'
import { startRedis, type RedisServer, type RedisServerOptions } from './redis-server.js'

// Replicas of the sandbox in this process: listeners on free ports sharing one redis-server of the test's own.

/** A redis-server and the replicas started on it. */
export interface Replicas {
  redis: RedisServer
  listeners: Listener[]
  /** Starts one more replica on the same store. */
  add(options?: Omit<ListenerOptions, 'store'>): Promise<Listener>
  close(): Promise<void>
}

/**
 * Starts a redis-server and `count` listeners sharing it (each with `options`).
 * @example const sandbox = await startReplicas(2); afterAll(() => sandbox.close())
 */
export async function startReplicas(
  count: number,
  options: Omit<ListenerOptions, 'store'> = {},
  redisOptions: RedisServerOptions = {},
): Promise<Replicas> {
  const redis = await startRedis(redisOptions)
  const listeners: Listener[] = []
  const add = async (more: Omit<ListenerOptions, 'store'> = options) => {
    const listener = await startListener({ port: 0, ...more, store: redis.url() })
    listeners.push(listener)
    return listener
  }
  for (let i = 0; i < count; i++) await add()
  return {
    redis,
    listeners,
    add,
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()))
      await redis.close()
    },
  }
}

/** Sends JSON (or nothing) with the demo key unless told otherwise; answers the status, headers and parsed body. */
export async function call(
  url: string,
  {
    method = 'GET',
    body,
    key = DEMO_API_KEY,
    headers = {},
  }: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, {
    method,
    headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) }
}
