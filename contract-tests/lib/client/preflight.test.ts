import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { loadContractDocument } from '../document/load-document.js'
import { preflight, PreflightError } from './preflight.js'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A loopback server answering every request with `status`, or never answering. */
async function serve(status: number | 'never'): Promise<string> {
  server = createServer((_req, res) => {
    if (status !== 'never') res.writeHead(status, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
}

async function problemOf(baseUrl: string, timeoutMs?: number): Promise<PreflightError> {
  const document = await loadContractDocument('openapi/openapi.json')
  const error = await preflight({ baseUrl, document, keys: [{ key: 'k', name: 'CONTRACT_API_KEY' }], timeoutMs }).catch(
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(PreflightError)
  return error as PreflightError
}

it('refuses to start when the key is refused, naming the variable and the answer', async () => {
  const baseUrl = await serve(401)
  expect(await problemOf(baseUrl)).toMatchObject({
    problem: 'key_rejected',
    message: `The key in CONTRACT_API_KEY was refused: GET ${baseUrl}/user answered 401`,
  })
})

it('refuses to start when the base URL is not the API (a 404 at GET /user: the versioned prefix missing?)', async () => {
  const baseUrl = await serve(404)
  expect((await problemOf(baseUrl)).message).toMatch(
    /answered 404 \(does CONTRACT_BASE_URL end with the versioned prefix, e\.g\. \/api\/v1\?\); nothing can be checked$/,
  )
})

it('gives up after its timeout when the deployment never answers, and says so', async () => {
  const baseUrl = await serve('never')
  const started = Date.now()
  const problem = await problemOf(baseUrl, 300)
  expect(problem).toMatchObject({ problem: 'unreachable' })
  expect(problem.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/user: no answer in time/)
  expect(Date.now() - started).toBeLessThan(5_000)
})

it('lets the run start when the key is accepted', async () => {
  const baseUrl = await serve(200)
  const document = await loadContractDocument('openapi/openapi.json')
  await expect(
    preflight({ baseUrl, document, keys: [{ key: 'k', name: 'CONTRACT_API_KEY' }] }),
  ).resolves.toBeUndefined()
})
