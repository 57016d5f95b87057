import { readContractCommand, runContractCommand, type StartedMock } from '../../contract-tests/lib/run/run-command.js'

/**
 * `ad-campaign-mock contract`: the contract suite of `npm run test:contract` (the same CONTRACT_*
 * variables, report and exit codes), judging against the document shipped in the package unless
 * CONTRACT_OPENAPI names another; with no CONTRACT_BASE_URL it starts the mock on a free loopback
 * port and checks it. `npm run test:contract` (contract-tests/run.ts) is this command under its own name.
 * @example process.exitCode = await contractCommand(['--help'], process.env)
 */
export async function contractCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  name = 'ad-campaign-mock contract',
): Promise<number> {
  const command = readContractCommand(args, env, { name })
  if ('exitCode' in command) return command.exitCode
  // No deployment named: the mock, started here and handed to the run (which closes it after).
  const mock = command.run.options.baseUrl ? undefined : startMock()
  return runContractCommand(command.run, { name, mock })
}

/** The mock on a free loopback port, with its control plane; loaded only here, so a run against a deployment never loads it. */
async function startMock(): Promise<StartedMock> {
  const { startListener } = await import('../listener/listener.js')
  const listener = await startListener({ port: 0 })
  return { baseUrl: listener.baseUrl, controlPlaneUrl: `${listener.origin}/__admin`, close: () => listener.close() }
}
