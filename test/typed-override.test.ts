import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { HttpResponse } from 'msw'
import { afterEach, expect, it } from 'vitest'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'

let mock: NodeMock | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const get = async (path: string) => {
  const response = await fetch(`${mock!.baseUrl}${path}`, { headers: { Authorization: mock!.apiKey } })
  return { status: response.status, body: await response.json() }
}
const emptyPage = { page: 1, per_page: 25, total_count: 0, total_pages: 0 }

it('answers one operation in place of the mock until reset(), the others still from the mock', async () => {
  mock = await startNodeMock()
  mock.override('listCampaigns', ({ response }) =>
    response(200).json({ success: true, data: [], pagination: emptyPage }),
  )
  expect(await get('/campaigns')).toEqual({ status: 200, body: { success: true, data: [], pagination: emptyPage } })
  expect((await get('/adverts')).body.data).toHaveLength(3)
  await mock.reset()
  expect((await get('/campaigns')).body.data).toHaveLength(3)
})

it('gives the resolver the path params and the query, and answers what the document does not declare only through response.untyped', async () => {
  mock = await startNodeMock()
  const seen: unknown[] = []
  mock.override('getCampaign', ({ params, response }) => {
    seen.push(params.id)
    return response.untyped(
      HttpResponse.json({ success: false, error: { code: 'internal_error', message: 'Down' } }, { status: 500 }),
    )
  })
  mock.override('listAdverts', ({ query, response }) => {
    seen.push(query.get('per_page'))
    return response(429).json({ success: false, error: { code: 'rate_limit_exceeded', message: 'Slow down' } })
  })
  expect((await get('/campaigns/2')).status).toBe(500)
  expect((await get('/adverts?per_page=5')).status).toBe(429)
  expect(seen).toEqual(['2', '5'])
})

it("follows the mock's apiBase", async () => {
  mock = await startNodeMock({ apiBase: '*/v2' })
  mock.override('getUserBalance', ({ response }) =>
    response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }),
  )
  mock.override('listCampaigns', ({ response }) => response.untyped(new Response('{"succ', { status: 500 })))
  mock.override('getCampaign', async ({ params }) => void params.id)
  expect(mock.baseUrl).toMatch(/\/v2$/)
  expect((await get('/user/balance')).body.data).toEqual({ balance_usd: 0, total_topups_usd: 0 })
})

it('answers after authentication and the rate limit: with the rate-limit headers, counted, journaled, and never without a key', async () => {
  mock = await startNodeMock()
  mock.override('getUserBalance', ({ response }) =>
    response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }),
  )
  const first = await fetch(`${mock.baseUrl}/user/balance`, { headers: { Authorization: mock.apiKey } })
  const second = await fetch(`${mock.baseUrl}/user/balance`, { headers: { Authorization: mock.apiKey } })
  expect([first.headers.get('x-ratelimit-remaining'), second.headers.get('x-ratelimit-remaining')]).toEqual([
    '1199',
    '1198',
  ])
  expect(second.headers.get('ratelimit-policy')).toContain('"minute";q=1200')
  expect(mock.requests({ operation: 'getUserBalance' })).toMatchObject([
    { status: 200, response_body: { data: { balance_usd: 0 } } },
    { status: 200, response_body: { data: { balance_usd: 0 } } },
  ])
  expect((await fetch(`${mock.baseUrl}/user/balance`)).status).toBe(401)
  expect(mock.api.overrides()).toMatchObject([{ operation: 'getUserBalance', source: 'in-process', hits: 2 }])
})

it('answers once with { once: true }, and a network error with HttpResponse.error()', async () => {
  mock = await startNodeMock()
  mock.override(
    'listAdverts',
    ({ response }) => response(429).json({ success: false, error: { code: 'rate_limit_exceeded', message: 'x' } }),
    { once: true },
  )
  mock.override('getUser', () => HttpResponse.error())
  expect((await get('/adverts')).status).toBe(429)
  expect((await get('/adverts')).status).toBe(200)
  await expect(fetch(`${mock.baseUrl}/user`, { headers: { Authorization: mock.apiKey } })).rejects.toThrow(TypeError)
})

it('refuses an operationId the API does not have, naming the ones it has', async () => {
  mock = await startNodeMock()
  // @ts-expect-error not an operationId of the document: a type error, and at run time a TypeError
  expect(() => mock!.override('listWidgets', () => undefined)).toThrow(
    /no operation "listWidgets" \(one of getUser, updateUser/,
  )
})

// The typed part, checked by the compiler: a scratch consumer with one right and three wrong overrides.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const CONSUMER = `import { HttpResponse } from 'msw'
import { startNodeMock } from '../../src/runtimes/node.js'
const mock = await startNodeMock()
mock.override('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: 0, total_topups_usd: 0 } }))
mock.override('getUserBalance', ({ response }) => response(200).json({ success: true, data: { balance_usd: '0', total_topups_usd: 0 } })) // WRONG: a string balance
mock.override('getCampaign', () => HttpResponse.json({ success: true, data: { id: 1 } })) // WRONG: a campaign without its fields
mock.override('getCampaign', ({ params }) => (params.campaignId, undefined)) // WRONG: the path param is id
`

it('fails tsc on an override whose body (or path param) the document forbids, and only there', async () => {
  mkdirSync('test-results', { recursive: true })
  const dir = mkdtempSync(resolve('test-results/override-types-'))
  writeFileSync(join(dir, 'consumer.ts'), CONSUMER)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: { noEmit: true },
      include: [],
      files: ['consumer.ts'],
    }),
  )
  const failure = await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')])
    .then(
      () => undefined,
      (error: { stdout: string }) => error.stdout,
    )
    .finally(() => rmSync(dir, { recursive: true, force: true }))
  expect(failure, 'tsc passed a consumer with wrong bodies').toBeDefined()
  const failedLines = [...failure!.matchAll(/consumer\.ts\((\d+),\d+\): error TS\d+/g)].map((match) => Number(match[1]))
  const wrongLines = CONSUMER.split('\n').flatMap((line, index) => (line.includes('// WRONG') ? [index + 1] : []))
  expect([...new Set(failedLines)]).toEqual(wrongLines)
}, 120_000)
