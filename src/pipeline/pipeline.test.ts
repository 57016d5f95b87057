import { expect, expectTypeOf, it } from 'vitest'
import { adminOperations, createUser, reset as resetMock, setUserTier } from '../operations/control-plane.js'
import {
  createCampaign,
  deleteAdvert,
  getAdvert,
  getCampaign,
  getUser,
  listAdverts,
  operations,
  resetApiKey,
} from '../operations/api.js'
import { hasIdParam } from '../operations/define-operation.js'
import type { UserRecord } from '../store/models.js'
import type { OperationInput } from './implement-operation.js'
import { operationErrorCodes, STEPS, targetOf } from '../operations/steps.js'

it('gives every user operation 401 and 429, and nothing else without an id, query or body', () => {
  expect(operationErrorCodes(getUser)).toEqual(['unauthorized', 'rate_limit_exceeded'])
})

it('adds 404 for an id in the path and the domain rules the operation declares', () => {
  expect(operationErrorCodes(deleteAdvert)).toEqual([
    'unauthorized',
    'rate_limit_exceeded',
    'not_found',
    'unsupported_media_type',
    'bad_request',
    'payload_too_large',
    'validation_failed',
    'advert_in_use',
  ])
})

it("adds 422 (and the listener body reader's 400, 413 and 415) to an operation without a body that a body can reach (any method but GET)", () => {
  const bodyRefused = ['unsupported_media_type', 'bad_request', 'payload_too_large', 'validation_failed']
  expect(operationErrorCodes(resetApiKey)).toEqual(['unauthorized', 'rate_limit_exceeded', ...bodyRefused])
  expect(operationErrorCodes(getAdvert)).not.toContain('validation_failed')
  expect(operationErrorCodes(resetMock)).toEqual(['admin_forbidden', ...bodyRefused])
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
    'resource_limit_reached',
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
    'resource_limit_reached',
  ])
})

it('runs the steps in the README order, each where its operation declares it', () => {
  const names = (operation: Parameters<typeof targetOf>[0]) =>
    STEPS.filter((step) => step.applies(targetOf(operation))).map((step) => step.name)
  expect(STEPS.map((step) => step.name)).toEqual([
    'authenticate',
    'admin token',
    'rate limit',
    'faults and Prefer',
    'override',
    'id',
    'query',
    'body',
    'resolve',
  ])
  const upToOverride = ['authenticate', 'rate limit', 'faults and Prefer', 'override']
  expect(names(deleteAdvert)).toEqual([...upToOverride, 'id', 'body', 'resolve'])
  expect(names(listAdverts)).toEqual([...upToOverride, 'query', 'body', 'resolve'])
  // The declaration decides the plane: a control operation is neither authenticated as a user, limited nor faulted.
  expect(names(createUser)).toEqual(['admin token', 'body', 'resolve'])
})

it('applies only the admin token and the resolver where no operation matched', () => {
  expect(STEPS.filter((step) => step.applies({ plane: 'api' })).map((step) => step.name)).toEqual(['resolve'])
  expect(STEPS.filter((step) => step.applies({ plane: 'admin' })).map((step) => step.name)).toEqual([
    'admin token',
    'resolve',
  ])
})

it("adds to each operation's state exactly the fields its resolver's input is typed with (OperationInput)", () => {
  for (const operation of [...operations, ...adminOperations]) {
    const added = STEPS.filter((step) => step.applies(targetOf(operation))).flatMap((step) => step.adds ?? [])
    // OperationInput's conditions: a caller off the control plane, an id where the path has one, a query where one is declared.
    const typed = [
      operation.auth !== 'admin' && 'user',
      hasIdParam(operation) && 'id',
      operation.query && 'query',
      'body',
      'result',
    ].filter(Boolean)
    expect(added, operation.operationId).toEqual(typed)
  }
  expectTypeOf<OperationInput<typeof getCampaign>>().toEqualTypeOf<{
    user: UserRecord
    id: number
    query: undefined
    body: undefined
  }>()
  expectTypeOf<OperationInput<typeof createCampaign>['body']['campaign']['cpm']>().toEqualTypeOf<number>()
  expectTypeOf<OperationInput<typeof setUserTier>['user']>().toEqualTypeOf<undefined>()
  expectTypeOf<OperationInput<typeof setUserTier>['id']>().toEqualTypeOf<number>()
})
