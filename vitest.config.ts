import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { serveMswWorker } from './examples/browser/serve-msw-worker.js'
import { CHROMIUM_LAUNCH_OPTIONS, CHROMIUM_PATH, hasChromium } from './test/support/chromium.js'

// Projects: the mock itself (unit tests beside the code, integration tests in test/, the Node
// recipes in examples/), the contract suite (contract-tests/), and, where Chromium is
// installed, the browser tests (test/browser/, driven by playwright-core) and the Vitest
// browser-mode recipe (examples/vitest-browser/). `npx vitest run --project contract` runs one alone.
const browserTests = hasChromium()
if (!browserTests && process.env.REQUIRE_BROWSER === '1') {
  throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`)
}
// Vitest reads this file once more for each project that extends it: say it once per process.
const noted = globalThis as { browserSkipNoted?: boolean }
if (!browserTests && !noted.browserSkipNoted) {
  noted.browserSkipNoted = true
  console.log(
    `Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH; then npm run test:browser).`,
  )
}

const fromRoot = (path: string) => new URL(path, import.meta.url).pathname

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; most slow files wait on child processes, sockets or
    // Chromium rather than the CPU, so two overlap them (measured alone: vitest 4 min 25 s -> 3 min 41 s;
    // three workers gave 3 min 19 s but starved the process and browser tests of a second run beside it).
    maxWorkers: 2,
    // A worker keeps its module graph from one file to the next instead of importing src/ afresh for
    // each of 92 files (measured alone: vitest 3 min 43 s -> 2 min 31 s, import 100 s -> 30 s). The price is
    // that a file must leave nothing behind: servers closed in afterAll, spies restored (also done here
    // before each test), no environment or global left stubbed. `npm run test:shuffle` runs the files in
    // a random order (it prints the seed; `-- --sequence.seed=N` repeats one) to show none depends on another.
    isolate: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // Three times the slowest plain test (fuzzing, 19 s) with two full `npm test` runs side by side.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // The recipes in examples/ import the package by name, as an app would; here that is the source.
        resolve: { alias: [{ find: /^ad-campaign-mock\/node$/, replacement: fromRoot('src/runtimes/node.ts') }] },
        test: {
          name: 'mock',
          include: [
            'src/**/*.test.ts',
            'test/**/*.test.ts',
            'bench/lib/**/*.test.ts',
            'examples/vitest-node/**/*.test.ts',
          ],
          // The long kill -9 runs are `npm run test:durability` (vitest.durability.config.ts).
          exclude: ['test/browser/**', 'test/durability/**'],
          // dist/ built once: the tests that start the command start the built bin.
          globalSetup: ['test/support/build-once.ts'],
        },
      },
      { extends: true, test: { name: 'contract', include: ['contract-tests/**/*.test.ts'] } },
      ...(browserTests
        ? [
            {
              extends: true as const,
              test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 120_000 },
            },
            {
              plugins: [serveMswWorker()],
              resolve: {
                alias: [{ find: /^ad-campaign-mock\/browser$/, replacement: fromRoot('src/runtimes/browser.ts') }],
              },
              optimizeDeps: { include: ['msw/browser', 'msw', 'zod/mini', 'zod/locales'] },
              test: {
                name: 'browser-mode',
                include: ['examples/vitest-browser/**/*.test.ts'],
                browser: {
                  enabled: true,
                  headless: true,
                  screenshotDirectory: 'test-results/vitest-browser',
                  provider: playwright({ launchOptions: CHROMIUM_LAUNCH_OPTIONS }),
                  instances: [{ browser: 'chromium' as const }],
                },
              },
            },
          ]
        : []),
    ],
  },
})
