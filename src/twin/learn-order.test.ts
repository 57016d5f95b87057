import { expect, it } from 'vitest'
import { ordersOf } from './learn-order.js'

// The orders a page fits, by its own values: a list by last update, oldest first, is a list no
// corpus style serves (found by the mixes, contract-tests/twin-mixes.test.ts, seed 27); the learner
// read its ids as "in no order" and kept the mock's newest first.

const day = (n: number, second = 0) => `2026-01-${String(n).padStart(2, '0')}T00:00:${String(second).padStart(2, '0')}Z`
const item = (id: number, created: string, updated = created) => ({ id, created_at: created, updated_at: updated })
const words = (items: ReturnType<typeof item>[]) =>
  ordersOf(items).map(({ field, direction }) => `${field} ${direction}`)

it.each([
  {
    page: 'by last update, oldest first (an old record updated lately goes last)',
    items: [item(1, day(1)), item(3, day(3)), item(2, day(2), day(9))],
    fits: ['updated_at asc'],
  },
  {
    page: 'by last update, newest first',
    items: [item(2, day(2), day(9)), item(3, day(3)), item(1, day(1))],
    fits: ['updated_at desc'],
  },
  {
    page: 'by id, newest first, created in that order and never updated',
    items: [item(3, day(3)), item(2, day(2)), item(1, day(1))],
    fits: ['id desc', 'created_at desc', 'updated_at desc'],
  },
  {
    page: 'by creation, oldest first, an update not moving it',
    items: [item(1, day(1)), item(2, day(2), day(9)), item(3, day(3))],
    fits: ['id asc', 'created_at asc'],
  },
  {
    page: 'made in the same second (stamps tie), by id the same way',
    items: [item(5, day(4, 1)), item(6, day(4, 1)), item(7, day(4, 1))],
    fits: ['id asc', 'created_at asc', 'updated_at asc'],
  },
  {
    page: 'in no order',
    items: [item(1, day(1)), item(3, day(3)), item(2, day(2))],
    fits: [],
  },
])('a page $page fits $fits', ({ items, fits }) => {
  expect(words(items)).toEqual(fits)
})

it('a page whose items lack a stamp fits the id orders only', () => {
  expect(ordersOf([{ id: 2 }, { id: 1 }])).toEqual([{ field: 'id', direction: 'desc' }])
})
