import { writeFile } from 'node:fs/promises'
import { formatReport } from '../report/format-report.js'
import { toJUnitXml } from '../report/junit.js'
import { EXIT_CODES, exitCodeOf } from './exit-codes.js'
import { contractOptionsFromEnv, type EnvRun } from './options-from-env.js'
import { runContractSuite, type ContractSuiteResult } from './run-suite.js'

/**
 * A mock started for a run that names no deployment, by whoever runs the command (the library
 * never starts one: it imports nothing of the mock).
 */
export interface StartedMock {
  /** The API's base URL, ending with /api/v1. */
  baseUrl: string
  /** The mock's control plane, e.g. http://127.0.0.1:4010/__admin. */
  controlPlaneUrl: string
  close(): Promise<void>
}

/** How the command speaks: `npm run test:contract` in the repository, or the package's bin. */
export interface ContractCommandOptions {
  /** How the command is called, for its help text. */
  name?: string
  /** Where the report goes (default console.log) and where the notes for the operator go (default console.error). */
  print?: (text: string) => void
  warn?: (text: string) => void
}

/** What the arguments and the CONTRACT_* variables ask for: a run, or an answer already given (the help, or one line on a mistake) and its exit code. */
export type ContractCommand = { run: EnvRun } | { exitCode: number }

/** The command's help: every variable it reads and every exit code. */
export function contractUsage(name = 'npm run test:contract'): string {
  return `Usage: [CONTRACT_… variables] ${name}

Checks a deployment of the Advertising Campaign Service (or, with no CONTRACT_BASE_URL, the
mock, started on a free loopback port) against the OpenAPI document and the interface spec.

  CONTRACT_BASE_URL           the deployment, ending with /api/v1; unset, the mock is started
  CONTRACT_API_KEY            the key to test with (required with CONTRACT_BASE_URL)
  CONTRACT_API_KEY_2          a second account's key: checks it cannot see or touch the first one's data
  CONTRACT_OPENAPI            the document to judge against (default: the one shipped in the package)
  CONTRACT_PROFILE            spec, contract (default against a deployment) or all (default against the mock)
  CONTRACT_RATE_LIMIT=1       spend the key's per-minute quota to see a 429 (off against a deployment)
  CONTRACT_ALLOW_DESTRUCTIVE=1  also change the e-mail (restored after) and reset the key (new key on stderr)
  CONTRACT_REPORT             write JUnit XML to this file
  CONTRACT_CHECKS             comma-separated check names to run only
  CONTRACT_SKIP_CHECKS        comma-separated check names to leave out
  CONTRACT_MAX_REQUESTS       request budget (default 800)

Exit codes: 0 PASSED (everything promised ran and held), 1 FAILED (a finding, or the run broke),
2 the run could not start (unusable variables, unreachable, key refused), 3 INCONCLUSIVE
(nothing failed, but something promised was not exercised).`
}

/**
 * Reads the command as `npm run test:contract` and `ad-campaign-mock contract` take it: `--help`
 * prints every variable and exit code (exit 0); any other argument, or a CONTRACT_* variable it
 * cannot use, is one line on stderr (exit 2). Otherwise the run the variables ask for. Starts and
 * sends nothing.
 * @example const command = readContractCommand(process.argv.slice(2), process.env)
 */
export function readContractCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: ContractCommandOptions = {},
): ContractCommand {
  const { name = 'npm run test:contract', print = console.log, warn = console.error } = options
  const [first] = args
  if (args.length === 1 && (first === '--help' || first === '-h')) {
    print(contractUsage(name))
    return { exitCode: EXIT_CODES.PASSED }
  }
  if (args.length > 0) {
    warn(
      `${name}: unexpected argument ${first}: the run is configured by CONTRACT_* variables (${name} --help lists them)`,
    )
    return { exitCode: EXIT_CODES.UNUSABLE }
  }
  try {
    return { run: contractOptionsFromEnv(env) }
  } catch (error) {
    return { exitCode: unusable(error, warn) }
  }
}

/**
 * Runs what readContractCommand read: checks the deployment CONTRACT_BASE_URL names or, when it
 * names none, `mock`, the mock the caller is starting (closed after the run); prints the report,
 * writes the JUnit file, and answers the exit code (run/exit-codes.ts). A deployment that cannot
 * be reached, a refused key or a mock that would not start is one line on stderr and exit 2.
 * @example process.exitCode = await runContractCommand(command.run, { mock: startMock() })
 */
export async function runContractCommand(
  run: EnvRun,
  options: ContractCommandOptions & { mock?: Promise<StartedMock> } = {},
): Promise<number> {
  const { print = console.log, warn = console.error, mock } = options
  try {
    const result = await runAgainst(run, mock, warn)
    print(formatReport(result))
    if (run.reportPath) {
      await writeFile(run.reportPath, toJUnitXml(result))
      print(`JUnit report: ${run.reportPath}`)
    }
    if (result.rotatedApiKey) {
      // The old key no longer works; without this line the operator would lose access.
      warn(`\nThe API key was reset (CONTRACT_ALLOW_DESTRUCTIVE=1). The new key: ${result.rotatedApiKey}`)
    }
    return exitCodeOf(result.verdict)
  } catch (error) {
    return unusable(error, warn)
  }
}

/** The suite against the deployment the variables name, or against the mock handed down. */
async function runAgainst(
  { options: fromEnv }: EnvRun,
  mock: Promise<StartedMock> | undefined,
  warn: (text: string) => void,
): Promise<ContractSuiteResult> {
  // A real wait for a rate-limit window is announced on stderr, with its length.
  const options = { ...fromEnv, onProgress: warn }
  if (options.baseUrl) return runContractSuite({ ...options, baseUrl: options.baseUrl })
  if (!mock) throw new Error('no deployment to check: set CONTRACT_BASE_URL (and CONTRACT_API_KEY)')
  const started = await mock
  try {
    return await runContractSuite({
      ...options,
      baseUrl: started.baseUrl,
      controlPlane: { url: started.controlPlaneUrl },
    })
  } finally {
    await started.close()
  }
}

/** A run that could not start: one line on stderr, and its exit code. */
function unusable(error: unknown, warn: (text: string) => void): number {
  warn(`contract suite: ${(error as Error).message}`)
  return EXIT_CODES.UNUSABLE
}
