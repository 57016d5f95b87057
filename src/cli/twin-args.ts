import { access, constants, readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { TWIN_FORMAT, TwinFile } from '../profile/twin-file.js'

/** What `ad-campaign-mock twin` was asked: learn into a file, or check a file for drift. */
export type TwinRequest =
  | { mode: 'help' }
  | { mode: 'learn'; baseUrl: string; key: string; key2?: string; out: string }
  | { mode: 'check'; baseUrl: string; key: string; key2?: string; file: string; twin: TwinFile }

/** The command's help: its two forms, every option and the exit codes. */
export const TWIN_USAGE = `Usage: ad-campaign-mock twin --base-url <url> --key <key> [--key2 <key>] --out <file>
       ad-campaign-mock twin --check <file> --base-url <url> --key <key> [--key2 <key>]

Learns a twin of a deployment: every choice the interface spec leaves open (error codes and
bodies, statuses, rate-limit headers and tiers, page sizes and order, deletes, extra fields, input
bounds, timestamps), each with its evidence, the account as it is, and the document. It probes with
the contract suite's client and manners: at most a few hundred requests, Retry-After and the
rate-limit headers honoured, only resources of its own (titled "[contract <run id>] …"), all
deleted at the end; no key reset, no PATCH /user, no 429 provoked. The live keys are never written:
the twin's user gets a key of its own.

  --base-url <url>   the deployment, ending with /api/v1
  --key <key>        the account's API key
  --key2 <key>       a second account's key: also learns what another account's resource answers
  --out <file>       where to write the twin file (JSON); the table of choices goes to stdout
  --check <file>     learn again and print what changed since that file, one line per choice
                     (give the same keys it was learned with); writes nothing
  -h, --help         show this help

Exit codes: 0 the file is written (--check: nothing changed), 1 learning broke midway (what it
created is still deleted; --check: a choice changed), 2 unusable arguments, the deployment
unreachable or a key refused (one line on stderr, within seconds).`

/** An argument the command cannot use: one line, exit 2. */
export class TwinUsageError extends Error {
  override readonly name = 'TwinUsageError'
}

/**
 * Reads the command's arguments, and the --check file: the request, or a TwinUsageError naming
 * what is wrong. Sends nothing.
 * @example await readTwinArgs(['--base-url', url, '--key', key, '--out', 'twin.json'])
 */
export async function readTwinArgs(args: readonly string[]): Promise<TwinRequest> {
  const { values, positionals } = parse(args)
  if (values.help) return { mode: 'help' }
  if (positionals.length > 0) throw new TwinUsageError(`unexpected argument ${positionals[0]}`)
  const baseUrl = required(values['base-url'], '--base-url')
  if (!/^https?:$/.test(safeUrl(baseUrl)?.protocol ?? ''))
    throw new TwinUsageError(`--base-url must be an http(s) URL ending with /api/v1, got "${baseUrl}"`)
  const key = required(values.key, '--key')
  const key2 = values.key2 === undefined ? undefined : required(values.key2, '--key2')
  const keys = { baseUrl, key, ...(key2 === undefined ? {} : { key2 }) }
  if (values.check !== undefined) {
    if (values.out !== undefined) throw new TwinUsageError('--check compares and writes nothing: leave out --out')
    return { mode: 'check', ...keys, file: values.check, twin: await readTwinFile(values.check) }
  }
  const out = required(values.out, '--out')
  await access(dirname(resolve(out)), constants.W_OK).catch(() => {
    throw new TwinUsageError(`--out ${out}: cannot write in ${dirname(resolve(out))}`)
  })
  return { mode: 'learn', ...keys, out }
}

/** A twin file, read and checked against its format: one line saying what is wrong otherwise. */
export async function readTwinFile(file: string): Promise<TwinFile> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new TwinUsageError(`--check ${file}: cannot read it (${error.code ?? error.message})`)
  })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new TwinUsageError(`--check ${file}: not JSON (${(error as Error).message})`)
  }
  const format = (json as { format?: unknown } | null)?.format
  if (format !== TWIN_FORMAT)
    throw new TwinUsageError(
      `--check ${file}: not a twin file of format ${TWIN_FORMAT} (its format: ${String(format)})`,
    )
  const twin = TwinFile.safeParse(json)
  if (!twin.success) {
    const issue = twin.error.issues[0]
    throw new TwinUsageError(`--check ${file}: not a valid twin file (${issue?.path.join('.')}: ${issue?.message})`)
  }
  return twin.data
}

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: {
        'base-url': { type: 'string' },
        key: { type: 'string' },
        key2: { type: 'string' },
        out: { type: 'string' },
        check: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    // parseArgs says e.g. "Unknown option '--bogus'. To specify a positional argument starting with a '-', …": its first sentence.
    throw new TwinUsageError(((error as Error).message.split('. ')[0] ?? '').replace(/\.$/, ''))
  }
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new TwinUsageError(`${name} is required`)
  return value
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
