import { connect } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/adapters/express.js'
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

const HOSTILE_CASES: HostileCase[] = [
  // msw's matcher decodes path parameters and threw on these: a 500 in both transports.
  { name: 'a campaign id that is a bad percent-escape, without a key', request: { method: 'GET', path: '/campaigns/%ZZ' }, status: 404, code: 'route_not_found' },
  { name: 'an advert id that is a bad percent-escape', request: { method: 'GET', path: '/adverts/%ZZ', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'a control-plane id that is a bad percent-escape', request: { method: 'GET', path: '/__admin/users/%ZZ' }, status: 404, code: 'route_not_found' },
  { name: 'a bad percent-escape in a delete', request: { method: 'DELETE', path: '/campaigns/%ZZ', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'a bad percent-escape where no operation is', request: { method: 'GET', path: '/%ZZ', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'an escape that is not UTF-8', request: { method: 'GET', path: '/campaigns/%C3%28', headers: demo }, status: 404, code: 'route_not_found' },
  // new Request() refuses TRACE, which made the listener answer 500; in-process msw hands it on.
  { name: 'TRACE on a route', request: { method: 'TRACE', path: '/campaigns', headers: demo }, status: 404, code: 'route_not_found' },
  // Express's unknown-coding 415 was labelled invalid_json 400; in-process the pipeline refuses the coding.
  {
    name: 'a body in an unknown Content-Encoding',
    request: { method: 'POST', path: '/adverts', headers: { ...json, 'content-encoding': 'br2' }, body: '{"advert":{"title":"Zipped"}}' },
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
    request: { method: 'DELETE', path: '/campaigns/3', headers: { ...demo, 'content-type': 'text/plain' }, body: 'garbage' },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  { name: 'an empty JSON object sent to toggle a campaign', request: { method: 'POST', path: '/campaigns/1/toggle', headers: json, body: {} }, status: 422, code: 'validation_failed', field: '' },
  {
    name: 'a body sent to delete a campaign that does not exist (the body is checked before the lookup)',
    request: { method: 'DELETE', path: '/campaigns/999999', headers: json, body: { campaign: {} } },
    status: 422,
    code: 'validation_failed',
    field: '',
  },
  { name: 'a body sent to reset the mock', request: { method: 'POST', path: '/__admin/reset', body: { dataset: 'none' } }, status: 422, code: 'validation_failed', field: '' },
  { name: 'a body sent to reset the key without a key', request: { method: 'POST', path: '/user/reset_api_key', body: {} }, status: 401, code: 'unauthorized' },
  // msw matches paths case-insensitively; the operations now insist on the documented case.
  { name: 'a path in upper case', request: { method: 'GET', path: '/CAMPAIGNS/1', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'the base path in another case', request: { method: 'GET', path: '/api/V1/campaigns', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'a write to a path in another case', request: { method: 'POST', path: '/Campaigns/1/toggle', headers: demo }, status: 404, code: 'route_not_found' },
  { name: 'a control-plane path in another case', request: { method: 'POST', path: '/__admin/Reset' }, status: 404, code: 'route_not_found' },
]

describe.each(transports)('hostile requests through $name', ({ create }) => {
  let t: Transport
  beforeAll(async () => {
    t = await create()
  })
  afterAll(() => t.close())
  beforeEach(() => t.api.reset())

  it.each(HOSTILE_CASES.map((c) => [c.name, c] as const))('%s: a 4xx in the error shape, nothing changed', async (_name, { request, ...expected }) => {
    expectError(await expectNoChange(t.api, () => t.send(request)), expected)
  })

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
    expect((await t.send({ method: 'DELETE', path: '/campaigns/3', headers: { ...demo, 'content-type': 'application/json' }, body: ' ' })).status).toBe(200)
    expect((await t.send({ method: 'POST', path: '/user/reset_api_key', headers: demo })).status).toBe(200)
  })
})

/** What came back on a raw socket: the status, the headers and the bytes after them. */
interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Writes bytes to the listener and reads until it closes the connection (bounded by 3 s). */
function rawRequest(listener: Listener, bytes: string | Buffer): Promise<RawResponse> {
  const { port } = new URL(listener.origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes))
    const chunks: Buffer[] = []
    const timer = setTimeout(() => socket.destroy(new Error('the listener did not close the connection within 10 s')), 10_000)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
  })
}

/** One HTTP/1.1 request as bytes, closing the connection after the answer. */
function http11(method: string, target: string, headers: Record<string, string> = {}, body: string | Buffer = ''): Buffer {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  if (length > 0) lines.push(`Content-Length: ${length}`)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), Buffer.from(body)])
}

