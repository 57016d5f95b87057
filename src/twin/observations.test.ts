import { expect, it } from 'vitest'
import { DEFAULT_PROFILE } from '../profile/profile.js'
import { Observations, profileOf } from './observations.js'

const evidence = (seen: string) => ({ request: 'GET /adverts', status: 200, seen })
const choice = (observations: Observations, path: string) => observations.choices().find((item) => item.path === path)

it('learns a choice seen one way, and puts it in the profile', () => {
  const observations = new Observations()
  observations.learn('lists.defaultPerPage', 20, evidence('20 of 21'))
  observations.learn('lists.defaultPerPage', 20, evidence('20 of 21 again'))
  expect(choice(observations, 'lists.defaultPerPage')).toMatchObject({ learned: 'learned', value: 20 })
  expect(profileOf(observations.choices()).lists.defaultPerPage).toBe(20)
})

it('reports a choice seen two ways as conflicting, with one piece of evidence per way, and keeps the default', () => {
  const observations = new Observations()
  observations.learn('lists.defaultPerPage', 10, evidence('10 of 26'))
  observations.learn('lists.defaultPerPage', 40, evidence('per_page 40'))
  expect(choice(observations, 'lists.defaultPerPage')).toEqual({
    path: 'lists.defaultPerPage',
    value: 25,
    learned: 'conflicting',
    evidence: [evidence('10 of 26'), evidence('per_page 40')],
    reason: 'answered 2 ways: 10 and 40; the default is kept',
  })
  expect(profileOf(observations.choices())).toEqual(DEFAULT_PROFILE)
})

it('keeps the default of a choice never seen, with the reason a probe gave or a plain one', () => {
  const observations = new Observations()
  observations.cannot('errors.foreign', "needs a second account's key (--key2)")
  expect(choice(observations, 'errors.foreign')).toMatchObject({
    learned: 'default',
    value: 'not_found',
    reason: "needs a second account's key (--key2)",
  })
  expect(choice(observations, 'lists.order')).toMatchObject({ learned: 'default', reason: 'no probe answered it' })
})

it('keeps the default of a value no profile can hold, and says so', () => {
  const observations = new Observations()
  observations.learn('errors.statuses.validation_failed', 700, evidence('700'))
  expect(choice(observations, 'errors.statuses.validation_failed')).toMatchObject({ learned: 'default', value: 422 })
  expect(choice(observations, 'errors.statuses.validation_failed')?.reason).toMatch(
    /^saw 700, which a profile cannot hold/,
  )
})

it('writes a code into the profile only where its wire name differs from the mock’s', () => {
  const observations = new Observations()
  observations.learn('errors.codes.unauthorized', 'invalid_api_key', evidence('401'))
  observations.learn('errors.codes.not_found', 'not_found', evidence('404'))
  expect(profileOf(observations.choices()).errors.codes).toEqual({ unauthorized: 'invalid_api_key' })
})
