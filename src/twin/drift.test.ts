import { expect, it } from 'vitest'
import type { LearnedChoice } from '../profile/twin-file.js'
import { driftLines } from './drift.js'

const learned = (path: string, value: unknown): LearnedChoice => ({ path, value, learned: 'learned', evidence: [] })
const kept = (path: string, value: unknown, reason: string): LearnedChoice => ({
  path,
  value,
  learned: 'default',
  evidence: [],
  reason,
})

it('prints one line per changed choice, in the table’s words', () => {
  const order = { field: 'id', direction: 'asc' }
  const before = [learned('lists.defaultPerPage', 20), learned('lists.order', order)]
  const after = [learned('lists.defaultPerPage', 50), learned('lists.order', order)]
  expect(driftLines(before, after)).toEqual(['default page size 20 → 50'])
})

it('prints nothing when every choice is the same, objects compared whatever their key order', () => {
  const a = [learned('stamps.format', { fraction: 3, zone: 'Z' })]
  const b = [learned('stamps.format', { zone: 'Z', fraction: 3 })]
  expect(driftLines(a, b)).toEqual([])
})

it('counts a choice not learned either time as unchanged, whatever the reasons say', () => {
  expect(driftLines([kept('stamps.firstId', 1, 'empty account')], [kept('stamps.firstId', 1, 'still empty')])).toEqual(
    [],
  )
})

it('says when a choice became conflicting or could no longer be learned', () => {
  const conflicting: LearnedChoice = { ...learned('lists.defaultPerPage', 25), learned: 'conflicting' }
  expect(driftLines([learned('lists.defaultPerPage', 20)], [conflicting])).toEqual([
    'default page size 20 → conflicting',
  ])
  expect(
    driftLines([learned('errors.foreign', 'forbidden')], [kept('errors.foreign', 'not_found', 'needs --key2')]),
  ).toEqual(["another account's resource answered as forbidden → not learned (needs --key2)"])
})
