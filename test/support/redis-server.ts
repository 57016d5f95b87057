import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Debian's redis-server, started by the tests that need one on a free loopback port, each with its
// own directory, and stopped by them. Without it those tests print one line and are skipped, except
// under REQUIRE_REDIS=1 (CI, after .ci/run installs it), where they fail.

/** Where the tests find redis-server (REDIS_SERVER overrides). */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server'

/** Whether redis-server runs here. */
export function hasRedis(): boolean {
  return spawnSync(REDIS_SERVER, ['--version']).status === 0
}

const noted = globalThis as { redisSkipNoted?: boolean }

/**
 * Whether the Redis tests run: true with redis-server; without it one line on the console and
 * false, or, under REQUIRE_REDIS=1, an error that fails the file.
 * @example describe.runIf(redisTests('the sandbox consistency test'))('…', () => { … })
 */
export function redisTests(what: string): boolean {
  if (hasRedis()) return true
  if (process.env.REQUIRE_REDIS === '1')
    throw new Error(`REQUIRE_REDIS=1 but there is no redis-server at ${REDIS_SERVER}: apt-get install -y redis-server`)
  if (!noted.redisSkipNoted)
    console.log(
      `Redis tests skipped (${what} and the others): no redis-server at ${REDIS_SERVER} (apt-get install redis-server).`,
    )
  noted.redisSkipNoted = true
  return false
}

/** A redis-server of a test's own. */
export interface RedisServer {
  readonly port: number
  /** `redis://127.0.0.1:<port>/<db>` */
  url(db?: number): string
  /** Stops it: SIGTERM saves what it holds (with persistence on); SIGKILL does not. */
  stop(signal?: NodeJS.Signals): Promise<void>
  /** Starts it again on the same port and directory (after `stop`). */
  start(): Promise<void>
  /** Stops it and removes its directory. */
  close(): Promise<void>
}

export interface RedisServerOptions {
  /** `everysec` or `always` turn the append-only file on with that fsync policy; default off (memory only). */
  appendfsync?: 'everysec' | 'always'
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/**
 * Starts redis-server on a free loopback port, in a directory of its own, and waits until it
 * accepts connections (at most 10 s).
 * @example const redis = await startRedis(); afterAll(() => redis.close())
 */
export async function startRedis({ appendfsync }: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'acm-redis-'))
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '']
  args.push(...(appendfsync ? ['--appendonly', 'yes', '--appendfsync', appendfsync] : ['--appendonly', 'no']))
  let child: ChildProcess | undefined
  const start = async () => {
    const started = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child = started
    let output = ''
    started.stdout!.on('data', (chunk) => (output += chunk))
    started.stderr!.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 10_000
    while (!output.includes('Ready to accept connections')) {
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = once(running, 'exit')
    running.kill(signal)
    await exited
  }
  await start()
  return {
    port,
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    stop,
    start,
    async close() {
      await stop('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
