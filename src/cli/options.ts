import type { TwinFile } from '../profile/twin-file.js'
import { parseTwinFile, TwinFileError } from '../surface/twin.js'
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type * as z from 'zod/mini'
import { fileProblem } from '../persistence/file-problem.js'
import type { ListenerOptions } from '../listener/listener.js'
import { REQUEST_LOG_FORMATS, type RequestLogFormat } from '../listener/request-log.js'
import { MAX_JOURNAL_SIZE } from '../domain/request-journal.js'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { FAULT_STATUSES, FaultSettings } from '../schemas/control-plane.js'
import { Dataset } from '../schemas/dataset.js'
import { profiledSchemas } from '../schemas/profiled.js'
import { faultFlags } from './fault-flags.js'
import { STORE_FLAGS, storeOptions } from './store-flags.js'
import { MAX_GENERATED_USERS } from './usage.js'

/** A mistake in how the command was called or in a file it was given: one line for the user, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** What the command line asks for. */
export interface CliOptions {
  help: boolean
  version: boolean
  /** The file --fixtures named (its dataset, read and checked, is in `listener.fixtures`). */
  fixturesFile?: string
  listener: Omit<ListenerOptions, 'requestLog'>
  /** The request log's format, or undefined with --quiet. */
  log: RequestLogFormat | undefined
  /** --outlive-parent: keep serving once the process that started the mock has exited (by default it stops then). */
  outliveParent: boolean
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  fixtures: { type: 'string' },
  twin: { type: 'string' },
  generate: { type: 'string' },
  seed: { type: 'string' },
  state: { type: 'string' },
  'admin-token': { type: 'string' },
  tiers: { type: 'string' },
  faults: { type: 'string' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
  'error-status': { type: 'string' },
  'error-route': { type: 'string' },
  'fault-seed': { type: 'string' },
  'journal-size': { type: 'string' },
  log: { type: 'string' },
  quiet: { type: 'boolean' },
  'outlive-parent': { type: 'boolean' },
  version: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...STORE_FLAGS,
} as const

/**
 * Reads the command line (and PORT, HOST) into listener options, reading and checking every
 * file named; any mistake is a UsageError whose message is one line saying what is wrong.
 * @example await parseCliArgs(['--port', '0', '--quiet'], process.env)
 */
export async function parseCliArgs(args: string[], env: Record<string, string | undefined>): Promise<CliOptions> {
  const values = readFlags(args)
  if (values.help || values.version)
    return { help: Boolean(values.help), version: !values.help, listener: {}, log: undefined, outliveParent: false }
  if (values.fixtures !== undefined && values.generate !== undefined)
    throw new UsageError('--fixtures and --generate cannot be used together')
  if (values.twin !== undefined && (values.fixtures !== undefined || values.generate !== undefined))
    throw new UsageError('--twin brings its own data: it cannot be used with --fixtures or --generate')
  if (values.seed !== undefined && values.generate === undefined)
    throw new UsageError('--seed only applies with --generate')
  if (values.state === '') throw new UsageError('--state needs a file name')
  if (values.quiet && values.log !== undefined) throw new UsageError('--quiet and --log cannot be used together')
  if (values.log !== undefined && !REQUEST_LOG_FORMATS.includes(values.log as RequestLogFormat)) {
    throw new UsageError(`--log must be ${REQUEST_LOG_FORMATS.join(' or ')}, got "${values.log}"`)
  }
  const store = usage(() => storeOptions(values))
  const [portName, portValue] = values.port !== undefined ? ['--port', values.port] : ['PORT', env.PORT]
  const fixtures =
    values.fixtures === undefined
      ? undefined
      : checked(
          Dataset,
          await readJsonFile('--fixtures', values.fixtures),
          `--fixtures ${values.fixtures} is not a valid dataset`,
        )
  const twin = values.twin === undefined ? undefined : twinFrom(values.twin, await readJsonFile('--twin', values.twin))
  const generate =
    values.generate === undefined
      ? undefined
      : {
          users: wholeNumber('--generate', values.generate, undefined, MAX_GENERATED_USERS, 1),
          seed: wholeNumber('--seed', values.seed, 1),
        }
  return {
    help: false,
    version: false,
    ...(values.fixtures === undefined ? {} : { fixturesFile: values.fixtures }),
    log: values.quiet ? undefined : ((values.log as RequestLogFormat | undefined) ?? 'text'),
    outliveParent: Boolean(values['outlive-parent']),
    listener: {
      port: wholeNumber(portName, portValue, 4010, 65_535),
      host: values.host ?? env.HOST ?? '127.0.0.1',
      fixtures,
      generate,
      twin,
      state: values.state === undefined ? undefined : { file: values.state },
      adminToken: values['admin-token'],
      tiers:
        values.tiers === undefined
          ? undefined
          : checked(
              // In the tier names of the profile served: a twin's own (`starter`) too.
              profiledSchemas(twin?.profile ?? DEFAULT_PROFILE).controls.TierOverrides,
              await readJsonFile('--tiers', values.tiers),
              `--tiers ${values.tiers} is not a valid tier table`,
            ),
      faults: await faultOptions(values),
      journalSize:
        values['journal-size'] === undefined
          ? undefined
          : wholeNumber('--journal-size', values['journal-size'], 1, MAX_JOURNAL_SIZE, 1),
      ...store,
    },
  }
}

/** What a flag's own checker refuses, as a usage mistake. */
function usage<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

type FlagValues = ReturnType<typeof readFlags>

/** The flags as strings; parseArgs' own errors (long, with a code) become one line naming the flag. */
function readFlags(args: string[]) {
  try {
    return parseArgs({ args: withNegativeValues(args), options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    const { code, message } = error as Error & { code?: string }
    const flag = /'(-[^' ]*(?:, )?-?-?[^' ]*)/.exec(message)?.[1]?.split(', ').at(-1)
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${flag ?? message}`)
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}: every option starts with --`)
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(
        OPTIONS[flag?.replace(/^--/, '') as keyof typeof OPTIONS]?.type === 'boolean'
          ? `${flag} takes no value`
          : `${flag} needs a value`,
      )
    }
    throw error
  }
}

/**
 * `--generate -3` as `--generate=-3`: parseArgs takes a value that starts with a dash for a flag of
 * its own, and would answer "needs a value" where the value is there, only out of range.
 */
function withNegativeValues(args: string[]): string[] {
  const joined: string[] = []
  for (const arg of args) {
    // The argument before, unless already joined to its value (then no option has its name).
    const flag = joined.at(-1)
    const takesValue = flag?.startsWith('--') && OPTIONS[flag.slice(2) as keyof typeof OPTIONS]?.type === 'string'
    if (takesValue && /^-\d/.test(arg)) joined[joined.length - 1] = `${flag}=${arg}`
    else joined.push(arg)
  }
  return joined
}

/** A whole number within bounds, from a flag or variable; `fallback` when it is absent. */
function wholeNumber(
  name: string,
  raw: string | undefined,
  fallback?: number,
  max = Number.MAX_SAFE_INTEGER,
  min = 0,
): number {
  if (raw === undefined || (raw === '' && fallback !== undefined)) {
    if (fallback === undefined) throw new UsageError(`${name} needs a value`)
    return fallback
  }
  const value = Number(raw)
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

/** The fault settings from --faults and the fault flags, checked with the schema createMockApi uses. */
async function faultOptions(values: FlagValues) {
  const file = values.faults === undefined ? undefined : await readJsonFile('--faults', values.faults)
  if (values.latency !== undefined && !/^\d+(-\d+)?$/.test(values.latency)) {
    throw new UsageError(`--latency must be milliseconds (200) or a range (100-500), got "${values.latency}"`)
  }
  if (values['error-rate'] !== undefined && !/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(values['error-rate'])) {
    throw new UsageError(`--error-rate must be a share from 0 to 1, got "${values['error-rate']}"`)
  }
  const status = values['error-status']
  if (status !== undefined && !FAULT_STATUSES.map(String).includes(status)) {
    throw new UsageError(`--error-status must be one of ${FAULT_STATUSES.join(', ')}, got "${status}"`)
  }
  if ((status !== undefined || values['error-route'] !== undefined) && values['error-rate'] === undefined) {
    throw new UsageError(`${status !== undefined ? '--error-status' : '--error-route'} only applies with --error-rate`)
  }
  const settings = faultFlags({
    file: file as never,
    latency: values.latency,
    errorRate: values['error-rate'],
    errorStatus: status,
    errorRoute: values['error-route'],
    seed:
      values['fault-seed'] === undefined
        ? undefined
        : String(wholeNumber('--fault-seed', values['fault-seed'], undefined, 2 ** 32 - 1)),
  })
  return (
    settings &&
    checked(
      FaultSettings,
      settings,
      values.faults === undefined
        ? 'the fault flags are not valid'
        : `--faults ${values.faults} (with the fault flags) is not valid`,
    )
  )
}

/** Reads a JSON file a flag names; a missing, unreadable or malformed one is a UsageError naming the flag and the file. */
export async function readJsonFile(flag: string, file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(`${flag} ${file}: ${fileProblem(error as NodeJS.ErrnoException)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    // V8 quotes the start of the text, line breaks and all: the message stays one line.
    throw new UsageError(`${flag} ${file} is not valid JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`)
  }
}

/** A twin file, checked whole (format, shape, consistency), or a UsageError in one line. */
function twinFrom(file: string, value: unknown): TwinFile {
  try {
    return parseTwinFile(value)
  } catch (error) {
    if (error instanceof TwinFileError) throw new UsageError(`--twin ${file} ${error.message}`)
    throw error
  }
}

/** A value that passes the schema, or a UsageError saying what it should have been and its first failing fields. */
function checked<S extends z.ZodMiniType>(schema: S, value: unknown, problem: string): z.input<S> {
  const result = schema.safeParse(value)
  if (result.success) return value as z.input<S>
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(the whole file)'}: ${issue.message}`)
  const more = result.error.issues.length > 3 ? ` (and ${result.error.issues.length - 3} more)` : ''
  throw new UsageError(`${problem}: ${issues.join('; ')}${more}`)
}
