import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asDemo, invalidInputCases, unknownRouteCases, unreadableBodyCases, validRequests } from './support/cases.js'
import { createResponseChecker, findOperation, loadDocument } from './support/openapi-document.js'
import { frozenClock } from './support/frozen-clock.js'
import { mswTransport, transports, type TestRequest, type Transport } from './support/transports.js'
import { MAX_BODY_BYTES } from '../src/http/read-body.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../src/store/fixtures.js'

// Every response the mock gives for the core test table (and the 401, 404 and 429 rows
// built from it here) must be documented for its operation and status and match the
// committed document's schema and headers, judged with ajv; never with the zod code.

const doc = await loadDocument()
const check = createResponseChecker(doc)

const rows: { name: string; request: TestRequest; status: number }[] = [
  ...Object.entries(validRequests).flatMap(([operationId, { status, foreignPath, missingPath, ...request }]) => [
    { name: `${operationId}: happy path`, request: asDemo(request), status },
    { name: `${operationId}: no key`, request, status: 401 },
    { name: `${operationId}: empty key`, request: { ...request, headers: { authorization: '' } }, status: 401 },
    {
      name: `${operationId}: wrong key`,
      request: { ...request, headers: { authorization: 'acs_not_a_real_key_0000000000000000' } },
      status: 401,
    },
    {
      name: `${operationId}: Bearer scheme`,
      request: { ...request, headers: { authorization: `Bearer ${DEMO_API_KEY}` } },
      status: 401,
    },
    ...(missingPath
      ? [{ name: `${operationId}: missing id`, request: asDemo({ ...request, path: missingPath }), status: 404 }]
      : []),
    ...(foreignPath
      ? [{ name: `${operationId}: another user's id`, request: asDemo({ ...request, path: foreignPath }), status: 404 }]
      : []),
  ]),
  ...[
    ...invalidInputCases,
    ...unreadableBodyCases,
    ...unknownRouteCases.filter(({ code }) => code === 'not_found'),
  ].map(({ name, request, status }) => ({ name, request: asDemo(request), status })),
  { name: 'deleteAdvert: advert in use', request: asDemo({ method: 'DELETE', path: '/adverts/1' }), status: 422 },
  {
    name: 'getCampaign: as the other user',
    request: { method: 'GET', path: '/campaigns/4', headers: { authorization: OTHER_API_KEY } },
    status: 200,
  },
]

describe.each(transports)('every response in the core table conforms to the document, through $name', ({ create }) => {
  let mock: Transport
  beforeAll(async () => {
    mock = await create()
  })
  beforeEach(() => mock.api.reset())
  afterAll(() => mock.close())

  it.each(rows)('$name', async ({ request, status }) => {
    const entry = findOperation(doc, request.method, request.path)
    expect(entry, `${request.method} ${request.path} is documented`).toBeDefined()
    const response = await mock.send(request)
    expect(response.status).toBe(status)
    expect(check(entry!, response.status, response.body, response.headers)).toEqual([])
  })
})

describe('429 responses conform to the document', () => {
  let mock: Transport
  beforeAll(async () => {
    // One request a minute for the demo user's tier: the second request of any operation is refused.
    mock = await mswTransport({
      tiers: { pro: { per_minute: 1, per_day: 1_000, max_topups: 100 } },
      clock: frozenClock(),
    })
  })
  afterAll(() => mock.close())

  it.each(Object.entries(validRequests))(
    '%s: over the per-minute limit',
    async (_operationId, { status: _s, foreignPath: _f, missingPath: _m, ...request }) => {
      await mock.api.reset()
      const entry = findOperation(doc, request.method, request.path)!
      const first = await mock.send(asDemo(request))
      // Resetting the key answers the new one, which the second request must carry.
      const key: string = first.body?.data?.api_key ?? DEMO_API_KEY
      const refused = await mock.send({ ...request, headers: { authorization: key } })
      expect(refused.status).toBe(429)
      expect(refused.body.error.code).toBe('rate_limit_exceeded')
      expect(check(entry, 429, refused.body, refused.headers)).toEqual([])
    },
  )
})

