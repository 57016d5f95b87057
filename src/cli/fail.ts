import type { ListenerOptions } from '../listener/listener.js'
import { USAGE_HINT } from './usage.js'

/** An error from starting the listener, with what createMockApi or Node adds to it. */
export type StartError = Error & { code?: string; fields?: { field: string; message: string }[] }

/**
 * Stops with one line on standard error saying what is wrong (for a usage mistake, ending with where
 * the options are) and exit code 2: no stack trace.
 * @example fail('--port must be a whole number from 0 to 65535, got "abc"')
 */
export function fail(message: string, hint = true): never {
  const sentence = hint ? `${message}${/[.!?]$/.test(message) ? '' : '.'} ${USAGE_HINT}` : message
  console.error(`ad-campaign-mock: ${sentence}`)
  process.exit(2)
}

/** Why the listener did not start, in one line: a port in use, an address not ours, or options createMockApi refused. */
export function startFailure(error: StartError, { port, host }: Pick<ListenerOptions, 'port' | 'host'>): never {
  const where = `${host}:${port}`
  if (error.code === 'EADDRINUSE')
    fail(
      `port ${port} on ${host} is already in use: stop what holds it, or pick another port with --port <n> (0 picks a free one)`,
      false,
    )
  if (error.code === 'EADDRNOTAVAIL')
    fail(`cannot listen on ${where}: ${host} is not an address of this machine`, false)
  if (error.code === 'EACCES')
    fail(`cannot listen on ${where}: permission denied (ports below 1024 need privileges)`, false)
  // A store that cannot be used (unreachable, another format's data): nothing was written there.
  if (error.name === 'StoreError') fail(error.message, false)
  // There was no state file, and none could be made: nothing to repair, nothing was written.
  if (error.name === 'SnapshotError' && (error as { problem?: string }).problem === 'uncreatable')
    fail(`${error.message}. Create it first, or pass --state a file in a directory that exists.`, false)
  // A state file that cannot be loaded is left exactly as it was.
  if (error.name === 'SnapshotError')
    fail(`${error.message}. The file was left as it is: repair or remove it, or pass another --state file.`, false)
  const fields = error.fields
    ?.filter(({ message }) => !error.message.includes(message))
    .map(({ field, message }) => `${field} ${message}`)
  fail(`${error.message}${fields?.length ? ` (${fields.join('; ')})` : ''}`)
}
