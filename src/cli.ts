#!/usr/bin/env node
import { parseCliArgs, USAGE, USAGE_HINT, UsageError } from './adapters/cli-options.js'
import { startListener, type Listener, type ListenerOptions } from './adapters/express.js'
import { demoApiKey } from './store/fixtures.js'

/** How long SIGTERM or Ctrl+C lets requests in flight finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000

type StartError = Error & { code?: string; fields?: { field: string; message: string }[] }

/** Stops with one line saying what is wrong (and, for a usage mistake, where the options are): no stack trace. */
function fail(message: string, hint = true): never {
  console.error(`ad-campaign-mock: ${message}${hint ? `\n${USAGE_HINT}` : ''}`)
  process.exit(2)
}

/** Why the listener did not start, in one line: a port in use, an address not ours, or options createMockApi refused. */
function startFailure(error: StartError, { port, host }: ListenerOptions): never {
  const where = `${host}:${port}`
  if (error.code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use: stop what holds it, or pick another port with --port <n> (0 picks a free one)`, false)
  if (error.code === 'EADDRNOTAVAIL') fail(`cannot listen on ${where}: ${host} is not an address of this machine`, false)
  if (error.code === 'EACCES') fail(`cannot listen on ${where}: permission denied (ports below 1024 need privileges)`, false)
  // A state file that cannot be loaded is left exactly as it was.
  if (error.name === 'SnapshotError') fail(`${error.message}. The file was left as it is: repair or remove it, or pass another --state file.`, false)
  const fields = error.fields?.filter(({ message }) => !error.message.includes(message)).map(({ field, message }) => `${field} ${message}`)
  fail(`${error.message}${fields?.length ? ` (${fields.join('; ')})` : ''}`)
}

let stopping = false
/** Stops accepting, lets requests in flight finish (bounded), then exits 0; a second signal cuts them. */
async function shutdown(listener: Listener, signal: string): Promise<void> {
  if (stopping) {
    listener.server.closeAllConnections()
    return
  }
  stopping = true
  const pending = listener.inFlight
  const waiting = pending > 0 ? `: finishing ${pending} request${pending === 1 ? '' : 's'} in flight (at most ${SHUTDOWN_GRACE_MS / 1000} s; ${signal} again to stop at once)` : ''
  console.error(`\n${signal} received, closing the listener${waiting}.`)
  await listener.close({ graceMs: SHUTDOWN_GRACE_MS })
  process.exit(0)
}

const options = await parseCliArgs(process.argv.slice(2), process.env).catch((error: unknown) => {
  if (error instanceof UsageError) fail(error.message)
  throw error
})
if (options.help) {
  console.log(USAGE)
  process.exit(0)
}

const listener = await startListener({ ...options.listener, requestLog: options.log ? { format: options.log } : false }).catch((error: StartError) =>
  startFailure(error, options.listener),
)
// Before the banner: a client that waits for the banner and then signals must find the handlers in place.
process.on('SIGINT', () => void shutdown(listener, 'SIGINT'))
process.on('SIGTERM', () => void shutdown(listener, 'SIGTERM'))

const apiKey = demoApiKey(listener.api.context.fixtures)
const logLine = options.log && `  Request log:         one ${options.log === 'json' ? 'JSON object' : 'line'} per request on standard output (--quiet turns it off)\n`
// With --log json, standard output carries only the log's JSON lines: the banner goes to standard error.
const banner = options.log === 'json' ? console.error : console.log
banner(`Advertising Campaign Service mock listening on ${listener.baseUrl}

  API key (demo user): ${apiKey ?? '(the dataset has no users)'}
  Try it:              curl -H "Authorization: ${apiKey}" ${listener.baseUrl}/campaigns
  Docs (Swagger UI):   ${listener.origin}/docs
  Control plane:       ${listener.origin}/__admin (users, topups, deliveries, clock, faults, requests, state: see docs/control-plane.md)
${logLine || ''}
Press Ctrl+C to stop.`)
