/**
 * One mock in its own process (pinned, `--expose-gc`): seeds it, reports what that cost, then
 * times rounds of sequential requests on command. `via: fetch` is the user's in-process path
 * (`startNodeMock` + `fetch`); `via: handlers` asks msw's `getResponse` directly, the handlers'
 * own cost, which is what grows (or not) with the data.
 */
import { getResponse, http } from 'msw'
import type { SetupServer } from 'msw/node'
import { startNodeMock } from '../../src/runtimes/node.js'
import { createMockApi, type MockApi } from '../../src/surface/create-mock-api.js'
import { isProfileOrder, obeyProfileOrder, type ProfileOrder } from '../lib/profile-on-demand.js'
import type { SeedCost } from '../lib/results.js'
import { summarize, type Summary } from '../lib/stats.js'
import {
  accountsDataset,
  expectedStatus,
  oneUserDataset,
  requestsOf,
  spreadDataset,
  subjectOf,
  UNCAPPED,
  UNLIMITED_TIERS,
  type RequestKind,
  type Subject,
} from '../lib/workload.js'

/** How the worker is set up (its one argument, as JSON). */
export interface MockWorkerSetup {
  campaigns: number
  /**
   * `spread`: users holding 100 campaigns each; `one-user`: one user holds them all; `accounts`:
   * one user holds `campaigns` and accounts of 1,000 hold `others` (every request acts as that user).
   */
  shape: 'spread' | 'one-user' | 'accounts'
  /** With `accounts`: how many campaigns the other accounts hold between them. */
  others?: number
  via: 'fetch' | 'handlers'
  kinds: RequestKind[]
  /**
   * Kinds to time again with msw alone (`via: fetch` only): one handler put in front with
   * `server.use()`, answering our own bytes and status (reading the body first): the floor of
   * msw's interception on this machine, against which our handlers' own cost shows.
   */
  floors?: RequestKind[]
}

/** One round: per kind, up to `requests` requests or `maxMs` of them, after `warmup` untimed ones. */
export interface RoundOrder {
  requests: number
  maxMs: number
  warmup: number
}

const setup = JSON.parse(process.argv[2]!) as MockWorkerSetup
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run the mock worker with --expose-gc')

let started = performance.now()
const dataset =
  setup.shape === 'spread'
    ? spreadDataset(setup.campaigns)
    : setup.shape === 'one-user'
      ? oneUserDataset(setup.campaigns)
      : accountsDataset(setup.campaigns, setup.others ?? 0)
const generateMs = performance.now() - started

started = performance.now()
let api: MockApi
let baseUrl: string
let server: SetupServer | undefined
if (setup.via === 'fetch') {
  const mock = await startNodeMock({ fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED })
  api = mock.api
  baseUrl = mock.baseUrl
  server = mock.server
} else {
  api = await createMockApi({ fixtures: dataset, tiers: UNLIMITED_TIERS, caps: UNCAPPED })
  baseUrl = 'http://bench.test/api/v1'
}
const seedMs = performance.now() - started

// Reads act as one user, creates and updates as others, so that writes never change what reads see.
// With `accounts`, every kind acts as the one account whose size is measured.
const middle = setup.shape === 'accounts' ? 0 : dataset.users.length >> 1
const reader = subjectOf(dataset, middle)
const writer = setup.shape === 'accounts' ? reader : subjectOf(dataset, (middle + 2) % dataset.users.length)
const subjects: Record<RequestKind, Subject> = {
  list: reader,
  filtered: reader,
  get: reader,
  create: setup.shape === 'accounts' ? reader : subjectOf(dataset, (middle + 1) % dataset.users.length),
  update: writer,
  toggle: writer,
  delete: writer,
}

gc()
const heapMb = process.memoryUsage().heapUsed / 1e6

/**
 * A handler that answers a kind's request as the mock does (the same status, headers and bytes,
 * taken from the mock once) and does nothing else but read the request's body.
 */
