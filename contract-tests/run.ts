import { contractCommand } from '../src/cli/contract.js'

// npm run test:contract: with CONTRACT_BASE_URL, checks that deployment; without, starts the
// standalone mock on a free loopback port and checks it (control plane on, profile all). The same
// command as the package's bin, ad-campaign-mock contract (src/cli/contract.ts), under this name.
process.exitCode = await contractCommand(process.argv.slice(2), process.env, 'npm run test:contract')
