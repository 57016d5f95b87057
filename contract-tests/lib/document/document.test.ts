import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { JsonObject } from './document.js'
import { loadContractDocument } from './load-document.js'
import { SchemaValidator } from './schema-validator.js'

it('finds the operation a request reaches, literal paths before templates', async () => {
  const document = await loadContractDocument('openapi/openapi.json')
  expect(document.find('GET', '/campaigns/12')?.label).toBe('GET /campaigns/{id}')
  expect(document.find('post', '/campaigns/12/toggle')?.label).toBe('POST /campaigns/{id}/toggle')
  expect(document.find('GET', '/user/balance')?.label).toBe('GET /user/balance')
  expect(document.find('PUT', '/user')).toBeUndefined()
})

it('resolves $refs of responses and headers, and validates with formats on', async () => {
  const document = await loadContractDocument('openapi/openapi.json')
  const operation = document.get('POST /campaigns')!
  const created = document.response(operation, 201)!
  expect(created.headers.map((h) => h.name)).toContain('X-RateLimit-Remaining')
  expect(document.response(operation, 429)?.headers.find((h) => h.name === 'Retry-After')?.required).toBe(true)
  expect(document.response(operation, 404)).toBeUndefined()
  const validator = new SchemaValidator(document)
  const user = {
    id: 1,
    email: 'x',
    api_key: 'k'.repeat(20),
    balance_usd: 1,
    total_topups_usd: 1,
    api_tier: 'pro',
    api_tier_limits: { per_minute: 1, per_day: 1, max_topups: 1 },
    created_at: 'now',
    updated_at: '2026-01-01T00:00:00.000Z',
  }
  const errors = validator.validate(document.response(document.get('GET /user')!, 200)!.schemaPointer!, {
    success: true,
    data: user,
  })
  expect(errors.join('\n')).toMatch(/\/data\/email must match format "email"/)
  expect(errors.join('\n')).toMatch(/\/data\/created_at must match format "date-time"/)
})

it('refuses a document that is not OpenAPI 3.1', async () => {
  await expect(loadContractDocument({ openapi: '3.0.3', paths: {} })).rejects.toThrow(/Not an OpenAPI 3.1 document/)
  await expect(loadContractDocument('no/such/openapi.json')).rejects.toThrow(
    /Cannot read the OpenAPI document "no\/such\/openapi.json": ENOENT/,
  )
})

it('trusts nothing of the implementation: the library imports nothing from src/', async () => {
  const files = (await readdir('contract-tests/lib', { recursive: true })).filter((file) => file.endsWith('.ts'))
  for (const file of files) {
    const text = await readFile(join('contract-tests/lib', file), 'utf8')
    expect(text, file).not.toMatch(/from '(\.\.\/)+src\//)
  }
})

it('reads the error code a response states: from its schema, else from its examples, else none', async () => {
  const raw = JSON.parse(await readFile('openapi/openapi.json', 'utf8'))
  const codeOf = async (label: string, status: number) => {
    const document = await loadContractDocument(raw)
    return document.errorCode(document.response(document.get(label)!, status)!)
  }
  expect(await codeOf('GET /user', 429)).toEqual({ code: 'rate_limit_exceeded', in: 'schema' })
  expect(await codeOf('GET /campaigns/{id}', 404)).toEqual({ code: 'not_found', in: 'schema' })
  expect(await codeOf('GET /user', 200)).toBeUndefined()
  const media = raw.components.responses.RateLimitExceeded.content['application/json']
  media.schema.properties.error = { $ref: '#/components/schemas/Error' }
  media.examples.rate_limit_exceeded.value.error.code = 'slow_down'
  expect(await codeOf('GET /user', 429)).toEqual({ code: 'slow_down', in: 'examples' })
  delete media.examples
  expect(await codeOf('GET /user', 429)).toBeUndefined()
})

it('knows nothing of the mock: no key format, no error code, no control-plane path in the library code', async () => {
  const files = (await readdir('contract-tests/lib', { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )
  for (const file of files) {
    const code = (await readFile(join('contract-tests/lib', file), 'utf8'))
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\/\*\*|\*)/.test(line))
      .join('\n')
    expect(code, file).not.toMatch(/acs_|rate_limit_exceeded|validation_failed|not_found|advert_in_use|invalid_json/)
    if (file !== 'client/control-plane.ts') expect(code, file).not.toMatch(/__admin/)
  }
})

it('reads the document a twin file carries, so that CONTRACT_OPENAPI can name the twin file itself', async () => {
  const twin = await loadContractDocument('fixtures/independent.twin.json')
  const own = JSON.parse(await readFile('fixtures/independent.twin.json', 'utf8')) as { document: JsonObject }
  expect(twin.raw).toEqual(own.document)
  expect(twin.operations.length).toBeGreaterThan(10)
})
