import { expect, it } from 'vitest'
import { ApiError } from '../http/api-error.js'
import { DEFAULT_FIXTURES, DEMO_API_KEY } from '../store/fixtures.js'
import { Store } from '../store/store.js'
import { authenticate } from './auth.js'

const store = new Store()
await store.load(DEFAULT_FIXTURES)

it('finds the user by the bare key, ignoring surrounding white space', () => {
  expect(authenticate(store, ` ${DEMO_API_KEY} `).id).toBe(1)
})

it.each([
  [null, /Missing API key/],
  ['', /Missing API key/],
  [`Bearer ${DEMO_API_KEY}`, /without "Bearer "/],
  [`Token ${DEMO_API_KEY}`, /without "Token "/],
  [DEMO_API_KEY.toUpperCase(), /Invalid API key/],
])('refuses %j with a 401 that says why', (header, message) => {
  try {
    authenticate(store, header)
    expect.unreachable()
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect((error as ApiError).message).toMatch(message)
  }
})