it('finds a broken response (the checker itself works)', () => {
  const entry = findOperation(doc, 'GET', '/campaigns/1')!
  expect(check(entry, 200, { success: true, data: { id: 1 } }, {})).not.toEqual([])
  expect(check(entry, 418, {}, {})).toEqual(['Received: 418 / Documented: 200, 401, 404, 429'])
  const rateLimited = check(
    entry,
    429,
    { success: false, error: { code: 'rate_limit_exceeded', message: 'slow down' } },
    {},
  )
  expect(rateLimited).toContain('header Retry-After is missing')
  expect(check(entry, 404, { success: false, error: { code: 'unauthorized', message: 'No' } }, {})).not.toEqual([])
})

/** Every example message a document gives for each error code. */
function exampleMessages(document: { raw: unknown }): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    const error = (node as { success?: unknown; error?: { code?: unknown; message?: unknown } }).error
    if (
      (node as { success?: unknown }).success === false &&
      typeof error?.code === 'string' &&
      typeof error.message === 'string'
    ) {
      found.set(error.code, (found.get(error.code) ?? new Set()).add(error.message))
    }
    for (const value of Object.values(node)) walk(value)
  }
  walk(document.raw)
  return found
}

const examples = new Map([
  ...exampleMessages(doc),
  ...exampleMessages(await loadDocument('openapi/admin.openapi.json')),
])

describe.each(transports)('the documents show the messages the mock answers, through $name', ({ name, create }) => {
  const json = { 'content-type': 'application/json' }
  const rows: [code: string, request: TestRequest][] = [
    [
      'unauthorized',
      { method: 'GET', path: '/user', headers: { authorization: 'acs_not_a_real_key_0000000000000000' } },
    ],
    ['not_found', asDemo({ method: 'GET', path: '/campaigns/42' })],
    ['invalid_json', asDemo({ method: 'POST', path: '/adverts', headers: json, body: '{x' })],
    [
      'unsupported_media_type',
      asDemo({ method: 'POST', path: '/adverts', headers: { 'content-type': 'text/plain' }, body: 'x' }),
    ],
    [
      'payload_too_large',
      asDemo({ method: 'POST', path: '/adverts', headers: json, body: JSON.stringify('x'.repeat(MAX_BODY_BYTES)) }),
    ],
    ['advert_in_use', asDemo({ method: 'DELETE', path: '/adverts/1' })],
    ['admin_forbidden', { method: 'GET', path: '/__admin/clock' }],
    [
      'topup_limit_reached',
      {
        method: 'POST',
        path: '/__admin/users/1/topups',
        headers: { 'x-admin-token': 'secret' },
        body: { amount_usd: 1 },
      },
    ],
    // Only the listener has a body reader that can fail to inflate; in-process a gzip body is a 415.
    ...(name === 'express'
      ? [
          [
            'bad_request',
            asDemo({
              method: 'POST',
              path: '/adverts',
              headers: { ...json, 'content-encoding': 'gzip' },
              body: 'not gzip',
            }),
          ] as [string, TestRequest],
        ]
      : []),
  ]
  let t: Transport
  beforeAll(async () => {
    t = await create({ adminToken: 'secret' })
    // The example's user has made the pro tier's 100 top-ups.
    for (let made = t.api.context.store.users.get(1)!.topups_count; made < 100; made++)
      await t.api.topUp(1, { amount_usd: 0.01 })
  })
  afterAll(() => t.close())

  it.each(rows)('%s', async (code, request) => {
    const response = await t.send(request)
    expect(response.body.error.code).toBe(code)
    expect([...(examples.get(code) ?? [])]).toContain(response.body.error.message)
  })
})
