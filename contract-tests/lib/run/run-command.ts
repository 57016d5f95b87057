import { writeFile } from 'node:fs/promises'
import { formatReport } from '../report/format-report.js'
import { toJUnitXml } from '../report/junit.js'
import { EXIT_CODES, exitCodeOf } from './exit-codes.js'
import { contractOptionsFromEnv } from './options-from-env.js'
import { runContractSuite, type ContractSuiteResult } from './run-suite.js'

/** A mock started for a run that names no deployment (the library never starts one itself: it imports nothing of the mock). */
export interface StartedMock {
  /** The API's base URL, ending with /api/v1. */
  baseUrl: string
  /** The mock's control plane, e.g. http://127.0.0.1:4010/__admin. */
  controlPlaneUrl: string
  close(): Promise<void>
}

/** What the command needs from whoever runs it: `npm run test:contract` in the repository, or the package's bin. */
export interface ContractCommandOptions {
  /** Starts the mock when CONTRACT_BASE_URL is unset. */
  startMock: () => Promise<StartedMock>
  /** How the command is called, for its help text. */
  name?: string
  /** Where the report goes (default console.log) and where the notes for the operator go (default console.error). */
  print?: (text: string) => void
  warn?: (text: string) => void
}

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
 * Runs the contract suite as `npm run test:contract` and `ad-campaign-mock contract` do: reads the
 * CONTRACT_* variables, checks the deployment they name (or a mock it starts), prints the report,
 * writes the JUnit file, and answers the exit code (lib/exit-codes.ts). A mistake in the variables,
 * an unreachable deployment or a refused key is one line on stderr and exit 2.
 * @example process.exitCode = await runContractCommand(process.argv.slice(2), process.env, { startMock })
 */
export async function runContractCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: ContractCommandOptions,
): Promise<number> {
  const { name = 'npm run test:contract', print = console.log, warn = console.error } = options
  if (args.length === 1 && ['--help', '-h'].includes(args[0]!)) {
    print(contractUsage(name))
    return EXIT_CODES.PASSED
  }
  if (args.length > 0) {
    warn(
      `${name}: unexpected argument ${args[0]}: the run is configured by CONTRACT_* variables (${name} --help lists them)`,
    )
    return EXIT_CODES.UNUSABLE
  }
  try {
    return await run(env, options, print, warn)
  } catch (error) {
    warn(`contract suite: ${(error as Error).message}`)
    return EXIT_CODES.UNUSABLE
  }
}

async function run(
  env: Record<string, string | undefined>,
  { startMock }: ContractCommandOptions,
  print: (text: string) => void,
  warn: (text: string) => void,
) {
  const fromEnv = contractOptionsFromEnv(env)
  const reportPath = fromEnv.reportPath
  // A real wait for a rate-limit window is announced on stderr, with its length.
  const options = { ...fromEnv.options, onProgress: warn }
  let result: ContractSuiteResult
  if (options.baseUrl) {
    result = await runContractSuite({ ...options, baseUrl: options.baseUrl })
  } else {
    const mock = await startMock()
    try {
      result = await runContractSuite({
        ...options,
        baseUrl: mock.baseUrl,
        controlPlane: { url: mock.controlPlaneUrl },
      })
    } finally {
      await mock.close()
    }
  }
  print(formatReport(result))
  if (reportPath) {
    await writeFile(reportPath, toJUnitXml(result))
    print(`JUnit report: ${reportPath}`)
  }
  if (result.rotatedApiKey) {
    // The old key no longer works; without this line the operator would lose access.
    warn(`\nThe API key was reset (CONTRACT_ALLOW_DESTRUCTIVE=1). The new key: ${result.rotatedApiKey}`)
  }
  return exitCodeOf(result.verdict)
}
