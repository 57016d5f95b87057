import type { Listener } from '../listener/listener.js'

/** How long SIGTERM or Ctrl+C lets requests in flight finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000

/**
 * How close together two of the same signal count as one. A terminal's Ctrl+C signals the whole
 * process group, and npm (and tsx) pass it on to their child as well, so `npm start` receives each
 * Ctrl+C twice: measured under 1 ms apart through npm, 35 ms through tsx. A person's second Ctrl+C,
 * meant to cut what is in flight, comes after reading the first one's line.
 */
export const REPEAT_WINDOW_MS = 1_000

/** What the shutdown needs from its surroundings (the real process by default; a test passes its own). */
export interface ShutdownOptions {
  /** Where the signals come from. */
  signals?: Pick<NodeJS.Process, 'on'>
  graceMs?: number
  repeatWindowMs?: number
  now?: () => number
  log?: (line: string) => void
  exit?: (code: number) => void
}

/** What stopped the mock: a signal, or its parent's exit (`parent 4242`), as the stop line names it. */
export type StopCause = NodeJS.Signals | `parent ${number}`

/**
 * On SIGINT or SIGTERM: stops accepting, lets requests in flight finish (at most `graceMs`), saves
 * the state file, exits 0. The same signal again within `repeatWindowMs` is that one delivered
 * twice and is ignored; any signal after that cuts what is still in flight. Answers the same stop
 * for other causes: the parent's exit (parent-watch.ts) stops the mock as SIGTERM would.
 * @example const stop = stopOnSignals(listener); stop(`parent ${process.ppid}`) // as when the parent has gone
 */
export function stopOnSignals(listener: Listener, options: ShutdownOptions = {}): (cause: StopCause) => void {
  const {
    signals = process,
    graceMs = SHUTDOWN_GRACE_MS,
    repeatWindowMs = REPEAT_WINDOW_MS,
    now = () => performance.now(),
  } = options
  const { log = (line: string) => console.error(line), exit = exitOnceWritten } = options
  let first: { cause: StopCause; at: number } | undefined
  const stop = (cause: StopCause) => {
    const at = now()
    if (first) {
      if (cause === first.cause && at - first.at < repeatWindowMs) return
      listener.server.closeAllConnections()
      return
    }
    first = { cause, at }
    const pending = listener.inFlight
    const again = cause === 'SIGINT' ? 'Ctrl+C again' : cause === 'SIGTERM' ? 'SIGTERM again' : 'SIGTERM'
    const waiting =
      pending > 0
        ? `: finishing ${pending} request${pending === 1 ? '' : 's'} in flight (at most ${graceMs / 1000} s; ${again} to stop at once)`
        : ''
    const what = cause.startsWith('parent ')
      ? `The process that started the mock (${cause.replace('parent', 'pid')}) has exited`
      : `${cause} received`
    log(`\n${what}, closing the listener${waiting}.`)
    void listener.close({ graceMs }).then(
      () => exit(0),
      (error: Error) => {
        log(`ad-campaign-mock: could not close cleanly: ${error.message}`)
        exit(1)
      },
    )
  }
  signals.on('SIGINT', stop)
  signals.on('SIGTERM', stop)
  return stop
}

/**
 * Exits once what was written to standard output and error has left the process: to a pipe, Node
 * writes asynchronously, and `process.exit` would drop the request log's last lines.
 */
function exitOnceWritten(code: number): void {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()))
  void Promise.all([written(process.stdout), written(process.stderr)]).then(() => process.exit(code))
}
