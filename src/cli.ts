#!/usr/bin/env node
// The bin. `ad-campaign-mock [options]` serves the mock (cli/serve.ts); `ad-campaign-mock contract`
// runs the contract suite against a deployment or the mock (cli/contract.ts). Each loads only its own code.
const [command, ...rest] = process.argv.slice(2)
if (command === 'contract') {
  const { contractCommand } = await import('./cli/contract.js')
  process.exitCode = await contractCommand(rest, process.env)
} else {
  const { serve } = await import('./cli/serve.js')
  await serve(process.argv.slice(2))
}
