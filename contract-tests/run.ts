import { writeFile } from 'node:fs/promises'
import { startListener } from '../src/adapters/express.js'
import { contractOptionsFromEnv } from './lib/options-from-env.js'
import { formatReport } from './lib/report/format-report.js'
import { toJUnitXml } from './lib/report/junit.js'
import { runContractSuite, type ContractSuiteResult } from './lib/run-suite.js'

// npm run test:contract: with CONTRACT_BASE_URL, checks that deployment; without, starts the
// standalone mock on a free loopback port and checks it (control plane on, profile all).
const { options, reportPath } = contractOptionsFromEnv(process.env)
let result: ContractSuiteResult
if (options.baseUrl) {
  result = await runContractSuite({ ...options, baseUrl: options.baseUrl })
} else {
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
  console.error(`\nThe API key was reset (CONTRACT_ALLOW_DESTRUCTIVE=1). The new key: ${result.rotatedApiKey}`)
}
process.exitCode = result.ok ? 0 : 1
