import { describe, expect, expectTypeOf, it } from 'vitest'
import { createArrange } from '../src/control-plane/arrange.js'
import { ApiError } from '../src/errors/api-error.js'
import { validate } from '../src/errors/validate.js'
import { operations } from '../src/operations/api.js'
import { arrangeOperations } from '../src/operations/control-plane-arrange.js'
import { ARRANGE_HELPERS } from '../src/schemas/arrange.js'
import { TopUpInput } from '../src/schemas/control-plane.js'
import { createMockApi, type MockApi } from '../src/surface/create-mock-api.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { adminDocument, checkAdmin } from './support/control-plane.js'
import { expectError } from './support/expect-error.js'
import { listenerTransport } from './support/listener-transport.js'
import { findOperation } from './support/openapi-document.js'
import { expectNoChange } from './support/state-snapshot.js'
import { mswTransport, type TestRequest } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

// The control plane's edges a new user met (issue 32): a misspelt journal filter, a misspelt
// arrange helper, a missing field, a refusal said twice, and the in-process journal filter's types.

const OPERATION_IDS = operations.map(({ operationId }) => operationId)

describe.each([
  { name: 'listener', create: () => listenerTransport() },
  { name: 'msw/node', create: () => mswTransport() },
])('over HTTP ($name)', ({ create }) => {
  const transport = useTransport(create)
  const admin = (req: TestRequest) => transport().send(req)

  it('refuses a journal filter naming no operation with a 422 that lists the operations, and still filters by a real one', async () => {
    await transport().send({ method: 'GET', path: '/campaigns', headers: { authorization: DEMO_API_KEY } })
    const misspelt = await admin({ method: 'GET', path: '/__admin/requests?operation=listCampaign' })
    expectError(misspelt, { status: 422, code: 'validation_failed', field: 'operation' })
    expect(misspelt.body.error.fields).toEqual([
      { field: 'operation', message: `is not an operation of the API (one of ${OPERATION_IDS.join(', ')})` },
    ])
    const listRequests = findOperation(adminDocument, 'GET', '/requests')!
    expect(checkAdmin(listRequests, misspelt.status, misspelt.body, misspelt.headers)).toEqual([])
    const listed = await admin({ method: 'GET', path: '/__admin/requests?operation=listCampaigns' })
    expect(listed.body.data.map((entry: { operation_id: string }) => entry.operation_id)).toEqual(['listCampaigns'])
  })

  it('takes an empty JSON object as no body on reset (scripts send one with every POST), and refuses anything in it, changing nothing', async () => {
    const made = await transport().send({
      method: 'POST',
      path: '/adverts',
      headers: { authorization: DEMO_API_KEY },
      body: { advert: { title: 'Gone after the reset' } },
    })
    expect(made.status).toBe(201)
    const refused = await expectNoChange(transport().api, () =>
      admin({ method: 'POST', path: '/__admin/reset', body: { dataset: 'default' } }),
    )
    expectError(refused, { status: 422, code: 'validation_failed', field: '' })
    const reset = await admin({ method: 'POST', path: '/__admin/reset', body: {} })
    expect(reset.status).toBe(200)
    const gone = await transport().send({
      method: 'GET',
      path: `/adverts/${made.body.data.id}`,
      headers: { authorization: DEMO_API_KEY },
    })
    expect(gone.status).toBe(404)
  })

  it('answers a misspelt arrange helper with a 404 listing the helpers there are', async () => {
    const answer = await expectNoChange(transport().api, () =>
      admin({ method: 'POST', path: '/__admin/arrange/users', body: {} }),
    )
    expectError(answer, { status: 404, code: 'route_not_found' })
    expect(answer.body.error.message).toBe(
      `No control operation POST /__admin/arrange/users: arrange is POST /__admin/arrange/{helper}, the helper one of ${ARRANGE_HELPERS.join(', ')}`,
    )
    // Elsewhere on the control plane a 404 stays as it was.
    const other = await admin({ method: 'POST', path: '/__admin/arrangements', body: {} })
    expect(other.body.error.message).toBe('No control operation POST /__admin/arrangements')
  })

  it.each([
    ['/__admin/arrange/rateLimited', {}, 'user', 'arrange.rateLimited: Invalid request body (user is required)'],
    ['/__admin/arrange/campaigns', { user: 1 }, 'count', 'arrange.campaigns: Invalid request body (count is required)'],
    ['/__admin/users/1/topups', {}, 'amount_usd', 'Invalid request body'],
    ['/__admin/seed', {}, 'source', 'Invalid request body'],
  ])('says a field left out of %s %j is required', async (path, body, field, message) => {
    const answer = await expectNoChange(transport().api, () => admin({ method: 'POST', path, body }))
    expectError(answer, { status: 422, code: 'validation_failed', field })
    expect(answer.body.error).toMatchObject({ message, fields: [{ field, message: 'is required' }] })
  })
})

