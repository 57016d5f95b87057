import { expect, it } from 'vitest'
import { createRequestJournal, type JournalEntry } from './request-journal.js'

const entry = (path: string): Omit<JournalEntry, 'seq'> => ({
  at: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  path,
  status: 200,
  duration_ms: 1,
  user_id: 1,
  operation_id: 'getUser',
})

it('keeps only the last capacity entries, oldest first', () => {
  const journal = createRequestJournal(3)
  for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.record(entry(path))
  expect(journal.entries().map((e) => [e.seq, e.path])).toEqual([
    [3, '/c'],
    [4, '/d'],
    [5, '/e'],
  ])
})

it('clears and counts what it held, numbering again from 1', () => {
  const journal = createRequestJournal(3)
  journal.record(entry('/a'))
  journal.record(entry('/b'))
  expect(journal.clear()).toBe(2)
  journal.record(entry('/c'))
  expect(journal.entries()).toMatchObject([{ seq: 1, path: '/c' }])
})

it('refuses a size that is not a positive integer', () => {
  expect(() => createRequestJournal(0)).toThrow(RangeError)
})
