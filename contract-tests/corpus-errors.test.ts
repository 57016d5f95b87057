import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conventions, ErrorKind, ProblemPath } from './independent-server/house-conventions.js'
import { STYLE_NAMES } from './independent-server/house-styles.js'
import {
  CORPUS_KEYS,
  createAdvert,
  createCampaign,
  startCorpusServer,
  type CorpusAnswer,
  type CorpusServer,
} from './support/differential/corpus-client.js'

// Each house style serves the errors it declares, over HTTP: for every kind of error, the status
// its conventions give, its media type, its body in its declared shape with its code (or none,
// for a style without codes), and invalid input's problems naming the field its declared way.

/** The records a row may name: the first account's advert used by a campaign, and the second account's advert. */
interface Ids {
  usedAdvert: number
  foreignAdvert: number
}

/** One kind of refusal: how to provoke it, the status and kind of error the style's conventions make of it. */
interface Row {
  name: string
  send: (server: CorpusServer, ids: Ids) => Promise<CorpusAnswer>
  expected: (conventions: Conventions) => { status: number; kind: ErrorKind; allow?: string }
  /** The field its problems must name, under `campaign`. */
  problem?: string
}

const campaign = (ids: Ids, changes: object) => ({
  campaign: { advert_id: ids.usedAdvert, broadcasting_type: 'active_ad', cpm: 2, sending_limit: 10, ...changes },
})
const wrongMethod = (c: Conventions) =>
  c.statuses.wrongMethod === 405
    ? { status: 405, kind: 'method_not_allowed' as const, allow: 'GET, POST' }
    : { status: 404, kind: 'route_not_found' as const }

const ROWS: Row[] = [
  {
    name: 'no key',
    send: (s) => s.send('GET', '/user', { as: null }),
    expected: () => ({ status: 401, kind: 'unauthorized' }),
  },
  {
    name: '"Bearer <key>"',
    send: (s) => s.send('GET', '/campaigns', { as: `Bearer ${CORPUS_KEYS[0]}` }),
    expected: () => ({ status: 401, kind: 'unauthorized' }),
  },
  {
    name: 'an unknown campaign',
    send: (s) => s.send('GET', '/campaigns/999999999'),
    expected: () => ({ status: 404, kind: 'not_found' }),
  },
  {
    name: "another account's advert, read",
    send: (s, ids) => s.send('GET', `/adverts/${ids.foreignAdvert}`),
    expected: (c) => ({ status: c.statuses.foreign, kind: c.statuses.foreign === 403 ? 'forbidden' : 'not_found' }),
  },
  {
    name: "another account's advert, changed",
    send: (s, ids) => s.send('PATCH', `/adverts/${ids.foreignAdvert}`, { body: { advert: { title: 'Mine' } } }),
    expected: (c) => ({ status: c.statuses.foreign, kind: c.statuses.foreign === 403 ? 'forbidden' : 'not_found' }),
  },
  {
    name: 'a cpm of 0 (a broken rule)',
    send: (s, ids) => s.send('POST', '/campaigns', { body: campaign(ids, { cpm: 0 }) }),
    expected: (c) => ({ status: c.statuses.invalid, kind: 'invalid' }),
    problem: 'cpm',
  },
  {
    name: 'a cpm of the wrong type',
    send: (s, ids) => s.send('POST', '/campaigns', { body: campaign(ids, { cpm: 'cheap' }) }),
    expected: (c) => ({ status: c.statuses.wrongType, kind: 'invalid' }),
    problem: 'cpm',
  },
  {
    name: 'a broadcasting type the style lacks',
    send: (s, ids) => s.send('POST', '/campaigns', { body: campaign(ids, { broadcasting_type: 'carrier_pigeon' }) }),
    expected: (c) => ({ status: c.statuses.invalid, kind: 'invalid' }),
    problem: 'broadcasting_type',
  },
  {
    name: 'malformed JSON',
    send: (s) => s.send('POST', '/adverts', { body: '{"advert":' }),
    expected: () => ({ status: 400, kind: 'invalid_json' }),
  },
  {
    name: 'PUT /campaigns',
    send: (s) => s.send('PUT', '/campaigns', { body: {} }),
    expected: wrongMethod,
  },
  {
    name: 'PUT /campaigns without a key (the router first, or the key)',
    send: (s) => s.send('PUT', '/campaigns', { body: {}, as: null }),
    expected: (c) => (c.routing === 'before-key' ? wrongMethod(c) : { status: 401, kind: 'unauthorized' }),
  },
  {
    name: 'an unknown path',
    send: (s) => s.send('GET', '/nowhere'),
    expected: () => ({ status: 404, kind: 'route_not_found' }),
  },
  {
    name: 'an advert in use',
    send: (s, ids) => s.send('DELETE', `/adverts/${ids.usedAdvert}`),
    expected: (c) => ({ status: c.statuses.inUse, kind: 'in_use' }),
  },
]