describe('in-process', () => {
  let api: MockApi

  it('refuses a journal filter naming no operation, as over HTTP, and types the filter', async () => {
    api = await createMockApi()
    const refusal = (() => {
      try {
        // @ts-expect-error: `operation` is one of the API's operation ids, so a misspelt one does not compile.
        api.requests({ operation: 'listCampaign' })
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(ApiError)
    expect((refusal as ApiError).fields).toEqual([
      { field: 'operation', message: `is not an operation of the API (one of ${OPERATION_IDS.join(', ')})` },
    ])
    // @ts-expect-error: `user_id` is a user's id, a number.
    expect(() => api.requests({ user_id: '1' })).toThrow(ApiError)
    type Filter = NonNullable<Parameters<MockApi['requests']>[0]>
    expectTypeOf<'listCampaigns' | 'updateCampaign'>().toExtend<NonNullable<Filter['operation']>>()
    expectTypeOf<'listCampaign'>().not.toExtend<NonNullable<Filter['operation']>>()
    expectTypeOf<string>().not.toExtend<NonNullable<Filter['operation']>>()
    expectTypeOf<Filter['user_id']>().toEqualTypeOf<number | undefined>()
    expect(api.requests({ operation: 'listCampaigns', user_id: 1 })).toEqual([])
  })

  it('says a user left out of a helper is required, once, and an ArrangeError lists each field with what is wrong with it', async () => {
    api = await createMockApi()
    await expect(api.arrange.rateLimited(undefined as never)).rejects.toMatchObject({
      message: 'arrange.rateLimited: user is required',
      fields: [{ field: 'user', message: 'is required' }],
    })
    await expect(api.arrange.campaign(1, { sending_limit: 10, sending_count: 11 })).rejects.toMatchObject({
      fields: [{ field: 'sending_count', message: 'must be at most sending_limit (10)' }],
    })
  })

  it('names a field an object lacks as required, and keeps what the schema says of one that is there', () => {
    const refusal = (value: unknown) => {
      try {
        validate(TopUpInput, value, 'request body')
      } catch (error) {
        return (error as ApiError).fields
      }
    }
    expect(refusal({})).toEqual([{ field: 'amount_usd', message: 'is required' }])
    expect(refusal({ amount_usd: 'ten' })).toEqual([
      { field: 'amount_usd', message: expect.not.stringMatching(/^is required$/) },
    ])
    expect(refusal({ amount_usd: 1, tip: 1 })).toEqual([{ field: 'tip', message: 'is not a known field' }])
  })
})

it('has one name per arrange helper: in-process, over HTTP and in the 404 that lists them', async () => {
  const api = await createMockApi()
  expect(Object.keys(createArrange(api.context))).toEqual([...ARRANGE_HELPERS])
  expect(arrangeOperations.map(({ path }) => path)).toEqual(ARRANGE_HELPERS.map((helper) => `/arrange/${helper}`))
})
