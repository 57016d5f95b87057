import { expect, it } from 'vitest'
import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { LearnedChoice } from '../profile/twin-file.js'
import { explainer, STATUS_SPLIT, UNKNOWN_FIELD_CODE } from './explain.js'

// A deployment that refuses a wrong type 422 and a broken rule 400 (found by the mixes,
// contract-tests/twin-mixes.test.ts, seed 3): its twin answers 400 to both, and the replay said
// "not explained" where the reason is one no profile can hold.

const learned = (status: number): LearnedChoice => ({
  path: 'errors.statuses.validation_failed',
  value: status,
  learned: 'learned',
  evidence: [],
})
const answered = (status: number) => ({ purpose: 'twin: unknown field', response: { status } }) as unknown as Exchange

it.each([
  {
    case: 'the other status of invalid input',
    learnedStatus: 400,
    deployment: 422,
    what: 'status 400, not 422',
    reason: STATUS_SPLIT,
  },
  {
    case: 'the other way round',
    learnedStatus: 422,
    deployment: 400,
    what: 'status 422, not 400',
    reason: STATUS_SPLIT,
  },
  {
    case: 'a status the twin did not learn',
    learnedStatus: 422,
    deployment: 422,
    what: 'status 400, not 422',
    reason: undefined,
  },
  {
    case: 'a status beyond invalid input',
    learnedStatus: 400,
    deployment: 404,
    what: 'status 400, not 404',
    reason: undefined,
  },
])('a replayed refusal answered with $case is explained as $reason', ({ learnedStatus, deployment, what, reason }) => {
  expect(explainer([learned(learnedStatus)])(answered(deployment), what)).toBe(reason)
})

// GitHub's problems carry a code each (`unknown_field`, `invalid`); a profile's problem template
// holds one (found by the mixes, seed 10: the GitHub error shape with unknown fields refused).
it.each([
  { purpose: 'twin: unknown field', what: 'code invalid, not unknown_field', reason: UNKNOWN_FIELD_CODE },
  { purpose: 'twin: invalid input', what: 'code invalid, not unknown_field', reason: undefined },
])('a code differing on the $purpose probe is explained as $reason', ({ purpose, what, reason }) => {
  const exchange = { purpose, response: { status: 422 } } as unknown as Exchange
  expect(explainer([learned(422)])(exchange, what)).toBe(reason)
})
