#!/usr/bin/env node
// The bin. `ad-campaign-mock [options]` serves the mock (cli/serve.ts); `ad-campaign-mock contract`
// runs the contract suite against a deployment or the mock (cli/contract.ts); `ad-campaign-mock twin`
// learns a twin of a deployment or checks one for drift (cli/twin.ts). Each loads only its own code.
const [command, ...rest] = process.argv.slice(2)
if (command === 'contract') {
  const { contractCommand } = await import('./cli/contract.js')
  process.exitCode = await contractCommand(rest, process.env)
} else if (command === 'twin') {
  const { twinCommand } = await import('./cli/twin.js')
  process.exitCode = await twinCommand(rest)
} else {
  const { serve } = await import('./cli/serve.js')
  await serve(process.argv.slice(2))
}
