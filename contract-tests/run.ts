import { runContractCommand } from './lib/run/run-command.js'

// npm run test:contract: with CONTRACT_BASE_URL, checks that deployment; without, starts the
// standalone mock on a free loopback port and checks it (control plane on, profile all).
// The package's bin runs the same command: ad-campaign-mock contract (src/cli/contract.ts).
process.exitCode = await runContractCommand(process.argv.slice(2), process.env, {
  async startMock() {
    // Loaded only here: a run against a deployment starts (and fails) fast without the mock's code.
    const { startListener } = await import('../src/adapters/express.js')
    const listener = await startListener({ port: 0 })
    return { baseUrl: listener.baseUrl, controlPlaneUrl: `${listener.origin}/__admin`, close: () => listener.close() }
  },
})
