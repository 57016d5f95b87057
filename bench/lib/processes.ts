import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { cpus } from 'node:os'
import { readdirSync, readFileSync } from 'node:fs'

/** Which CPU runs what: servers on one, the load generator on the other, when the machine allows. */
export interface Pinning {
  serverCpu: number | undefined
  loadCpu: number | undefined
  description: string
}

/** Pins servers to CPU 0 and load generators to CPU 1 when `taskset` exists and there are two CPUs or more. */
export function detectPinning(): Pinning {
  const hasTaskset = spawnSync('taskset', ['--version']).status === 0
  if (!hasTaskset) return { serverCpu: undefined, loadCpu: undefined, description: 'none (no taskset on PATH)' }
  if (cpus().length < 2) return { serverCpu: undefined, loadCpu: undefined, description: 'none (one CPU)' }
  return {
    serverCpu: 0,
    loadCpu: 1,
    description: 'servers and in-process mocks on CPU 0, the load generator (autocannon) on CPU 1 (taskset -a -p)',
  }
}

/** Pins every thread of a running process to one CPU; threads it starts later inherit that. */
export function pin(pid: number | undefined, cpu: number | undefined): void {
  if (pid === undefined || cpu === undefined) return
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)])
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid}: ${result.stderr}`)
}

/** Every process the bench started and has not stopped, and whether it leads a process group. */
const started = new Map<ChildProcess, boolean>()

/** Stops every process the bench started and has not stopped yet (on exit, error or Ctrl+C). */
export function stopAll(): void {
  for (const [child, group] of started) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue
    try {
      if (group) process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
    } catch {
      // Already gone.
    }
  }
  started.clear()
}
process.once('exit', stopAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll()
    process.exit(130)
  })
}

/** A process and every process below it, from /proc (Linux); just the process elsewhere. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        // `pid (comm) state ppid …`: the command may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
      } catch {
        // Gone since the directory was read.
      }
    }
  } catch {
    return [pid]
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []))
  return tree
}

/** Sends a signal to a process and every process below it (SIGSTOP to pause a server, SIGCONT to resume it). */
export function signalTree(pid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const each of processTree(pid)) {
    try {
      process.kill(each, signal)
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs `run` with one target alone on the servers' CPU: every other server (`pids`, by target) is
 * paused with the processes below it for the run, and resumed after. Idle servers are not idle: a
 * JVM compiles and collects, and WireMock with its journal on collects a heap that grows with every
 * request it took; on one shared CPU that work would land on whichever target is being loaded.
 */
export async function aloneOnItsCpu<T>(
  pids: Readonly<Record<string, number | undefined>>,
  target: string,
  run: () => Promise<T>,
): Promise<T> {
  for (const [name, pid] of Object.entries(pids)) if (pid && name !== target) signalTree(pid, 'SIGSTOP')
  try {
    return await run()
  } finally {
    resumeAll(pids)
  }
}

/** Resumes every server (a paused one would not stop on SIGTERM). */
export function resumeAll(pids: Readonly<Record<string, number | undefined>>): void {
  for (const pid of Object.values(pids)) if (pid) signalTree(pid, 'SIGCONT')
}

/** A TypeScript worker in its own process, asked one thing at a time over IPC. */
export interface Worker {
  readonly pid: number
  /** Sends a message and resolves with the worker's reply (an `{ error }` reply rejects). */
  ask<T>(message: unknown): Promise<T>
  stop(): Promise<void>
}

/**
 * Forks a worker script under tsx, pinned to `cpu`, and waits for its first message (its
 * "ready" report, resolved as `ready`).
 */
export async function startWorker<R>(
  script: string,
  args: string[],
  { cpu, execArgv = [] }: { cpu?: number; execArgv?: string[] },
): Promise<{ worker: Worker; ready: R }> {
  const child = fork(script, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  started.set(child, false)
  pin(child.pid, cpu)
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${script} exited (code ${code}) before it answered`)
  })
  exited.catch(() => undefined)
  const reply = <T>() =>
    Promise.race([once(child, 'message').then(([message]) => message as T | { error: string }), exited])
  const check = <T>(message: T | { error: string }): T => {
    if (message && typeof message === 'object' && 'error' in message) throw new Error(`${script}: ${message.error}`)
    return message as T
  }
  const ready = check(await reply<R>())
  return {
    ready,
    worker: {
      pid: child.pid!,
      async ask<T>(message: unknown) {
        child.send(message as object)
        return check(await reply<T>())
      },
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM')
          await once(child, 'exit')
        }
        started.delete(child)
      },
    },
  }
}

/** A process started from a command line, pinned to `cpu`; its output is dropped unless `onOutput` is given. */
export function startProcess(
  command: string,
  args: string[],
  {
    cpu,
    cwd,
    onOutput,
    detached = false,
  }: { cpu?: number; cwd?: string; onOutput?: (text: string) => void; detached?: boolean },
): ChildProcess {
  const [file, fileArgs] = cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]]
  const child = spawn(file, fileArgs, {
    cwd,
    detached,
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', onOutput ? 'pipe' : 'ignore'],
  })
  started.set(child, detached)
  child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()))
  return child
}

/** Stops a process started here (and, when it leads a process group, the whole group: npm → sh → node). */
export async function stopProcess(child: ChildProcess, { group = false } = {}): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit')
    if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
    else child.kill('SIGTERM')
    await exited
  }
  started.delete(child)
}

/** Polls a URL until it answers `status` (default 200) or `timeoutMs` passes; resolves with the body. */
export async function waitForStatus(
  url: string,
  {
    headers = {},
    method = 'GET',
    status = 200,
    timeoutMs = 60_000,
    intervalMs = 20,
  }: {
    headers?: Record<string, string>
    method?: string
    status?: number
    timeoutMs?: number
    intervalMs?: number
  } = {},
): Promise<Buffer> {
  const deadline = performance.now() + timeoutMs
  let last = 'no answer'
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url, { method, headers })
      const body = Buffer.from(await response.arrayBuffer())
      if (response.status === status) return body
      last = `status ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`)
}
