import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { answerThroughFetch, crossEdge, sendEdgeError } from './express-edge.js'
import { BODY_LIMIT } from './request-listener.js'

// The edge as the listener uses it, with a stand-in for the handler: it echoes what it got at
// /echo, fails at /boom, and answers nothing anywhere else (then `next()` answers 418).
let server: Server
let origin: string

beforeAll(async () => {
  const answer = async (req: Request) => {
    const { pathname } = new URL(req.url)
    if (pathname === '/boom') throw new Error('the handler broke')
    if (pathname !== '/echo') return undefined
    return Response.json({
      method: req.method,
      body: req.body ? await req.text() : null,
      encoding: req.headers.get('content-encoding'),
    })
  }
  server = createServer((req, res) =>
    crossEdge(req, res, (error) => {
      if (error) return void sendEdgeError(res, error)
      void answerThroughFetch(req, res, answer, (failure) =>
        failure === undefined ? res.writeHead(418).end() : void sendEdgeError(res, failure),
      )
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** One raw request (Node's client sends what fetch refuses: TRACE, any Content-Encoding). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

const errorCode = (text: string) => (JSON.parse(text) as { error: { code: string } }).error.code

it('answers a preflight itself, 204 with the CORS headers, and puts them on every other answer', async () => {
  const preflight = await send('OPTIONS', '/echo')
  expect(preflight.status).toBe(204)
  expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/)
  expect((await send('GET', '/echo')).headers['access-control-allow-origin']).toBe('*')
})

it('hands the handler a Fetch Request with the body bytes, inflated', async () => {
  const plain = await send('POST', '/echo', { 'content-type': 'application/json' }, '{"a":1}')
  expect(JSON.parse(plain.text)).toEqual({ method: 'POST', body: '{"a":1}', encoding: null })
  const zipped = await send(
    'POST',
    '/echo',
    { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    gzipSync('{"b":2}'),
  )
  expect(JSON.parse(zipped.text)).toEqual({ method: 'POST', body: '{"b":2}', encoding: null })
})

it('passes on what the handler does not answer, and what a Fetch Request cannot carry (TRACE)', async () => {
  expect((await send('GET', '/elsewhere')).status).toBe(418)
  expect((await send('TRACE', '/echo')).status).toBe(418)
})

it("answers the body reader's errors in the error shape: 413 over the limit, 415 an unknown coding, 400 a body that does not inflate", async () => {
  const tooLarge = await send(
    'POST',
    '/echo',
    { 'content-type': 'application/json' },
    Buffer.alloc(BODY_LIMIT + 1, 0x20),
  )
  expect([tooLarge.status, errorCode(tooLarge.text)]).toEqual([413, 'payload_too_large'])
  const unknownCoding = await send('POST', '/echo', { 'content-encoding': 'zstd-ish' }, 'x')
  expect([unknownCoding.status, errorCode(unknownCoding.text)]).toEqual([415, 'unsupported_media_type'])
  const broken = await send('POST', '/echo', { 'content-encoding': 'gzip' }, 'not gzip')
  expect([broken.status, errorCode(broken.text)]).toEqual([400, 'bad_request'])
})

it('turns a handler that throws into a 500 in the error shape, and logs it', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const failed = await send('GET', '/boom')
  expect([failed.status, errorCode(failed.text)]).toEqual([500, 'internal_error'])
  expect(logged).toHaveBeenCalledWith('[ad-campaign-mock] unexpected error:', expect.any(Error))
  logged.mockRestore()
})
