import { DEMO_API_KEY } from 'ad-campaign-mock'
import { startExampleServer } from '../../test/support/example-app.js'

// The app under test (examples/browser) on a free port, calling /api/v1 on its own origin with
// no service worker: the tests answer those requests from their own process (page-level mocking).
export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await startExampleServer({ name: 'playwright', apiUrl: '/api/v1', apiKey: DEMO_API_KEY })
  process.env.EXAMPLE_APP_URL = app.url
  return () => app.close()
}
