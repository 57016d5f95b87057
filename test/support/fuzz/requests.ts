import fc from 'fast-check'
import type { ContractDocument, DocumentedOperation } from '../../../contract-tests/lib/index.js'
import { DEMO_API_KEY, OTHER_API_KEY } from '../../../src/store/fixtures.js'
import { exampleRequest } from '../document-examples.js'
import { renderJson } from './json-node.js'
import { deepNesting, jsonArbitraries, type SchemaBoundaries } from './json-text.js'
import { edgesAt } from './schema-edges.js'

/** One request the fuzzer sends, to any transport: the path from the origin (query included), raw body bytes. */
export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array<ArrayBuffer>
}

/** Where each document's operations live. */
export const BASES = { api: '/api/v1', admin: '/__admin' } as const
export type Plane = keyof typeof BASES

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD'] as const

/** Header values a client can put on the wire: tab, printable ASCII and Latin-1, nothing that ends a line. */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }), fc.constant(9))
      .map((c) => String.fromCharCode(c)),
    maxLength,
  })

const authorization = fc.oneof(
  { weight: 8, arbitrary: fc.constant(DEMO_API_KEY) },
  { weight: 3, arbitrary: fc.constant(OTHER_API_KEY) },
  { weight: 2, arbitrary: fc.constant(undefined) },
  fc.constantFrom(
    '',
    ' ',
    `Bearer ${DEMO_API_KEY}`,
    `  ${DEMO_API_KEY}\t`,
    DEMO_API_KEY.toUpperCase(),
    `${DEMO_API_KEY}x`,
    'acs_',
    'null',
  ),
  headerText(64),
  fc.integer({ min: 1_000, max: 12_000 }).map((length) => 'k'.repeat(length)),
)

