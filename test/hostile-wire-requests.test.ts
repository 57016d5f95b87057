import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/runtimes/express.js'
import type { ErrorCode } from '../src/errors/error-codes.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { expectError } from './support/expect-error.js'
import { http11, rawRequest, type RawResponse } from './support/raw-http.js'
import { expectNoChange } from './support/state-snapshot.js'

const demo = { Authorization: DEMO_API_KEY }
const json = { ...demo, 'content-type': 'application/json' }

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
    expectWireError(
      await expectUnchanged(() => rawRequest(listener, http11('TRACE', '/api/v1/campaigns', demo))),
      404,
      'route_not_found',
    )
  })

  it('answers a bad percent-escape on the wire with 404 route_not_found', async () => {
    expectWireError(
      await expectUnchanged(() => rawRequest(listener, http11('GET', '/api/v1/campaigns/%ZZ'))),
      404,
      'route_not_found',
    )
    expectWireError(
      await expectUnchanged(() => rawRequest(listener, http11('GET', '/__admin/users/%E0%A4%A'))),
      404,
      'route_not_found',
    )
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
      rawRequest(
        listener,
        http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'gzip' }, 'not gzip at all'),
      ),
    )
    expectWireError(response, 400, 'bad_request')
  })

  it('answers an unknown Content-Encoding with 415 unsupported_media_type', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(listener, http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'br2' }, '{}')),
    )
    expectWireError(response, 415, 'unsupported_media_type')
  })

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(listener, http11('POST', '/api/v1/adverts', json, `"${'x'.repeat(1024 * 1024)}"`)),
    )
    expectWireError(response, 413, 'payload_too_large')
  })

  it('inflates a gzip body and hands the handlers plain JSON', async () => {
    const body = gzipSync(JSON.stringify({ advert: { title: 'Zipped' } }))
    const response = await rawRequest(
      listener,
      http11('POST', '/api/v1/adverts', { ...json, 'Content-Encoding': 'gzip' }, body),
    )
    expect(response.status).toBe(201)
    expect(JSON.parse(response.body).data.title).toBe('Zipped')
  })

  it('refuses a body sent to an operation without one, whatever its type', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(
        listener,
        http11('DELETE', '/api/v1/campaigns/3', { ...demo, 'Content-Type': 'text/plain' }, 'garbage'),
      ),
    )
    expectError(
      { status: response.status, body: JSON.parse(response.body) },
      { status: 422, code: 'validation_failed', field: '' },
    )
  })

  // A GET's content has no defined meaning (RFC 9110 9.3.1) and fetch cannot send one: the
  // listener drops it, so a GET answers the same with or without it.
  it('ignores a body sent with a GET', async () => {
    const response = await expectUnchanged(() =>
      rawRequest(listener, http11('GET', '/api/v1/user', json, '{"user":{}}')),
    )
    expect(response.status).toBe(200)
  })
})
