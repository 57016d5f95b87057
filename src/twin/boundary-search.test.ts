import { expect, it } from 'vitest'
import { findBoundary } from './boundary-search.js'

/** A deployment taking values up to `max`, counting the questions. */
function upTo(max: number) {
  const asked: number[] = []
  return { asked, takes: async (value: number) => (asked.push(value), value <= max) }
}

it('finds a bound on the ladder without halving', async () => {
  const deployment = upTo(200)
  expect(await findBoundary(deployment.takes, [120, 121, 200, 201, 255], { low: 30, step: 1, budget: 8 })).toEqual({
    kind: 'bound',
    largest: 200,
    refused: 201,
    exact: true,
  })
  expect(deployment.asked).toEqual([120, 121, 200, 201])
})

it('halves between two rungs, in steps, within its budget', async () => {
  const exact = upTo(150)
  expect(await findBoundary(exact.takes, [120, 121, 200], { low: 30, step: 1, budget: 8 })).toMatchObject({
    largest: 150,
    exact: true,
  })
  const cents = upTo(99.99)
  expect(await findBoundary(cents.takes, [50, 100], { low: 1, step: 0.01, budget: 20 })).toMatchObject({
    largest: 99.99,
    exact: true,
  })
  const short = upTo(150)
  expect(await findBoundary(short.takes, [121, 200], { low: 30, step: 1, budget: 2 })).toMatchObject({ exact: false })
  expect(short.asked).toHaveLength(4)
})

it('says when every value tried was taken', async () => {
  expect(await findBoundary(upTo(5000).takes, [100, 1000], { low: 1, step: 1, budget: 8 })).toEqual({
    kind: 'above',
    largest: 1000,
  })
})