const contentType = fc.oneof(
  { weight: 24, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    undefined,
    '',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/vnd.api+json',
    'APPLICATION/JSON',
    'application/jsonp',
    'text/plain',
    'text/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ),
  headerText(40),
)

/** An id as a path segment: mostly small ids of both users, then everything that is not an id. */
const idSegment = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
  fc.constantFrom(
    '0',
    '-1',
    '01',
    '1e3',
    '0x10',
    '1.5',
    '+1',
    '%201',
    '1%20',
    '9007199254740991',
    '9007199254740992',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '__proto__',
    'constructor',
    '%2e%2e',
    '%2F',
    '%00',
    '%ZZ',
    '%C3%28',
    '%E2%82',
    'abc',
    '',
    '%F0%9F%92%A9',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map(encodeURIComponent),
  fc.integer({ min: 20, max: 3_000 }).map((length) => '9'.repeat(length)),
)

/** A query string: the known parameters and others, with hostile values, sometimes repeated, sometimes long. */
const queryOf = (hostileString: fc.Arbitrary<string>) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'page',
          'per_page',
          'enabled',
          'advert_id',
          'broadcasting_type',
          '__proto__',
          'constructor',
          'unknown',
          'page[]',
          '',
        ),
        fc.oneof(
          fc.integer({ min: -2, max: 120 }).map(String),
          fc.constantFrom('true', 'false', 'active_ad', 'passive_ad', '1e2', '0x1', ' 1', ''),
          hostileString,
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`))

/** Mostly nothing, now and then a value: for the headers and path changes that make most requests fail early. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn = 12): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })

/** Bytes that are not UTF-8: a lone continuation byte, an overlong form, a surrogate, a sequence cut short. */
const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xc3, 0x28],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0xfe, 0xfe],
)

/** A body's text: the operation's example with one thing wrong, any JSON, deep nesting, junk, or blank. */
function bodyText(
  example: unknown,
  edges: (keys: (string | number)[]) => { text: string }[],
  { anyNode, mutatedBody }: ReturnType<typeof jsonArbitraries>,
): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: (example === undefined ? anyNode(2) : mutatedBody(example, edges)).map(renderJson) },
    { weight: 2, arbitrary: anyNode(3).map(renderJson) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '   ',
        '\n',
        'null',
        '\ufeff{}',
        '{"a":1}{"b":2}',
        '{"user":{"email":"a@b.c"}',
        '[',
        '{"__proto__":{"polluted":1}}',
      ),
    },
  )
}

/** Text as bytes, sometimes with bytes that are not UTF-8 spliced in. */
const toBytes = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.option(fc.tuple(fc.nat(), invalidUtf8), { freq: 4 })).map(([value, splice]) => {
    const bytes = Buffer.from(value, 'utf8')
    if (!splice) return new Uint8Array(bytes) as Uint8Array<ArrayBuffer>
    const at = bytes.length === 0 ? 0 : splice[0] % (bytes.length + 1)
    return new Uint8Array(
      Buffer.concat([bytes.subarray(0, at), Buffer.from(splice[1]), bytes.subarray(at)]),
    ) as Uint8Array<ArrayBuffer>
  })

/** The operations requests are made for (every one of both documents but seed: a valid one may generate millions of records), and the documents' limits. */
export function fuzzTargets(documents: Record<Plane, ContractDocument>) {
  const operations = (Object.keys(documents) as Plane[]).flatMap((plane) =>
    documents[plane].operations
      .filter((operation) => !(plane === 'admin' && operation.path === '/seed'))
      .map((operation) => ({
        plane,
        operation,
        example: exampleRequest(documents[plane], operation),
        edges: (keys: (string | number)[]) => edgesAt(documents[plane], operation.requestBody?.schema, keys),
      })),
  )
  return { operations, boundaries: schemaBoundaries(Object.values(documents).map((document) => document.raw)) }
}

/** Every length, minimum and maximum the documents' schemas state. */
function schemaBoundaries(documents: unknown[]): SchemaBoundaries {
  const lengths = new Set<number>()
  const numbers = new Set<number>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'number' && (key === 'maxLength' || key === 'minLength')) lengths.add(value)
      else if (
        typeof value === 'number' &&
        ['maximum', 'minimum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].includes(key)
      )
        numbers.add(value)
      else visit(value)
    }
  }
  documents.forEach(visit)
  return { lengths: [...lengths], numbers: [...numbers] }
}

/**
 * Requests for every operation of both documents, mostly close to valid with one thing wrong:
 * the method, the id, the query, the key, the content type, the body (any JSON, a mutated
 * example, `1e309`, duplicate or `__proto__` keys, deep nesting, bytes that are not UTF-8).
 */
export function fuzzRequest({ operations, boundaries }: ReturnType<typeof fuzzTargets>): fc.Arbitrary<FuzzRequest> {
  const json = jsonArbitraries(boundaries)
  const query = queryOf(json.hostileString)
  return fc.constantFrom(...operations).chain(({ plane, operation, example, edges }) => {
    const method = fc.oneof(
      { weight: 6, arbitrary: fc.constant(operation.method.toUpperCase()) },
      fc.constantFrom(...METHODS),
    )
    const path = fc
      .tuple(
        idSegment,
        operation.parameters.some((p) => p.in === 'query') ? query : rarely(query, 5),
        rarely(fc.constantFrom('/', '/extra', '//', '/..', '/%2e%2e/user')),
        rarely(fc.constant(true), 20),
      )
      .map(([id, search, suffix, upper]) => {
        const template = operation.path.includes('{id}') ? operation.path.replace('{id}', id) : operation.path
        const below = upper && template.length > 1 ? template.toUpperCase() : template
        return `${BASES[plane]}${below}${suffix ?? ''}${search ?? ''}`
      })
    const body = fc.oneof(
      { weight: operation.requestBody ? 8 : 1, arbitrary: toBytes(bodyText(example.body, edges, json)) },
      { weight: operation.requestBody ? 1 : 6, arbitrary: fc.constant(undefined) },
    )
    const headers = fc.record({
      authorization,
      'content-type': contentType,
      'content-encoding': rarely(fc.constantFrom('gzip', 'identity', 'br2', 'deflate')),
      prefer: rarely(fc.constantFrom('delay=0', 'respond-async', 'code=418', 'delay=-1', 'wait=5', 'handling=strict')),
      'x-admin-token': rarely(headerText(30)),
      'x-filler': rarely(fc.integer({ min: 100, max: 9_000 }).map((length) => 'f'.repeat(length))),
    })
    return fc
      .record({ method, path, headers, body })
      .map(({ method: verb, path: target, headers: sent, body: bytes }) => {
        const clean = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Record<
          string,
          string
        >
        // fetch sends no body with GET or HEAD.
        const request: FuzzRequest = {
          method: verb,
          path: target,
          headers: clean,
          body: verb === 'GET' || verb === 'HEAD' ? undefined : bytes,
        }
        return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) })
      })
  })
}

/** A request as a failure report shows it: the body as text (bytes that are not UTF-8 as \\xNN), long runs cut. */
function describeRequest({ method, path, headers, body }: FuzzRequest): string {
  const cut = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text)
  const text = body && cut(new TextDecoder('utf-8', { fatal: false }).decode(body).replace(/\uFFFD/g, '\\xNN'))
  return `${method} ${cut(path)} ${JSON.stringify(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, cut(value)])))}${text === undefined ? '' : ` body: ${JSON.stringify(text)}`}`
}
