import { defineConfig } from 'vitest/config'

// Two projects: the mock itself (unit tests beside the code, integration tests in test/) and the
// contract suite (contract-tests/, which also runs against the mock in-process and over HTTP).
// `npx vitest run --project contract` runs the second alone.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'mock', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { extends: true, test: { name: 'contract', include: ['contract-tests/**/*.test.ts'] } },
    ],
  },
})
