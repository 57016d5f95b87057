import { ApiCallError, createClient, type Client } from './api.js'
import { renderApp } from './render.js'

/**
 * Where the API is: VITE_API_URL (and VITE_API_KEY, or a key in sessionStorage['api-key']) point
 * at a real deployment or at the standalone listener (`npm start`, over CORS). Without them, in development only, the mock
 * runs inside the page through msw's service worker; a production build never contains it.
 */
async function connect(): Promise<{ client: Client; reset?: () => Promise<void> }> {
  const apiUrl = import.meta.env.VITE_API_URL as string | undefined
  // The key a sign-in would leave in this tab's session (a test puts one there), else the configured one.
  const apiKey = sessionStorage.getItem('api-key') ?? (import.meta.env.VITE_API_KEY as string)
  if (apiUrl) return { client: createClient(apiUrl, apiKey) }
  if (import.meta.env.DEV) {
    const { startBrowserMock } = await import('ad-campaign-mock/browser')
    const mock = await startBrowserMock({ persist: 'session', quiet: true })
    return { client: createClient(mock.baseUrl, mock.apiKey), reset: () => mock.reset() }
  }
  throw new ApiCallError(0, 'not_configured', 'Set VITE_API_URL and VITE_API_KEY to the API this build should call')
}

const { client, reset } = await connect()
await renderApp(client, reset)