async function floorHandler(kind: RequestKind) {
  const { method, path, body } = requestsOf(kind, subjects[kind])[0]!
  const headers: Record<string, string> = { Authorization: subjects[kind].apiKey }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = (await getResponse(api.handlers, new Request(baseUrl + path, { method, headers, body })))!
  const bytes = await response.arrayBuffer()
  const init = { status: response.status, headers: response.headers }
  return http[method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](
    `*${new URL(baseUrl + path).pathname}`,
    async ({ request }) => {
      await request.text()
      return new Response(bytes, init)
    },
  )
}
const floors = new Map(
  await Promise.all((setup.floors ?? []).map(async (kind) => [kind, await floorHandler(kind)] as const)),
)

/** Sends one request the way `setup.via` says; fails on any status but the expected one and answers the body. */
async function send(
  kind: RequestKind,
  { method, path, body }: { method: string; path: string; body?: string },
): Promise<string> {
  const headers: Record<string, string> = { Authorization: subjects[kind].apiKey }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(baseUrl + path, { method, headers, body })
  const response = setup.via === 'fetch' ? await fetch(request) : await getResponse(api.handlers, request)
  const text = (await response?.text()) ?? ''
  if (response?.status !== expectedStatus(kind))
    throw new Error(
      `${method} ${path} answered ${response?.status} (expected ${expectedStatus(kind)}): ${text.slice(0, 300)}`,
    )
  return text
}

/**
 * A sender per kind; it answers the ms it timed itself when part of its work is not to be timed.
 * A delete takes its victims from the middle of the account's campaigns up, and after each one an
 * untimed create puts a campaign back, so the account keeps its size however many deletes run.
 */
function sender(kind: RequestKind): () => Promise<number | void> {
  const requests = requestsOf(kind, subjects[kind])
  let turn = 0
  if (kind !== 'delete') return async () => void (await send(kind, requests[turn++ % requests.length]!))
  const ids = subjects.delete.campaignIds ?? []
  // From just after the subject's campaign (the one updates and toggles use) up.
  const victims = ids.slice(ids.indexOf(subjects.delete.campaignId) + 1)
  const refill = requestsOf('create', subjects.delete)[0]!
  return async () => {
    const victim = victims.shift()
    if (victim === undefined) throw new Error('The delete bench ran out of campaigns to delete')
    const started = performance.now()
    await send('delete', { method: 'DELETE', path: `/campaigns/${victim}` })
    const took = performance.now() - started
    victims.push((JSON.parse(await send('create', refill)) as { data: { id: number } }).data.id)
    return took
  }
}

const senders = new Map(setup.kinds.map((kind) => [kind, sender(kind)]))

/** One kind's figures in one round; `floor` for msw alone answering the same bytes. */
export interface RoundRow {
  kind: RequestKind
  floor: boolean
  summary: Summary
}

/** Times one sender: warm-up and timing both bounded in time too, so a slow request cannot stall the run. */
async function time(sendOne: () => Promise<number | void>, { requests, maxMs, warmup }: RoundOrder): Promise<Summary> {
  const warmupDeadline = performance.now() + maxMs
  for (let i = 0; i < warmup && performance.now() < warmupDeadline; i++) await sendOne()
  const samples: number[] = []
  const deadline = performance.now() + maxMs
  // At least 20 samples, so a p99 means something even when one request is slow.
  while (samples.length < requests && (samples.length < 20 || performance.now() < deadline)) {
    const start = performance.now()
    const timed = await sendOne()
    samples.push(typeof timed === 'number' ? timed : performance.now() - start)
  }
  return summarize(samples)
}

async function round(order: RoundOrder): Promise<RoundRow[]> {
  const rows: RoundRow[] = []
  for (const [kind, sendOne] of senders) {
    rows.push({ kind, floor: false, summary: await time(sendOne, order) })
    const floor = floors.get(kind)
    if (!floor || !server) continue
    server.use(floor)
    rows.push({ kind, floor: true, summary: await time(sendOne, order) })
    server.resetHandlers()
  }
  return rows
}

process.on('message', (order: RoundOrder | ProfileOrder) => {
  const answer = isProfileOrder(order) ? obeyProfileOrder(order) : round(order).then((rows) => ({ rows }))
  answer.then(
    (reply) => process.send!(reply),
    (error: Error) => process.send!({ error: error.stack ?? error.message }),
  )
})
const seed: SeedCost = {
  campaigns: setup.campaigns,
  others: setup.others,
  users: dataset.users.length,
  generateMs,
  seedMs,
  heapMb,
}
process.send!(seed)
