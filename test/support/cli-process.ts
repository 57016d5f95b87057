import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { onTestFinished } from 'vitest'
import { BUILT_BIN } from './build-once.js'
import { runToEnd, type Ended } from './run-to-end.js'

/** A running `ad-campaign-mock` command (the built bin, dist/src/cli.js), as a user starts it. */
export interface CliProcess {
  readonly child: ChildProcess
  /** The API's base URL, read from the banner. */
  readonly baseUrl: string
  /** Standard output and error so far, interleaved. */
  output(): string
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * How long a start may take: the built bin starts in about 0.5 s on an idle 2-core machine and
 * in 1 to 3 s beside a whole `npm test`; this is more than 3 times the slowest start seen.
 */
export const START_TIMEOUT_MS = 15_000

const command = (args: string[]) => [process.execPath, [BUILT_BIN, ...args]] as const

/** Starts the command and waits (at most START_TIMEOUT_MS) for the line with the base URL. */
export async function startCli(args: string[], env: Record<string, string> = {}): Promise<CliProcess> {
  const [node, argv] = command(args)
  const child = spawn(node, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  // Whatever a test left running is killed after it, failed or not. Bound to the test that started it, not
  // registered when this module loads: a worker loads it once for all the files it runs (isolate: false).
  onTestFinished(() => {
    child.kill('SIGKILL')
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)
    if (match) {
      return {
        child,
        baseUrl: match[1]!,
        output: () => output,
        async stop(signal = 'SIGTERM') {
          // 'close', not 'exit': the exit can be reported before the last output is read.
          const exited = child.exitCode !== null || child.signalCode !== null ? [child.exitCode] : once(child, 'close')
          child.kill(signal)
          const [code] = await exited
          return code as number | null
        },
      }
    }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`The CLI did not start:\n${output}`)
}

/** Runs the command to its end (bounded by START_TIMEOUT_MS) and answers its exit code and both outputs. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<Ended> {
  const [node, argv] = command(args)
  return runToEnd(node, argv, { env: { ...process.env, ...env }, timeoutMs: START_TIMEOUT_MS })
}
