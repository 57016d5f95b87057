import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { killRounds } from '../support/kill-rounds.js'

// npm run test:durability: the long kill -9 run (npm test keeps three kills, in test/state-file.test.ts).
const ROUNDS = 40

it(`keeps every write answered 2xx through kill -9 at random moments (${ROUNDS} kills)`, async () => {
  const { acknowledged, cut, lost } = await killRounds(
    join(mkdtempSync(join(tmpdir(), 'durability-')), 'state.json'),
    ROUNDS,
  )
  expect(lost).toEqual([])
  // Both happened: writes answered before a kill, and writes the kill cut off.
  expect(acknowledged).toBeGreaterThan(ROUNDS)
  expect(cut).toBeGreaterThan(0)
})
