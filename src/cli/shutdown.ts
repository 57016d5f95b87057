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

/**
 * On SIGINT or SIGTERM: stops accepting, lets requests in flight finish (at most `graceMs`), saves
 * the state file, exits 0. The same signal again within `repeatWindowMs` is that one delivered
 * twice and is ignored; any signal after that cuts what is still in flight.
 * @example stopOnSignals(listener)
 */
export function stopOnSignals(listener: Listener, options: ShutdownOptions = {}): void {
  const {
    signals = process,
    graceMs = SHUTDOWN_GRACE_MS,
    repeatWindowMs = REPEAT_WINDOW_MS,
    now = () => performance.now(),
  } = options
  const { log = (line: string) => console.error(line), exit = exitOnceWritten } = options
  let first: { signal: string; at: number } | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    const at = now()
    if (first) {
      if (signal === first.signal && at - first.at < repeatWindowMs) return
      listener.server.closeAllConnections()
      return
    }
    first = { signal, at }
    const pending = listener.inFlight
    const again = signal === 'SIGINT' ? 'Ctrl+C' : signal
    const waiting =
      pending > 0
        ? `: finishing ${pending} request${pending === 1 ? '' : 's'} in flight (at most ${graceMs / 1000} s; ${again} again to stop at once)`
        : ''
    log(`\n${signal} received, closing the listener${waiting}.`)
    void listener.close({ graceMs }).then(
      () => exit(0),
      (error: Error) => {
        log(`ad-campaign-mock: could not close cleanly: ${error.message}`)
        exit(1)
      },
    )
  }
  signals.on('SIGINT', onSignal)
  signals.on('SIGTERM', onSignal)
}

/**
 * Exits once what was written to standard output and error has left the process: to a pipe, Node
 * writes asynchronously, and `process.exit` would drop the request log's last lines.
 */
function exitOnceWritten(code: number): void {
  const written = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()))
  void Promise.all([written(process.stdout), written(process.stderr)]).then(() => process.exit(code))
}
