import { spawn, type ChildProcess } from 'node:child_process'

// The recipe for starting the mock from another process (a Playwright or Cypress global setup, a
// test runner in another language, a script) and stopping it with nothing left behind: `npx` runs
// in a process group of its own, and stopping signals the whole group, so npx, the shell it starts
// and the mock itself all get SIGTERM at once. (The mock also stops by itself within a second once
// the process that started it is gone, unless it was given --outlive-parent: docs/harness.md.)

/** A mock started as its own process: where it serves, and how to stop it. */
export interface StartedMock {
  /** The API's base URL, read from the banner, e.g. `http://127.0.0.1:41234/api/v1`. */
  apiUrl: string
  /** The control plane's base URL, e.g. `http://127.0.0.1:41234/__admin`. */
  adminUrl: string
  /** The `npx` process, the leader of the group. */
  child: ChildProcess
  /** SIGTERM to the whole group (SIGKILL after 5 s); resolves once npx has exited. */
  stop(): Promise<void>
}

/**
 * Starts `npx ad-campaign-mock --port 0 --quiet` (and the flags given) in its own process group,
 * and resolves once the banner says where it listens.
 * @example const mock = await startMock(['--fixtures', 'e2e/data.json']); try { … } finally { await mock.stop() }
 */
export function startMock(flags: string[] = [], { cwd = process.cwd() } = {}): Promise<StartedMock> {
  const child = spawn('npx', ['ad-campaign-mock', '--port', '0', '--quiet', ...flags], {
    cwd,
    detached: true, // a process group of its own, led by npx: what stop() signals
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal) // a negative pid: every process of the group
    } catch {
      // The group has gone already.
    }
  }
  const stop = async () => {
    signalGroup('SIGTERM')
    const kill = setTimeout(() => signalGroup('SIGKILL'), 5_000)
    await exited
    clearTimeout(kill)
  }
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`The mock did not start in 30 s:\n${output}`))
    }, 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const apiUrl = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)?.[1]
      if (!apiUrl) return
      clearTimeout(timer)
      child.stdout!.removeAllListeners('data').resume() // keep reading, so the mock never blocks on a full pipe
      resolve({ apiUrl, adminUrl: apiUrl.replace(/\/api\/v1$/, '/__admin'), child, stop })
    })
    void exited.then(() => reject(new Error(`The mock exited before it listened:\n${output}`)))
  })
}