/** How each form names a field under `campaign`. */
const NAMED: Readonly<Record<ProblemPath, (field: string) => string>> = {
  wrapped: (field) => `campaign.${field}`,
  nested: (field) => `campaign.${field}`,
  leaf: (field) => field,
  pointer: (field) => `/campaign/${field}`,
  'hash-pointer': (field) => `#/campaign/${field}`,
  bracket: (field) => `campaign[${field}]`,
}

describe.each(STYLE_NAMES)('the %s style', (name) => {
  let server: CorpusServer
  let ids: Ids

  beforeAll(async () => {
    server = await startCorpusServer(name)
    const usedAdvert = await createAdvert(server)
    await createCampaign(server, usedAdvert)
    ids = { usedAdvert, foreignAdvert: await createAdvert(server, 'Not yours', CORPUS_KEYS[1]) }
  })

  afterAll(() => server.server.close())

  it.each(ROWS)('answers $name with its status, media type and error shape', async (row) => {
    const { conventions } = server.style
    const expected = row.expected(conventions)
    const answer = await row.send(server, ids)
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status)
    expect(answer.headers.get('allow')).toBe(expected.allow ?? null)
    expect(answer.mediaType).toBe(
      conventions.errors.kind === 'problem-details' ? 'application/problem+json' : 'application/json',
    )
    const error = readError(conventions, answer)
    expect(error.code).toBe(conventions.codes?.[expected.kind])
    expect(error.message).toEqual(expect.any(String))
    if (row.problem) expect(error.names).toContain(NAMED[conventions.problemPath](row.problem))
    else expect(error.names).toEqual([])
  })

  it('gives every answer of an error-object style with a request id a new one, and links the code in its documentation URL', async () => {
    const { errors, codes } = server.style.conventions
    const [first, second] = [
      await server.send('GET', '/campaigns/999999999'),
      await server.send('GET', '/campaigns/999999999'),
    ]
    if (errors.kind !== 'error-object') {
      expect(first.body.error?.request_id).toBeUndefined()
      return
    }
    if (errors.requestId) {
      expect(first.body.error[errors.requestId]).toMatch(/^req_[0-9a-f]{24}$/)
      expect(first.body.error[errors.requestId]).not.toBe(second.body.error[errors.requestId])
    }
    if (errors.documentation)
      expect(first.body.error[errors.documentation.key]).toBe(
        errors.documentation.url.replace('{code}', codes!.not_found),
      )
  })
})

/** An error body read by the style's declared shape (each member the shape requires is asserted): its code, message and problems' names. */
function readError(
  conventions: Conventions,
  { status, body }: CorpusAnswer,
): { code?: unknown; message: unknown; names: string[] } {
  const shape = conventions.errors
  if (shape.kind !== 'problem-details') expect(body.success).toBe(false)
  switch (shape.kind) {
    case 'problem-details': {
      expect(body).toMatchObject({ status, title: expect.any(String), instance: expect.stringMatching(/^\/api\/v1\//) })
      expect(body.type.startsWith(shape.typeBase)).toBe(true)
      const problems: any[] = body[shape.problems.key] ?? []
      for (const problem of problems) expect(problem[shape.problems.reason]).toEqual(expect.any(String))
      return {
        code: body.type.slice(shape.typeBase.length),
        message: body.detail,
        names: problems.map((p) => p[shape.problems.name]),
      }
    }
    case 'json-api': {
      for (const error of body.errors)
        expect(error).toMatchObject({ status: String(status), title: expect.any(String) })
      const pointers = body.errors.map((error: any) => error.source?.pointer).filter(Boolean)
      return { code: body.errors[0].code, message: body.errors[0].detail, names: pointers }
    }
    case 'error-object': {
      const problems = body.error[shape.problems.key]
      const list = shape.problems
      const names =
        problems === undefined
          ? []
          : list.form === 'map'
            ? Object.keys(problems)
            : problems.map((p: any) => p[list.name])
      return { code: body.error.code, message: body.error.message, names }
    }
    case 'message-map':
      expect(body).not.toHaveProperty('code')
      return { message: body.message, names: Object.keys(body.errors ?? {}) }
    case 'drf':
      return { code: body.code, message: body.detail, names: dotted(body.errors ?? {}) }
    case 'github':
      expect(body.documentation_url).toBe(`${shape.documentationUrl}#${status}`)
      for (const error of body.errors ?? [])
        expect(error).toMatchObject({ resource: 'Campaign', code: expect.any(String) })
      return { message: body.message, names: (body.errors ?? []).map((error: any) => error.field) }
  }
}

/** The paths of nested field errors, dotted: `{campaign: {cpm: ['…']}}` → ['campaign.cpm']. */
function dotted(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    Array.isArray(value) ? [`${prefix}${key}`] : dotted(value as Record<string, unknown>, `${prefix}${key}.`),
  )
}
