import { defineConfig } from 'vitest/config'

// npm run test:durability: the long runs of many kills, kept out of npm test so that a busy machine
// never turns them into a red build; they start the built bin, built once as npm test does.
export default defineConfig({
  test: {
    name: 'durability',
    include: ['test/durability/**/*.test.ts'],
    globalSetup: ['test/support/build-once.ts'],
    // Each kill round is one start of the bin (1 to 3 s on a busy 2-core machine) and a fraction of a second of writes.
    testTimeout: 600_000,
  },
})
