import { afterEach, expect, it } from 'vitest'
import { startListener, type Listener, type ListenerOptions } from '../src/runtimes/express.js'
import type { RequestLogEntry } from '../src/listener/request-log.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { expectError } from './support/expect-error.js'
import { rawRequest } from './support/raw-http.js'

let listener: Listener | undefined
afterEach(async () => {
  await listener?.close()
  listener = undefined
})

async function start(options: ListenerOptions = {}): Promise<Listener> {
  listener = await startListener({ port: 0, ...options })
  return listener
}

const demo = { Authorization: DEMO_API_KEY }

/** Waits (bounded) until the listener holds `count` requests in flight. */
async function untilInFlight(target: Listener, count: number): Promise<void> {
  for (let waited = 0; target.inFlight < count; waited += 10) {
    if (waited > 10_000) throw new Error(`never ${count} requests in flight`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

it('lets a request in flight finish when closing with a grace period, and accepts no new connection', async () => {
  const target = await start()
  const slow = fetch(`${target.baseUrl}/user`, { headers: { ...demo, Prefer: 'delay=700' } })
  await untilInFlight(target, 1)
  const closing = target.close({ graceMs: 10_000 })
  await expect(fetch(`${target.baseUrl}/user`, { headers: demo })).rejects.toThrow()
  const response = await slow
  expect(response.status).toBe(200)
  expect(response.headers.get('connection')).toBe('close')
  expect((await response.json()).data.id).toBe(1)
  await closing
  expect(target.inFlight).toBe(0)
})

it('cuts what is still in flight once the grace period is over', async () => {
  const target = await start()
  const slow = fetch(`${target.baseUrl}/user`, { headers: { ...demo, Prefer: 'delay=30000' } })
  await untilInFlight(target, 1)
  await target.close({ graceMs: 100 })
  await expect(slow).rejects.toThrow()
})

it('closes at once without a grace period, as before', async () => {
  const target = await start()
  const slow = fetch(`${target.baseUrl}/user`, { headers: { ...demo, Prefer: 'delay=30000' } })
  await untilInFlight(target, 1)
  await target.close()
  await expect(slow).rejects.toThrow()
})

it('logs one line per request: time, method, path, status, duration and user id, never the key or the admin token', async () => {
  const lines: string[] = []
  const target = await start({ requestLog: { write: (line) => lines.push(line) }, adminToken: 'admin-secret-token' })
  await fetch(`${target.baseUrl}/campaigns?page=1&note=${DEMO_API_KEY}`, { headers: demo })
  await fetch(`${target.baseUrl}/user`)
  await fetch(`${target.origin}/__admin/users?token=admin-secret-token`, {
    headers: { 'X-Admin-Token': 'admin-secret-token' },
  })
  await fetch(`${target.baseUrl}/adverts`, {
    method: 'POST',
    headers: { ...demo, 'content-type': 'text/plain' },
    body: 'x',
  })
  await until(() => lines.length === 4)
  expect(lines[0]).toMatch(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/api\/v1\/campaigns\?page=1&note=\[redacted\] 200 \d+(\.\d)? ms user 1$/,
  )
  expect(lines[1]).toMatch(/ GET \/api\/v1\/user 401 \d+(\.\d)? ms$/)
  expect(lines[2]).toMatch(/ GET \/__admin\/users\?token=\[redacted\] 200 /)
  expect(lines[3]).toMatch(/ POST \/api\/v1\/adverts 415 .* user 1$/)
  expect(lines.join('\n')).not.toContain(DEMO_API_KEY)
  expect(lines.join('\n')).not.toContain('admin-secret-token')
})

it('logs JSON lines with --log json, and a client that went away as aborted', async () => {
  const lines: string[] = []
  const target = await start({ requestLog: { format: 'json', write: (line) => lines.push(line) } })
  await fetch(`${target.baseUrl}/campaigns/1`, { headers: demo })
  const gone = new AbortController()
  const abandoned = fetch(`${target.baseUrl}/user`, { headers: { ...demo, Prefer: 'delay=5000' }, signal: gone.signal })
  await untilInFlight(target, 1)
  gone.abort()
  await expect(abandoned).rejects.toThrow()
  await until(() => lines.length === 2)
  const [read, aborted] = lines.map((line) => JSON.parse(line) as RequestLogEntry)
  expect(read).toEqual({
    time: expect.any(String),
    method: 'GET',
    path: '/api/v1/campaigns/1',
    status: 200,
    duration_ms: expect.any(Number),
    user_id: 1,
  })
  expect(aborted).toMatchObject({ method: 'GET', path: '/api/v1/user', status: null, user_id: 1 })
})

it('answers headers over 16 KiB with 431 headers_too_large in the error shape, not a bare status line', async () => {
  const target = await start()
  const response = await rawRequest(
    target,
    `GET /api/v1/user HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`,
  )
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expectError({ status: response.status, body: JSON.parse(response.body) }, { status: 431, code: 'headers_too_large' })
})

it('answers a request that is not HTTP with 400 bad_request in the error shape', async () => {
  const target = await start()
  const response = await rawRequest(target, 'GARBAGE\r\n\r\n')
  expectError({ status: response.status, body: JSON.parse(response.body) }, { status: 400, code: 'bad_request' })
  const badHeader = await rawRequest(target, 'GET /api/v1/user HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n')
  expectError({ status: badHeader.status, body: JSON.parse(badHeader.body) }, { status: 400, code: 'bad_request' })
})

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('condition never held')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
