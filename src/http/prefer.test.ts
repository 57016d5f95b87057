import { expect, it } from 'vitest'
import { ApiError } from './api-error.js'
import { parsePrefer } from './prefer.js'

it('reads code and delay and ignores other preferences', () => {
  expect(parsePrefer('return=minimal, code=503; x=1, delay="200"')).toEqual({ code: 503, delay: 200 })
  expect(parsePrefer(null)).toEqual({})
})

it('refuses a status that fault injection cannot force', () => {
  expect(() => parsePrefer('code=418')).toThrow(ApiError)
  expect(() => parsePrefer('delay=-1')).toThrow(/Invalid Prefer/)
})
