import { expect, it } from 'vitest'
import { createUser, reset as resetMock } from './admin.js'
import { deleteAdvert, getAdvert, listAdverts } from './adverts.js'
import { createCampaign } from './campaigns.js'
import { getUser, resetApiKey } from './user.js'
import { operationErrorCodes } from './operation-error-codes.js'

it('gives every user operation 401 and 429, and nothing else without an id, query or body', () => {
  expect(operationErrorCodes(getUser)).toEqual(['unauthorized', 'rate_limit_exceeded'])
})

it('adds 404 for an id in the path and the domain rules the operation declares', () => {
  expect(operationErrorCodes(deleteAdvert)).toEqual(['unauthorized', 'rate_limit_exceeded', 'not_found', 'validation_failed', 'advert_in_use'])
})

it('adds 422 to an operation without a body that a body can reach (any method but GET)', () => {
  expect(operationErrorCodes(resetApiKey)).toEqual(['unauthorized', 'rate_limit_exceeded', 'validation_failed'])
  expect(operationErrorCodes(getAdvert)).not.toContain('validation_failed')
  expect(operationErrorCodes(resetMock)).toEqual(['admin_forbidden', 'validation_failed'])
})

it('adds 422 for a query and 415, 400, 413 and 422 for a body, each code once', () => {
  expect(operationErrorCodes(listAdverts)).toContain('validation_failed')
  expect(operationErrorCodes(createCampaign)).toEqual([
    'unauthorized',
    'rate_limit_exceeded',
    'unsupported_media_type',
    'invalid_json',
    'bad_request',
    'payload_too_large',
    'validation_failed',
  ])
})

it('guards control-plane operations with the admin token instead of a user key', () => {
  expect(operationErrorCodes(createUser)).toEqual([
    'admin_forbidden',
    'unsupported_media_type',
    'invalid_json',
    'bad_request',
    'payload_too_large',
    'validation_failed',
  ])
})
