import { expect, it } from 'vitest'
import { ContractDocument } from '../document/document.js'
import { ContractClient, describeFetchError, RequestBudgetExhausted } from './http-client.js'
import { remainingOf, secondsUntilReset } from './rate-limit-reading.js'

const document = new ContractDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })
const KEY = 'acs_0123456789abcdef0123456789abcdef'

function client(
  answers: Array<{ status: number; headers?: Record<string, string> }>,
  options: { maxRequests?: number } = {},
) {
  const waits: number[] = []
  const seen: Request[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init))
    const answer = answers.shift() ?? { status: 200 }
    return new Response('{"success":true,"data":{}}', {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    })
  }) as typeof globalThis.fetch
  const instance = new ContractClient({
    baseUrl: 'http://api.test/api/v1',
    document,
    keys: { primary: KEY },
    fetch,
    maxRequests: options.maxRequests ?? 10,
    wait: async (s) => void waits.push(s),
  })
  return { instance, waits, seen }
}

it('waits out Retry-After on a 429 and tries again, a bounded number of times', async () => {
  const { instance, waits, seen } = client([
    { status: 429, headers: { 'retry-after': '3' } },
    { status: 429, headers: { 'retry-after': '2' } },
    { status: 429 },
    { status: 200 },
  ])
  const exchange = await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  expect(waits).toEqual([3, 2])
  expect(seen).toHaveLength(3)
  expect(exchange.response.status).toBe(429)
})

it('hands back the 429 when asked not to retry', async () => {
  const { instance, waits } = client([{ status: 429, headers: { 'retry-after': '3' } }])
  const exchange = await instance.send({
    method: 'GET',
    path: '/user',
    credentials: 'primary',
    purpose: 'test',
    retryOnRateLimit: false,
  })
  expect(exchange.response.status).toBe(429)
  expect(waits).toEqual([])
})

it('waits for the window to reset before the next request once X-RateLimit-Remaining is 0', async () => {
  const reset = String(Math.ceil(Date.now() / 1000) + 5)
  const { instance, waits } = client([
    { status: 200, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } },
    { status: 200 },
  ])
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  expect(waits).toEqual([])
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  expect(waits).toHaveLength(1)
  expect(waits[0]).toBeGreaterThanOrEqual(4)
  expect(waits[0]).toBeLessThanOrEqual(6)
})

it("measures the reset on the server's clock: a mock moved an hour ahead still means a 5 s wait", async () => {
  const serverNow = Date.now() + 3_600_000
  const headers = {
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(Math.ceil(serverNow / 1000) + 5),
    date: new Date(serverNow).toUTCString(),
  }
  const { instance, waits } = client([{ status: 200, headers }, { status: 200 }])
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  expect(waits).toHaveLength(1)
  expect(waits[0]).toBeGreaterThanOrEqual(4)
  expect(waits[0]).toBeLessThanOrEqual(7)
})

it('prefers the draft RateLimit header: the longest t of the exhausted policies', () => {
  expect(secondsUntilReset({ ratelimit: '"minute";r=0;t=42, "day";r=19;t=50000', 'x-ratelimit-reset': '1' })).toBe(42)
  expect(secondsUntilReset({ ratelimit: '"minute";r=0;t=42, "day";r=0;t=50000' })).toBe(50000)
  expect(secondsUntilReset({ ratelimit: '"minute";r=3;t=42' })).toBeUndefined()
  expect(secondsUntilReset({})).toBeUndefined()
})

it('refuses to wait longer than it may', async () => {
  const { instance } = client([{ status: 429, headers: { 'retry-after': '3600' } }])
  await expect(
    instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' }),
  ).rejects.toThrow(/longer than the 65 s/)
})

it('stops at its request budget, except for cleanup', async () => {
  const { instance } = client([], { maxRequests: 1 })
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  await expect(
    instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' }),
  ).rejects.toBeInstanceOf(RequestBudgetExhausted)
  await expect(
    instance.send({
      method: 'DELETE',
      path: '/adverts/1',
      credentials: 'primary',
      purpose: 'cleanup',
      outsideBudget: true,
    }),
  ).resolves.toBeDefined()
})

it('sends the bare key but never records it', async () => {
  const { instance, seen } = client([])
  const exchange = await instance.send({
    method: 'POST',
    path: '/adverts',
    body: { advert: {} },
    credentials: 'primary',
    purpose: 'test',
  })
  expect(seen[0]?.headers.get('authorization')).toBe(KEY)
  expect(seen[0]?.headers.get('content-type')).toBe('application/json')
  expect(exchange.request.headers.authorization).toBe('acs_01…cdef')
  expect(JSON.stringify(exchange)).not.toContain(KEY)
})

it('paces by the draft RateLimit header when there is no X-RateLimit-Remaining: r=0 waits t', async () => {
  const { instance, waits } = client([{ status: 200, headers: { ratelimit: '"minute";r=0;t=2' } }, { status: 200 }])
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  await instance.send({ method: 'GET', path: '/user', credentials: 'primary', purpose: 'test' })
  expect(waits).toEqual([2])
})

it('reads what is left from X-RateLimit-Remaining, else the smallest r of the RateLimit policies', () => {
  expect(remainingOf({ 'x-ratelimit-remaining': '7', ratelimit: '"minute";r=3;t=1' })).toBe(7)
  expect(remainingOf({ ratelimit: '"minute";r=4;t=30, "day";r=900;t=5000' })).toBe(4)
  expect(remainingOf({ ratelimit: 'garbage' })).toBeUndefined()
  expect(remainingOf({})).toBeUndefined()
})

/** What fetch throws when it gets no answer: a TypeError whose cause carries the system's code. */
const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause })

it.each([
  [
    fetchFailed({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }),
    'connection refused (ECONNREFUSED): nothing listens there',
  ],
  [
    fetchFailed({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND ads.invalid' }),
    'DNS lookup failed (ENOTFOUND): getaddrinfo ENOTFOUND ads.invalid',
  ],
  [
    fetchFailed({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }),
    'TLS failed (DEPTH_ZERO_SELF_SIGNED_CERT): self-signed certificate',
  ],
  [
    fetchFailed({ code: 'UND_ERR_CONNECT_TIMEOUT', message: 'Connect Timeout Error' }),
    'no answer in time (UND_ERR_CONNECT_TIMEOUT)',
  ],
  [
    Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
    'no answer in time (timeout)',
  ],
  [fetchFailed({ code: 'ECONNRESET', message: 'other side closed' }), 'connection reset (ECONNRESET)'],
])('names why a request got no answer: %s', (error, words) => {
  expect(describeFetchError(error)).toBe(words)
})
