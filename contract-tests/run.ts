import { writeFile } from 'node:fs/promises'
import { EXIT_CODES, exitCodeOf } from './lib/exit-codes.js'
import { contractOptionsFromEnv } from './lib/options-from-env.js'
import { formatReport } from './lib/report/format-report.js'
import { toJUnitXml } from './lib/report/junit.js'
import { runContractSuite, type ContractSuiteResult } from './lib/run-suite.js'

// npm run test:contract: with CONTRACT_BASE_URL, checks that deployment; without, starts the
// standalone mock on a free loopback port and checks it (control plane on, profile all).
// Exit code (lib/exit-codes.ts): 0 passed, 1 failed, 2 the run could not start (variables,
// unreachable, key refused: one line on stderr), 3 inconclusive.
async function main(): Promise<number> {
  const env = contractOptionsFromEnv(process.env)
  const reportPath = env.reportPath
  // A real wait for a rate-limit window is announced on stderr, with its length.
  const options = { ...env.options, onProgress: (line: string) => console.error(line) }
  let result: ContractSuiteResult
  if (options.baseUrl) {
    result = await runContractSuite({ ...options, baseUrl: options.baseUrl })
  } else {
    // Loaded only here: a run against a deployment starts (and fails) fast without the mock's code.
    const { startListener } = await import('../src/adapters/express.js')
    const listener = await startListener({ port: 0 })
    try {
      result = await runContractSuite({ ...options, baseUrl: listener.baseUrl, controlPlane: { url: `${listener.origin}/__admin` } })
    } finally {
      await listener.close()
    }
  }
  console.log(formatReport(result))
  if (reportPath) {
    await writeFile(reportPath, toJUnitXml(result))
    console.log(`JUnit report: ${reportPath}`)
  }
  if (result.rotatedApiKey) {
    // The old key no longer works; without this line the operator would lose access.
    console.error(`\nThe API key was reset (CONTRACT_ALLOW_DESTRUCTIVE=1). The new key: ${result.rotatedApiKey}`)
  }
  return exitCodeOf(result.verdict)
}

process.exitCode = await main().catch((error: Error) => {
  console.error(`contract suite: ${error.message}`)
  return EXIT_CODES.UNUSABLE
})
