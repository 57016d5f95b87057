/**
 * npm run bench:serializers [-- --rounds 9] [-- --ms 300]
 *
 * Issue 33 asks that a shape serialized afresh (a record written anew, an envelope, an error body)
 * be written by a serializer compiled from the shape's JSON Schema where that is faster than
 * `JSON.stringify` over a fresh object. This measures both on what the mock really answers: the
 * bodies are fetched from a listener over loopback, parsed back to values (keys in the order the
 * answer has them), and each value is serialized by `JSON.stringify` and by `fast-json-stringify`
 * compiled from the published document's schema for that answer. The two run alternately, in
 * rounds, each for a fixed time; the figure is the median of the rounds' nanoseconds per call and
 * the median of the per-round ratios. Before timing, both outputs are compared byte for byte:
 * a compiled serializer that writes other bytes would not be a candidate at all. They are compared
 * again on the value with one member more, as a twin's body may hold one its schema does not list.
 */
import { parseArgs } from 'node:util'
import fastJson from 'fast-json-stringify'
import type { OpenAPIObject, SchemaObject } from 'openapi3-ts/oas31'
import { buildOpenApi } from '../src/openapi/build-openapi.js'
import { startListener } from '../src/runtimes/express.js'
import { median } from './lib/stats.js'
import { spreadDataset, subjectOf, UNCAPPED, UNLIMITED_TIERS } from './lib/workload.js'

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '9' }, ms: { type: 'string', default: '300' } },
})
const rounds = Number(values.rounds)
const budgetMs = Number(values.ms)

const document = buildOpenApi() as OpenAPIObject
// The listener section's dataset: 10,000 campaigns across 100 users, acting as one of them.
const dataset = spreadDataset(10_000)
const subject = subjectOf(dataset, dataset.users.length >> 1)
const listener = await startListener({ port: 0, fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED })
const base = `${listener.baseUrl}`
const get = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: subject.apiKey, 'content-type': 'application/json', ...init.headers },
  })
  return { status: response.status, value: JSON.parse(await response.text()) as unknown }
}

/** The document's response schema for an operation and status, with every component beside it. */
function responseSchema(path: string, method: 'get' | 'post' | 'patch', status: number): SchemaObject {
  const response = document.paths![path]![method]!.responses![String(status)] as {
    $ref?: string
    content?: Record<string, { schema: SchemaObject }>
  }
  const resolved = response.$ref
    ? (document.components!.responses![response.$ref.split('/').pop()!] as typeof response)
    : response
  return { ...Object.values(resolved.content!)[0]!.schema, components: document.components } as SchemaObject
}

const list = await get('/campaigns?per_page=25')
if (list.status !== 200) throw new Error(`GET /campaigns: ${list.status} ${JSON.stringify(list.value)}`)
const campaignId = (list.value as { data: { id: number }[] }).data[0]!.id
const cases = [
  {
    name: 'a campaign (GET /campaigns/{id})',
    path: '/campaigns/{id}',
    method: 'get',
    ...(await get(`/campaigns/${campaignId}`)),
  },
  { name: 'a page of 25 campaigns (GET /campaigns)', path: '/campaigns', method: 'get', ...list },
  { name: 'a not_found error', path: '/campaigns/{id}', method: 'get', ...(await get('/campaigns/999999999')) },
  {
    name: 'a validation error (POST /campaigns)',
    path: '/campaigns',
    method: 'post',
    ...(await get('/campaigns', { method: 'POST', body: JSON.stringify({ cpm: -1 }) })),
  },
] as const
await listener.close()

/** A serializer compiled from a response schema (its `#/components/…` references resolve inside it). */
function compile(schema: SchemaObject): (value: unknown) => string {
  return fastJson(schema as Parameters<typeof fastJson>[0]) as (value: unknown) => string
}

function timeCalls(write: (value: unknown) => string, value: unknown): number {
  let calls = 0
  let sink = 0
  const started = process.hrtime.bigint()
  const until = started + BigInt(budgetMs) * 1_000_000n
  let now = started
  while (now < until) {
    for (let i = 0; i < 200; i++) sink += write(value).length
    calls += 200
    now = process.hrtime.bigint()
  }
  if (sink === 0) throw new Error('nothing written')
  return Number(now - started) / calls
}

console.log(`# Serializers: JSON.stringify vs fast-json-stringify (compiled from the document's schemas)\n`)
console.log(`${rounds} alternating rounds of ${budgetMs} ms per serializer per case; Node ${process.version}.\n`)
console.log(
  '| answer | bytes | same bytes | same with a member its schema lacks | JSON.stringify ns (median) | compiled ns (median) | compiled / stringify (median of rounds) |',
)
console.log('|---|---:|---|---|---:|---:|---:|')
for (const { name, path, method, status, value } of cases) {
  const compiled = compile(responseSchema(path, method, status))
  const plain = JSON.stringify(value)
  const same = compiled(value) === plain
  // A twin's record or error may hold a member the mock's document does not list (an extra field it learned).
  const widened = { ...(value as object), request_id: 'req_1' }
  let sameWidened: string
  try {
    sameWidened = compiled(widened) === JSON.stringify(widened) ? 'yes' : 'no (the member is dropped)'
  } catch (error) {
    sameWidened = `no (${(error as Error).message})`
  }
  const stringify = (v: unknown) => JSON.stringify(v)
  const a: number[] = []
  const b: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0
    const x = first ? timeCalls(stringify, value) : 0
    const y = timeCalls(compiled, value)
    const z = first ? x : timeCalls(stringify, value)
    a.push(z)
    b.push(y)
    ratios.push(y / z)
  }
  console.log(
    `| ${name} | ${plain.length} | ${same ? 'yes' : 'no'} | ${sameWidened} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${median(ratios).toFixed(2)}x |`,
  )
}
