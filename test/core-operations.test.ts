import { beforeEach, describe, expect, it } from 'vitest'
import { operations } from '../src/operations/api.js'
import { DEFAULT_MODEL } from '../src/model/api-model.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import {
  asDemo,
  controlPlaneCases,
  invalidInputCases,
  unknownRouteCases,
  unreadableBodyCases,
  validRequests,
} from './support/cases.js'
import { expectError } from './support/expect-error.js'
import { expectNoChange } from './support/state-snapshot.js'
import { transports, type TestRequest, type Transport } from './support/transports.js'
import { useTransport } from './support/use-transport.js'

describe.each(transports)('every operation through $name', ({ create }) => {
  const transport = useTransport(create)
  let t: Transport
  beforeEach(() => void (t = transport()))

  /** Sends a request and asserts that the whole state is exactly as before. */
  const sendExpectingNoChange = (req: TestRequest) => expectNoChange(t.api, () => t.send(req))

  it(`has a valid request for each of the ${operations.length} operations`, () => {
    expect(Object.keys(validRequests).sort()).toEqual(operations.map((op) => op.operationId).sort())
  })

  describe.each(operations.map((op) => ({ op, id: op.operationId, req: validRequests[op.operationId]! })))(
    '$id',
    ({ op, req }) => {
      it(`answers ${op.response.status} with the success envelope`, async () => {
        const response = await t.send(asDemo(req))
        expect(response.status).toBe(op.response.status)
        expect(response.headers['content-type']).toMatch(/^application\/json/)
        const envelope = DEFAULT_MODEL.successSchema(op)!
        expect(envelope.safeParse(response.body).error?.issues).toBeUndefined()
      })

      it.each([
        ['no Authorization header', {}],
        ['an empty key', { Authorization: '' }],
        ['a wrong key', { Authorization: 'acs_not_a_real_key_0000000000000000' }],
        ['the right key as "Bearer <key>"', { Authorization: `Bearer ${DEMO_API_KEY}` }],
      ])('answers 401 to %s and changes nothing', async (_name, headers) => {
        const response = await sendExpectingNoChange({ ...req, headers })
        expectError(response, { status: 401, code: 'unauthorized' })
      })
    },
  )

  const byId = operations.filter((op) => validRequests[op.operationId]!.foreignPath)
  it.each(byId.map((op) => [op.operationId, validRequests[op.operationId]!] as const))(
    "%s: 404 for another user's resource and for an unknown id, changing nothing",
    async (_id, req) => {
      for (const path of [req.foreignPath!, req.missingPath!]) {
        const response = await sendExpectingNoChange(asDemo({ ...req, path }))
        expectError(response, { status: 404, code: 'not_found' })
      }
    },
  )

  it('covers every operation with an id in the 404 table', () => {
    expect(byId.map((op) => op.path)).toEqual(operations.filter((op) => op.path.includes('{id}')).map((op) => op.path))
  })

  it('says to send the bare key when a scheme word is used', async () => {
    const response = await t.send({
      method: 'GET',
      path: '/user',
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
    })
    expect(response.body.error.message).toMatch(/bare API key/)
  })

  it.each(
    [...invalidInputCases, ...unreadableBodyCases, ...unknownRouteCases, ...controlPlaneCases].map(
      (c) => [c.name, c] as const,
    ),
  )('%s: error in the error shape, nothing changed', async (_name, { request, ...expected }) => {
    expectError(await sendExpectingNoChange(asDemo(request)), expected)
  })
})
