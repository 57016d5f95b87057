import { writeFile } from 'node:fs/promises'
import { PreflightError } from '../../contract-tests/lib/client/preflight.js'
import { startListener } from '../listener/listener.js'
import type { TwinFile } from '../profile/twin-file.js'
import { driftLines } from '../twin/drift.js'
import { formatChoices, formatReplay, formatSummary } from '../twin/format-choices.js'
import { learnTwin, type LearnedTwin } from '../twin/learn-twin.js'
import { replayTwin, type ReplayReport, type ServedTwin } from '../twin/replay.js'
import { readTwinArgs, TWIN_USAGE, TwinUsageError, type TwinRequest } from './twin-args.js'

/** Where the command writes: the table and the drift lines (stdout), and everything else (stderr). */
export interface TwinCommandIo {
  print?: (text: string) => void
  warn?: (text: string) => void
}

const NAME = 'ad-campaign-mock twin'

/**
 * `ad-campaign-mock twin`: learns a twin of a deployment into a file and prints the table of
 * choices (exit 0), or with --check learns again and prints one line per changed choice (exit 1
 * on any change). Unusable arguments, an unreachable deployment or a refused key: one line on
 * stderr, exit 2. Learning that broke midway: one line, exit 1 (what it created is deleted).
 * @example process.exitCode = await twinCommand(['--base-url', url, '--key', key, '--out', 'twin.json'])
 */
export async function twinCommand(args: readonly string[], io: TwinCommandIo = {}): Promise<number> {
  const { print = console.log, warn = console.error } = io
  let request: TwinRequest
  try {
    request = await readTwinArgs(args)
  } catch (error) {
    if (!(error instanceof TwinUsageError)) throw error
    warn(`${NAME}: ${error.message} (${NAME} --help lists the options)`)
    return 2
  }
  if (request.mode === 'help') {
    print(TWIN_USAGE)
    return 0
  }
  let learned: LearnedTwin
  try {
    const { baseUrl, key, key2 } = request
    learned = await learnTwin({
      baseUrl,
      key,
      ...(key2 === undefined ? {} : { key2 }),
      onProgress: warn,
      serve: serveTwin,
    })
  } catch (error) {
    if (error instanceof PreflightError) {
      warn(`${NAME}: ${error.message}`)
      return 2
    }
    // A LearningBroke says what the cleanup deleted; any other error came before the probes or after the cleanup.
    warn(`${NAME}: learning broke: ${(error as Error).message}`)
    return 1
  }
  if (learned.note) warn(`${NAME}: ${learned.note}`)
  const cost = `${learned.requests} requests in ${learned.seconds.toFixed(1)} s`
  if (request.mode === 'learn') {
    await writeFile(request.out, `${JSON.stringify(learned.twin, null, 2)}\n`)
    print(formatChoices(learned.twin.choices))
    print(`\n${formatSummary(learned.twin.choices)}`)
    if (learned.replay) print(formatReplay(learned.replay))
    print(`\n${cost}; twin written to ${request.out}`)
    return 0
  }
  const lines = driftLines(request.twin.choices, learned.twin.choices)
  for (const line of lines) print(line)
  // The file's twin, replayed against what the deployment answers now: a difference the new twin does not have is drift too.
  // Ids differ from one learning to the next, and so may the account: a difference is the same where it is, ids aside.
  const keyOf = ({ request, what }: { request: string; what: string }) => `${request.replace(/\d+/g, '#')} ${what}`
  const fresh = new Set((learned.replay?.differences ?? []).map(keyOf))
  const old = await replayTwin(request.twin, learned.sent, serveTwin, undefined, { lengths: false })
  const drifted = old.differences.filter((difference) => !fresh.has(keyOf(difference)))
  for (const difference of drifted) print(`${difference.request}: ${difference.what}`)
  const since = `since ${request.file} was learned (${request.twin.source.learned_at})`
  const changed = lines.length + drifted.length
  warn(
    changed === 0 ? `No choice changed ${since}; ${cost}` : `${changed} changed ${since}; ${replayLine(old)}; ${cost}`,
  )
  return changed === 0 ? 0 : 1
}

/** The replay's first line: `replayed N exchanges: M the same`. */
const replayLine = (report: ReplayReport) => formatReplay(report).split('\n')[0]

/** A twin on a free loopback port, quiet, for the replay. */
async function serveTwin(twin: TwinFile): Promise<ServedTwin> {
  const listener = await startListener({ twin, port: 0 })
  return { baseUrl: listener.baseUrl, adminUrl: `${listener.origin}/__admin`, close: () => listener.close() }
}
