import type { AddressInfo } from 'node:net'
import { createServer, type ViteDevServer } from 'vite'

/** The example app (examples/browser) on a Vite dev server, on a free port. */
export interface ExampleServer {
  readonly url: string
  close(): Promise<void>
}

/**
 * Serves examples/browser in development. Without `apiUrl` the app starts the mock in the page
 * (service worker); with it, the app calls that API instead, as it would call a real deployment
 * (`/api/v1` on the page's own origin is what Playwright's page-level mocking answers).
 */
export async function startExampleServer({
  name,
  apiUrl,
  apiKey,
}: {
  name: string
  apiUrl?: string
  apiKey?: string
}): Promise<ExampleServer> {
  const env = apiUrl
    ? { 'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl), 'import.meta.env.VITE_API_KEY': JSON.stringify(apiKey) }
    : {}
  const server: ViteDevServer = await createServer({
    configFile: 'examples/browser/vite.config.ts',
    // One dependency cache per server, so two servers (in two test files at once) never rewrite each other's.
    cacheDir: `node_modules/.vite/example-${name}`,
    define: env,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  })
  await server.listen()
  const { port } = server.httpServer!.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() }
}
