import { beforeAll, expect, it } from 'vitest'
import type { Exchange } from '../client/exchange.js'
import type { ContractDocument } from '../document/document.js'
import { loadContractDocument } from '../document/load-document.js'
import { PROFILES } from '../document/profiles.js'
import { SchemaValidator } from '../document/schema-validator.js'
import { createRecorder } from '../run/recorder.js'
import type { RunContext } from './check.js'
import { REGISTRY } from './registry.js'
import { writeStampProgression } from './write-stamp-progression.js'

// write_stamp_progression at the deployment's precision, on answers made up to the millisecond.
let document: ContractDocument
beforeAll(async () => {
  document = await loadContractDocument('openapi/openapi.json')
})

const BASE = 'http://api.test/api/v1'

/** A campaign as a deployment that stamps to the second answers it. */
function campaign(cpm: number, updatedAt: string) {
  return {
    id: 7,
    advert_id: 3,
    advert_title: 'an advert',
    broadcasting_type: 'active_ad',
    cpm,
    sending_limit: 1000,
    sending_count: 0,
    enabled: true,
    created_at: '2026-01-15T09:30:07Z',
    updated_at: updatedAt,
  }
}

function exchange(label: string, path: string, data: unknown, sentAt: number): Exchange {
  const [method] = label.split(' ')
  const json = { success: true, data }
  return {
    operation: label,
    request: { method: method!, url: `${BASE}${path}`, headers: {} },
    response: { status: label.startsWith('POST') ? 201 : 200, headers: {}, text: JSON.stringify(json), json },
    purpose: 'test',
    primary: true,
    credentials: 'primary',
    sentAt,
    receivedAt: sentAt + 5,
  }
}

/** Judges each exchange in turn, as the run does, and gives back the coverage and failures. */
function judge(exchanges: Exchange[]) {
  const recorder = createRecorder(
    new Set(PROFILES),
    () => true,
    (name) => REGISTRY[name],
  )
  const history: Exchange[] = []
  const run = {
    document,
    validator: new SchemaValidator(document),
    client: { baseUrl: BASE, keys: { primary: 'k' }, requests: 0 },
    state: {
      runId: 'r',
      titlePrefix: '[contract r]',
      acceptedBodies: new Map(),
      history,
      deleted: new Map(),
      notes: [],
    },
    settings: {
      allowDestructive: false,
      hasSecondKey: false,
      spendQuota: false,
      maxRequests: 10,
      maxRequestsGiven: false,
    },
  } as unknown as RunContext
  recorder.coverage.expect('PATCH /campaigns/{id}', 'write_stamp_progression')
  return (async () => {
    for (const each of exchanges) {
      history.push(each)
      await recorder.runBound(
        run,
        'write_stamp_progression',
        each.operation!,
        (ctx) => writeStampProgression.run(ctx, each),
        { exchange: each },
      )
    }
    return recorder
  })()
}

it('does not judge a write that left the stamp where it was when it came closer than one unit of the stamp, and says why', async () => {
  const recorder = await judge([
    exchange('POST /campaigns', '/campaigns', campaign(1, '2026-01-15T09:30:07Z'), 1_000),
    exchange('PATCH /campaigns/{id}', '/campaigns/7', campaign(2, '2026-01-15T09:30:07Z'), 1_400),
  ])
  expect(recorder.failures).toEqual([])
  const [row] = recorder.coverage.rows([], () => 'generic')
  expect(row).toMatchObject({
    state: 'not_exercised',
    reason: 'writes 0.4 s apart; the deployment stamps updated_at to the second',
  })
})

it('judges the same write one unit later: a stamp that did not move then is a finding', async () => {
  const recorder = await judge([
    exchange('POST /campaigns', '/campaigns', campaign(1, '2026-01-15T09:30:07Z'), 1_000),
    exchange('PATCH /campaigns/{id}', '/campaigns/7', campaign(2, '2026-01-15T09:30:07Z'), 2_200),
  ])
  expect(recorder.failures.map((failure) => failure.title)).toEqual([
    'A write that changed cpm did not move updated_at',
  ])
})

it('judges a write that moved the stamp however soon it came, and a deployment that stamps to the millisecond at once', async () => {
  const moved = await judge([
    exchange('POST /campaigns', '/campaigns', campaign(1, '2026-01-15T09:30:07Z'), 1_000),
    exchange('PATCH /campaigns/{id}', '/campaigns/7', campaign(2, '2026-01-15T09:30:08Z'), 1_100),
  ])
  expect(moved.failures).toEqual([])
  expect(moved.coverage.rows([], () => '')[0]?.state).toBe('passed')
  const fine = await judge([
    exchange('POST /campaigns', '/campaigns', campaign(1, '2026-01-15T09:30:07.123Z'), 1_000),
    exchange('PATCH /campaigns/{id}', '/campaigns/7', campaign(2, '2026-01-15T09:30:07.123Z'), 1_100),
  ])
  expect(fine.failures.map((failure) => failure.title)).toEqual(['A write that changed cpm did not move updated_at'])
})
