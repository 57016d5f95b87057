import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { serveMswWorker } from './serve-msw-worker.js'

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

// In this repository the example runs on the package's source. An app that installed
// ad-campaign-mock needs no aliases, and serves the worker script with `npx msw init public`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [serveMswWorker()],
  resolve: {
    alias: [
      { find: /^ad-campaign-mock\/browser$/, replacement: fromRoot('src/runtimes/browser.ts') },
      { find: /^ad-campaign-mock$/, replacement: fromRoot('src/index.ts') },
    ],
  },
  // Pre-bundled at start, so the first page load never triggers a re-optimization and a reload.
  optimizeDeps: { include: ['msw', 'msw/browser', 'zod/mini', 'zod/locales'] },
  build: { target: 'es2022' },
  logLevel: 'warn',
})
