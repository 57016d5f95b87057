import { spawn } from 'node:child_process'

/** The independent server running as a process of its own. */
export interface ServerProcess {
  /** e.g. http://127.0.0.1:51234/api/v1 */
  baseUrl: string
  stop(): void
}

/**
 * Starts contract-tests/independent-server/main.ts as its own process with these arguments and
 * resolves once it prints its URL (within 20 s); `stop` ends it (so does the end of this process).
 * `--style NAME` (or INDEPENDENT_STYLE in this process's environment, which the child inherits)
 * starts one of the corpus's house styles.
 * @example const server = await startServerProcess(['--keys', 'k1,k2', '--style', 'rails']); server.stop()
 */
export function startServerProcess(args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'contract-tests/independent-server/main.ts', ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the independent server did not start within 20 s')), 20_000)
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk)
      const match = /INDEPENDENT_SERVER_URL=(\S+)/.exec(output)
      if (!match?.[1]) return
      clearTimeout(timer)
      resolve({ baseUrl: match[1], stop: () => child.kill('SIGTERM') })
    })
    child.on('exit', (code) => reject(new Error(`the independent server exited with ${code} before it listened`)))
  })
}
