import { expect, it } from 'vitest'
import { caseSensitiveRoute } from './case-sensitive-route.js'

const campaign = caseSensitiveRoute('*/api/v1/campaigns/:id')

it('accepts a path spelled as the route, with any parameter value and on any origin', () => {
  expect(campaign('http://a.test/api/v1/campaigns/7')).toBe(true)
  expect(campaign('http://127.0.0.1:4010/api/v1/campaigns/abc')).toBe(true)
})

it('accepts a trailing slash, as msw does', () => {
  expect(campaign('http://a.test/api/v1/campaigns/7/')).toBe(true)
})

it('refuses a fixed segment in another case', () => {
  expect(campaign('http://a.test/api/v1/CAMPAIGNS/7')).toBe(false)
  expect(campaign('http://a.test/API/v1/campaigns/7')).toBe(false)
  expect(campaign('http://a.test/api/V1/campaigns/7')).toBe(false)
})

it('reads the path of a route with a full origin', () => {
  const route = caseSensitiveRoute('http://localhost:3000/api/v1/user')
  expect(route('http://localhost:3000/api/v1/user')).toBe(true)
  expect(route('http://localhost:3000/api/v1/User')).toBe(false)
})
