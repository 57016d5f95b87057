import { DEMO_API_KEY } from 'ad-campaign-mock'
import { startExampleServer } from '../../test/support/example-app.js'
import { startMock } from './start-mock.js'

// Starts the mock as its own process, `npx ad-campaign-mock --port 0` in a process group of its
// own (start-mock.ts), and the app under test pointed at it, as it would be pointed at a real
// deployment. The tests reach the mock over HTTP only. The teardown stops the whole group: npx,
// its shell and the mock, so nothing is left serving after the run.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mock = await startMock()
  const app = await startExampleServer({ name: 'playwright-http', apiUrl: mock.apiUrl, apiKey: DEMO_API_KEY })
  process.env.MOCK_API_URL = mock.apiUrl
  process.env.EXAMPLE_APP_URL = app.url
  return async () => {
    await app.close()
    await mock.stop()
  }
}
