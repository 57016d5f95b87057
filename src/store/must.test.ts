import { expect, it } from 'vitest'
import { must } from './must.js'

it('gives back a value that is there, falsy ones included', () => {
  expect(must(0, 'a count')).toBe(0)
  expect(must('', 'a name')).toBe('')
  expect(must(null, 'a nullable field')).toBeNull()
})

it('throws naming what was missing when the value is undefined', () => {
  expect(() => must([1, 2][5], 'the sixth id')).toThrow('Invariant broken: the sixth id is missing')
})
