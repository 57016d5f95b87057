import { expect, it } from 'vitest'
import { parsePrefer } from './prefer.js'

it('reads code and delay and ignores other preferences', () => {
  expect(parsePrefer('return=minimal, code=503; x=1, delay="200"')).toEqual({ code: 503, delay: 200 })
  expect(parsePrefer(null)).toEqual({})
})

it.each(['code=418', 'code=abc', 'code=', 'code', 'delay=-1', 'delay=1.5', 'delay=', 'delay=60001', 'delay=1e3'])(
  'ignores %s, a value it cannot honour (RFC 7240)',
  (header) => {
    expect(parsePrefer(header)).toEqual({})
  },
)

it('lets the last of repeated preferences win', () => {
  expect(parsePrefer('code=500, code=503')).toEqual({ code: 503 })
})
