import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/**
 * Serves msw's worker script at /mockServiceWorker.js while developing, straight from the
 * installed msw, so the script always matches the library's version. In your own app,
 * `npx msw init public --save` does the same job with a file you commit.
 * @example defineConfig({ plugins: [serveMswWorker()] })
 */
export function serveMswWorker(): Plugin {
  const script = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
  return {
    name: 'serve-msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript')
        response.end(readFileSync(script))
      })
    },
  }
}
