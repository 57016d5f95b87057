import request from 'supertest'
import { createExpressApp } from '../../src/runtimes/express.js'
import { startNodeMock } from '../../src/runtimes/node.js'
import { createMockApi, type MockApi, type MockApiOptions } from '../../src/surface/create-mock-api.js'

/** A request as the case tables write it; `path` is below /api/v1 unless it starts with /__admin or /api. */
export interface TestRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS' | 'HEAD' | 'TRACE'
  path: string
  headers?: Record<string, string>
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown
}

/** A response as the tests read it: headers by lower-case name, the body parsed from JSON. */
export interface TestResponse {
  status: number
  headers: Record<string, string>
  body: any
}

/** One way to reach the same handlers. */
export interface Transport {
  readonly name: string
  readonly api: MockApi
  send(req: TestRequest): Promise<TestResponse>
  close(): Promise<void>
}

/** The path of a test request on the server: below /api/v1 unless it names its own base. */
export function fullPath(path: string): string {
  return path.startsWith('/__admin') || path.startsWith('/api') ? path : `/api/v1${path}`
}

/** The headers and body bytes of a test request: an object as JSON (with its content type), a string as it is. */
export function encode(req: TestRequest): { headers: Record<string, string>; body?: string } {
  const headers = { ...req.headers }
  if (req.body === undefined) return { headers }
  if (typeof req.body === 'string') return { headers, body: req.body }
  return { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(req.body) }
}

/** Sends a test request with fetch to an origin and reads the answer. */
export async function fetchTestRequest(origin: string, req: TestRequest): Promise<TestResponse> {
  const { headers, body } = encode(req)
  const response = await fetch(origin + fullPath(req.path), { method: req.method, headers, body })
  const text = await response.text()
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: text ? JSON.parse(text) : undefined,
  }
}

/** fetch through msw/node's interception, in this process. */
export async function mswTransport(options?: MockApiOptions): Promise<Transport> {
  const mock = await startNodeMock({ ...options, onUnhandledRequest: 'error' })
  const origin = new URL(mock.baseUrl).origin
  return {
    name: 'msw/node',
    api: mock.api,
    send: (req) => fetchTestRequest(origin, req),
    async close() {
      mock.close()
    },
  }
}

/** supertest against the Express adapter. */
export async function expressTransport(options?: MockApiOptions): Promise<Transport> {
  const api = await createMockApi(options)
  const app = createExpressApp(api)
  return {
    name: 'express',
    api,
    async send(req) {
      const { headers, body } = encode(req)
      let test = request(app)[req.method.toLowerCase() as 'get'](fullPath(req.path)).set(headers)
      if (body !== undefined) test = test.send(body)
      const response = await test
      const text = response.text
      return {
        status: response.status,
        headers: response.headers as Record<string, string>,
        body: text ? JSON.parse(text) : undefined,
      }
    },
    async close() {},
  }
}

/** Both transports, for `describe.each`. */
export const transports = [
  { name: 'msw/node', create: mswTransport },
  { name: 'express', create: expressTransport },
] as const
