import { expect, it } from 'vitest'
import { ApiError } from '../errors/api-error.js'
import { DEFAULT_FIXTURES, DEMO_API_KEY } from '../store/fixtures.js'
import { Store } from '../store/store.js'
import { assertAdminToken, authenticate } from './auth.js'

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
    expect((error as ApiError).code).toBe('unauthorized')
    expect((error as ApiError).status).toBe(401)
    expect((error as ApiError).message).toMatch(message)
  }
})

it('opens the control plane without a token set, and with one only to callers that send it', () => {
  expect(() => assertAdminToken(undefined, null, 'x-admin-token')).not.toThrow()
  expect(() => assertAdminToken('secret', 'secret', 'x-admin-token')).not.toThrow()
  for (const given of [null, '', 'Secret', DEMO_API_KEY]) {
    expect(() => assertAdminToken('secret', given, 'x-admin-token')).toThrow(
      expect.objectContaining({
        code: 'admin_forbidden',
        message: 'The control plane needs the admin token in the x-admin-token header',
      }),
    )
  }
})
