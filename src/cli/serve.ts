import { PACKAGE_VERSION } from '../domain/package-version.js'
import { banner } from './banner.js'
import { fail, startFailure, type StartError } from './fail.js'
import { parseCliArgs, UsageError } from './options.js'
import { watchParent } from './parent-watch.js'
import { stopOnSignals } from './shutdown.js'
import { USAGE } from './usage.js'

/**
 * `ad-campaign-mock [options]`: flags -> startListener -> the banner; Ctrl+C, SIGTERM or the exit
 * of the process that started it (`parent`, read first thing) drains and exits 0, unless
 * --outlive-parent. Every mistake is one line on standard error and exit 2.
 * @example await serve(['--port', '0'])
 */
export async function serve(args: string[], parent = process.ppid): Promise<void> {
  const options = await parseCliArgs(args, process.env).catch((error: unknown) => {
    if (error instanceof UsageError) fail(error.message)
    throw error
  })
  if (options.help || options.version) {
    console.log(options.help ? USAGE : PACKAGE_VERSION)
    process.exit(0)
  }
  const { listener: listenerOptions, log } = options
  // Loaded once the flags hold: a mistake on the command line is answered without loading the mock.
  const { startListener } = await import('../listener/listener.js')
  const listener = await startListener({ ...listenerOptions, requestLog: log ? { format: log } : false }).catch(
    (error: StartError) => startFailure(error, listenerOptions),
  )
  // Before the banner: a client that waits for the banner and then signals must find the handlers in place.
  const stop = stopOnSignals(listener)
  if (!options.outliveParent)
    watchParent(parent, (pid) => {
      // The parent may have closed the pipes of our output as it went: a write there must not end the shutdown.
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})
      stop(`parent ${pid}`)
    })
  // With --log json, standard output carries only the log's JSON lines: the banner goes to standard error.
  const print = log === 'json' ? console.error : console.log
  print(banner(listener, { fixturesFile: options.fixturesFile, generate: listenerOptions.generate }, log))
}
