import { spawn } from 'node:child_process'
import { DEMO_API_KEY } from 'ad-campaign-mock'
import { startExampleServer } from '../../test/support/example-app.js'

// Starts the mock as its own process, `npx ad-campaign-mock --port 0` (MOCK_COMMAND overrides it: this
// repository runs its built bin, the file npx runs), and the app under test pointed at it, as it
// would be pointed at a real deployment. The tests reach the mock over HTTP only.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [command, ...args] = (process.env.MOCK_COMMAND ?? 'npx ad-campaign-mock').split(' ')
  const mock = spawn(command!, [...args, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const apiUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`The mock did not start in 30 s:\n${output}`)), 30_000)
    mock.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const url = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)?.[1]
      if (url) resolve(url)
      if (url) clearTimeout(timer)
    })
    mock.once('exit', (code) => reject(new Error(`The mock exited with ${code}:\n${output}`)))
  })
  const app = await startExampleServer({ name: 'playwright-http', apiUrl, apiKey: DEMO_API_KEY })
  process.env.MOCK_API_URL = apiUrl
  process.env.EXAMPLE_APP_URL = app.url
  return async () => {
    await app.close()
    mock.kill('SIGTERM')
  }
}