// Requests fetch and supertest will not send, or that only the listener's own layers
// (Node's HTTP server, Express's body reader) see: raw bytes to a listener on 127.0.0.1.
describe('hostile requests on the wire to the listener', () => {
  let listener: Listener
  beforeAll(async () => {
    listener = await startListener({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => listener.close())
  beforeEach(() => listener.api.reset())

  const expectUnchanged = (send: () => Promise<RawResponse>) => expectNoChange(listener.api, send)

  /** The error envelope, read off the wire: JSON by its content type, then the one assertion. */
  function expectWireError(response: RawResponse, status: number, code: ErrorCode): void {
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expectError({ status: response.status, body: JSON.parse(response.body) }, { status, code })
  }

  // Node hands CONNECT to the server's connect event and, with no listener there, dropped the
  // connection without a word. fetch refuses CONNECT, and in-process msw cannot parse its URL.
  it.each([
    ['a path', '/api/v1/campaigns'],
    ['an authority, as a proxy client sends', '127.0.0.1:80'],
  ])('answers CONNECT to %s with 404 route_not_found and closes', async (_name, target) => {
    const response = await expectUnchanged(() => rawRequest(listener, http11('CONNECT', target)))
    expectWireError(response, 404, 'route_not_found')
  })

  it('answers TRACE with 404 route_not_found, not a 500', async () => {
    expectWireError(await expectUnchanged(() => rawRequest(listener, http11('TRACE', '/api/v1/campaigns', demo))), 404, 'route_not_found')
  })

  it('answers a bad percent-escape on the wire with 404 route_not_found', async () => {
    expectWireError(await expectUnchanged(() => rawRequest(listener, http11('GET', '/api/v1/campaigns/%ZZ'))), 404, 'route_not_found')
    expectWireError(await expectUnchanged(() => rawRequest(listener, http11('GET', '/__admin/users/%E0%A4%A'))), 404, 'route_not_found')
  })

  it('serves the listener routes (the document) in their own case only', async () => {
    expect((await rawRequest(listener, http11('GET', '/api/v1/openapi.json'))).status).toBe(200)
    expectWireError(await rawRequest(listener, http11('GET', '/api/v1/OpenAPI.json')), 404, 'route_not_found')
  })

  it('sends no body bytes in answer to HEAD, and the Content-Length GET has', async () => {
    const get = await rawRequest(listener, http11('GET', '/api/v1/campaigns', demo))
    const head = await expectUnchanged(() => rawRequest(listener, http11('HEAD', '/api/v1/campaigns', demo)))
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.body))
  })

  // Express's body reader raises these before any handler runs; in-process there is no such
  // layer (a gzip body is a 415 there: msw hands the handlers the bytes as they were sent).
  it('answers a body that does not inflate with 400 bad_request, not invalid_json', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(listener, http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'gzip' }, 'not gzip at all')),
    )
    expectWireError(response, 400, 'bad_request')
  })

  it('answers an unknown Content-Encoding with 415 unsupported_media_type', async () => {
    const response = await expectUnchanged(() => rawRequest(listener, http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'br2' }, '{}')))
    expectWireError(response, 415, 'unsupported_media_type')
  })

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const response = await expectUnchanged(() => rawRequest(listener, http11('POST', '/api/v1/adverts', json, `"${'x'.repeat(1024 * 1024)}"`)))
    expectWireError(response, 413, 'payload_too_large')
  })

  it('inflates a gzip body and hands the handlers plain JSON', async () => {
    const body = gzipSync(JSON.stringify({ advert: { title: 'Zipped' } }))
    const response = await rawRequest(listener, http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'gzip' }, body))
    expect(response.status).toBe(201)
    expect(JSON.parse(response.body).data.title).toBe('Zipped')
  })

  it('refuses a body sent to an operation without one, whatever its type', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(listener, http11('DELETE', '/api/v1/campaigns/3', { ...demo, 'Content-Type': 'text/plain' }, 'garbage')),
    )
    expectError({ status: response.status, body: JSON.parse(response.body) }, { status: 422, code: 'validation_failed', field: '' })
  })

  // A GET's content has no defined meaning (RFC 9110 9.3.1) and fetch cannot send one: the
  // listener drops it, so a GET answers the same with or without it.
  it('ignores a body sent with a GET', async () => {
    const response = await expectUnchanged(() => rawRequest(listener, http11('GET', '/api/v1/user', json, '{"user":{}}')))
    expect(response.status).toBe(200)
  })
})
