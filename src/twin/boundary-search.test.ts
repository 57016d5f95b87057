import { expect, it } from 'vitest'
import { findBoundary, roundValuesBetween } from './boundary-search.js'

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

it('with round, finds a round bound far below the first refusal in a few requests, then its step above', async () => {
  const deployment = upTo(500)
  const boundary = await findBoundary(deployment.takes, [100_000, 100_000.01], {
    low: 2.5,
    step: 0.01,
    budget: 10,
    round: true,
  })
  expect(boundary).toEqual({ kind: 'bound', largest: 500, refused: 500.01, exact: true })
  expect(deployment.asked).toEqual([100_000, 99_999.99, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 500.01])
})

it('with round, finds a bound a step short of a round refusal (a decimal of seven digits) in one request more', async () => {
  const deployment = upTo(99_999.99)
  const boundary = await findBoundary(deployment.takes, [100_000, 100_000.01], {
    low: 2.5,
    step: 0.01,
    budget: 10,
    round: true,
  })
  expect(boundary).toEqual({ kind: 'bound', largest: 99_999.99, refused: 100_000, exact: true })
  expect(deployment.asked).toEqual([100_000, 99_999.99])
})

it('with round, halves from the round value taken when the bound is not round, and asks nothing more when the ladder found it', async () => {
  const uneven = upTo(612.5)
  expect(await findBoundary(uneven.takes, [100_000], { low: 2.5, step: 0.01, budget: 20, round: true })).toMatchObject({
    largest: 612.5,
    exact: true,
  })
  const onTheLadder = upTo(100_000)
  await findBoundary(onTheLadder.takes, [100_000, 100_000.01, 1_000_000], {
    low: 2.5,
    step: 0.01,
    budget: 10,
    round: true,
  })
  expect(onTheLadder.asked).toEqual([100_000, 100_000.01])
})

it('lists the round values strictly between two numbers, largest first', () => {
  expect(roundValuesBetween(2.5, 1000)).toEqual([500, 200, 100, 50, 20, 10, 5])
  expect(roundValuesBetween(100_000, 100_000.01)).toEqual([])
})
