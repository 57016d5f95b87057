import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../src/errors/error-codes.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { expectError, type ExpectedError } from './support/expect-error.js'
import { expectNoChange, stateSnapshot } from './support/state-snapshot.js'
import { transports, type TestRequest, type Transport } from './support/transports.js'

// Requests a careless or hostile client sends at the transport's edges: paths that do not
// decode, methods no handler can hold, bodies where none belongs, paths in the wrong case,
// HEAD. Each must be a 4xx in the error shape (or HEAD's GET answer) and change nothing.

interface HostileCase extends ExpectedError {
  name: string
  request: TestRequest
  code: ErrorCode
}

const demo = { Authorization: DEMO_API_KEY }
const json = { ...demo, 'content-type': 'application/json' }

/** A request that no route answers: a 404 route_not_found. */
const noRoute = (
  name: string,
  method: TestRequest['method'],
  path: string,
  headers?: TestRequest['headers'],
): HostileCase => ({
  name,
  request: { method, path, headers },
  status: 404,
  code: 'route_not_found',
})

const HOSTILE_CASES: HostileCase[] = [
  // msw's matcher decodes path parameters and threw on these: a 500 in both transports.
  noRoute('a campaign id that is a bad percent-escape, without a key', 'GET', '/campaigns/%ZZ'),
  noRoute('an advert id that is a bad percent-escape', 'GET', '/adverts/%ZZ', demo),
  noRoute('a control-plane id that is a bad percent-escape', 'GET', '/__admin/users/%ZZ'),
  noRoute('a bad percent-escape in a delete', 'DELETE', '/campaigns/%ZZ', demo),
  noRoute('a bad percent-escape where no operation is', 'GET', '/%ZZ', demo),
  noRoute('an escape that is not UTF-8', 'GET', '/campaigns/%C3%28', demo),
  // new Request() refuses TRACE, which made the listener answer 500; in-process msw hands it on.
  noRoute('TRACE on a route', 'TRACE', '/campaigns', demo),
  // Express's unknown-coding 415 was labelled invalid_json 400; in-process the pipeline refuses the coding.
  {
    name: 'a body in an unknown Content-Encoding',
    request: {
      method: 'POST',
      path: '/adverts',
      headers: { ...json, 'content-encoding': 'br2' },
      body: '{"advert":{"title":"Zipped"}}',
    },
    status: 415,
    code: 'unsupported_media_type',
  },
  // Operations without a body ignored any body sent to them and went ahead.
  {
    name: 'a body sent to reset the API key',
    request: { method: 'POST', path: '/user/reset_api_key', headers: json, body: { user: {} } },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  {
    name: 'a text body sent to delete a campaign',
    request: {
      method: 'DELETE',
      path: '/campaigns/3',
      headers: { ...demo, 'content-type': 'text/plain' },
      body: 'garbage',
    },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  {
    name: 'an empty JSON object sent to toggle a campaign',
    request: { method: 'POST', path: '/campaigns/1/toggle', headers: json, body: {} },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  {
    name: 'a body sent to delete a campaign that does not exist (the body is checked before the lookup)',
    request: { method: 'DELETE', path: '/campaigns/999999', headers: json, body: { campaign: {} } },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  {
    name: 'a body sent to reset the mock',
    request: { method: 'POST', path: '/__admin/reset', body: { dataset: 'none' } },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  {
    name: 'a body sent to reset the key without a key',
    request: { method: 'POST', path: '/user/reset_api_key', body: {} },
    status: 401,
    code: 'unauthorized',
  },
  // msw matches paths case-insensitively; the operations now insist on the documented case.
  noRoute('a path in upper case', 'GET', '/CAMPAIGNS/1', demo),
  noRoute('the base path in another case', 'GET', '/api/V1/campaigns', demo),
  noRoute('a write to a path in another case', 'POST', '/Campaigns/1/toggle', demo),
  noRoute('a control-plane path in another case', 'POST', '/__admin/Reset'),
]

describe.each(transports)('hostile requests through $name', ({ create }) => {
  let t: Transport
  beforeAll(async () => {
    t = await create()
  })
  afterAll(() => t.close())
  beforeEach(() => t.api.reset())

  it.each(HOSTILE_CASES.map((c) => [c.name, c] as const))(
    '%s: a 4xx in the error shape, nothing changed',
    async (_name, { request, ...expected }) => {
      expectError(await expectNoChange(t.api, () => t.send(request)), expected)
    },
  )

  it('answers HEAD like GET: same status and headers, Content-Length of the GET body, no body', async () => {
    const before = stateSnapshot(t.api)
    for (const path of ['/campaigns', '/campaigns/1', '/user', '/adverts?page=1&per_page=2']) {
      const get = await t.send({ method: 'GET', path, headers: demo })
      const head = await t.send({ method: 'HEAD', path, headers: demo })
      expect(head.status, path).toBe(200)
      expect(head.body, path).toBeUndefined()
      expect(head.headers['content-type']).toBe(get.headers['content-type'])
      expect(head.headers['x-ratelimit-limit']).toBe(get.headers['x-ratelimit-limit'])
      expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(get.body)))
    }
    expect(stateSnapshot(t.api)).toEqual(before)
  })

  it('answers HEAD with the status GET would give: 401, 404, and 404 where there is no GET', async () => {
    const cases: [TestRequest, number][] = [
      [{ method: 'HEAD', path: '/campaigns' }, 401],
      [{ method: 'HEAD', path: '/campaigns/999999', headers: demo }, 404],
      [{ method: 'HEAD', path: '/user/reset_api_key', headers: demo }, 404],
      [{ method: 'HEAD', path: '/campaigns/%ZZ' }, 404],
      [{ method: 'HEAD', path: '/__admin/users' }, 200],
    ]
    for (const [request, status] of cases) {
      const response = await expectNoChange(t.api, () => t.send(request))
      expect(response.status, request.path).toBe(status)
      expect(response.body, request.path).toBeUndefined()
    }
  })

  it('tolerates a trailing slash, as documented', async () => {
    expect((await t.send({ method: 'GET', path: '/campaigns/1/', headers: demo })).status).toBe(200)
    expect((await t.send({ method: 'GET', path: '/user/', headers: demo })).status).toBe(200)
  })

  it('still resets the key and deletes when no body is sent, or one of white space only', async () => {
    expect(
      (
        await t.send({
          method: 'DELETE',
          path: '/campaigns/3',
          headers: { ...demo, 'content-type': 'application/json' },
          body: ' ',
        })
      ).status,
    ).toBe(200)
    expect((await t.send({ method: 'POST', path: '/user/reset_api_key', headers: demo })).status).toBe(200)
  })
})
