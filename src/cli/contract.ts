import { runContractCommand } from '../../contract-tests/lib/run/run-command.js'

/**
 * `ad-campaign-mock contract`: the contract suite of `npm run test:contract` (the same CONTRACT_*
 * variables, report and exit codes), judging against the document shipped in the package unless
 * CONTRACT_OPENAPI names another; with no CONTRACT_BASE_URL it starts the mock on a free loopback
 * port and checks it.
 * @example process.exitCode = await contractCommand(['--help'], process.env)
 */
export function contractCommand(args: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  return runContractCommand(args, env, {
    name: 'ad-campaign-mock contract',
    async startMock() {
      // Loaded only here: a run against a deployment never loads the mock.
      const { startListener } = await import('../adapters/listener.js')
      const listener = await startListener({ port: 0 })
      return { baseUrl: listener.baseUrl, controlPlaneUrl: `${listener.origin}/__admin`, close: () => listener.close() }
    },
  })
}
