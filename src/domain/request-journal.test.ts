import { expect, it } from 'vitest'
import { MAX_JOURNAL_BODIES, MAX_JOURNAL_BODY } from '../schemas/journal.js'
import { createRequestJournal, keepRecord, type JournalRecord } from './request-journal.js'

const entry = (path: string, more: Partial<JournalRecord> = {}): JournalRecord => ({
  at: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  path,
  status: 200,
  duration_ms: 1,
  user_id: 1,
  operation_id: 'getUser',
  ...more,
})

it('keeps only the last capacity entries, oldest first', () => {
  const journal = createRequestJournal(3)
  for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.record(entry(path))
  expect(journal.entries().map((e) => [e.seq, e.path])).toEqual([
    [3, '/c'],
    [4, '/d'],
    [5, '/e'],
  ])
})

it('clears and counts what it held, numbering again from 1', () => {
  const journal = createRequestJournal(3)
  journal.record(entry('/a'))
  journal.record(entry('/b'))
  expect(journal.clear()).toBe(2)
  journal.record(entry('/c'))
  expect(journal.entries()).toMatchObject([{ seq: 1, path: '/c' }])
})

it('refuses a size that is not a positive integer', () => {
  expect(() => createRequestJournal(0)).toThrow(RangeError)
})

it('keeps both bodies as JSON values, text that is not JSON as text, and null for none', () => {
  const journal = createRequestJournal(3)
  journal.record(entry('/a', { request_body: '{"campaign":{"cpm":3}}', response_body: '{"success":true}' }))
  journal.record(entry('/b', { request_body: 'not json', response_body: null }))
  expect(journal.entries()).toMatchObject([
    { request_body: { campaign: { cpm: 3 } }, response_body: { success: true }, truncated: false },
    { request_body: 'not json', response_body: null, truncated: false },
  ])
})

it("redacts the caller's key wherever it appears in a body, and every api_key field", () => {
  const journal = createRequestJournal(3)
  const key = 'acs_secret_0123456789'
  journal.record(
    entry('/a', {
      key,
      request_body: `{"note":"my key is ${key}"}`,
      response_body: '{"data":{"id":2,"api_key":"acs_fresh_key_\\"x"}}',
    }),
  )
  const [kept] = journal.entries()
  expect(kept).toMatchObject({
    request_body: { note: 'my key is [redacted]' },
    response_body: { data: { id: 2, api_key: '[redacted]' } },
  })
  expect(JSON.stringify(kept)).not.toContain('acs_')
})

it(`cuts a body at ${MAX_JOURNAL_BODY} characters, keeping it as text that ends with …, and says so`, () => {
  const journal = createRequestJournal(3)
  const long = JSON.stringify({ title: 'x'.repeat(MAX_JOURNAL_BODY) })
  journal.record(entry('/a', { request_body: long, response_body: '{}' }))
  const [kept] = journal.entries()
  expect(kept!.truncated).toBe(true)
  expect(kept!.request_body).toHaveLength(MAX_JOURNAL_BODY)
  expect(kept!.request_body).toMatch(/^\{"title":"xxx.*…$/)
  expect(kept!.response_body).toEqual({})
})

it(`keeps at most ${MAX_JOURNAL_BODIES} characters of bodies in all: the oldest entries lose theirs first`, () => {
  const journal = createRequestJournal(1000)
  const body = `"${'y'.repeat(MAX_JOURNAL_BODY - 10)}"`
  const fits = Math.floor(MAX_JOURNAL_BODIES / body.length)
  for (let i = 0; i < fits + 3; i++) journal.record(entry(`/${i}`, { request_body: body }))
  const entries = journal.entries()
  expect(entries).toHaveLength(fits + 3)
  expect(entries.slice(0, 3).map((e) => [e.request_body, e.truncated])).toEqual([
    [null, true],
    [null, true],
    [null, true],
  ])
  expect(entries.slice(3).every((e) => e.request_body !== null && !e.truncated)).toBe(true)
})

it('filters by operation, method, path pattern, status or class, user, time and body, and keeps the last `limit`', () => {
  const journal = createRequestJournal(10)
  const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`
  journal.record(
    entry('/api/v1/campaigns/7', {
      method: 'PATCH',
      operation_id: 'updateCampaign',
      request_body: '{"campaign":{"cpm":3,"enabled":true}}',
      at: at(1),
    }),
  )
  journal.record(
    entry('/api/v1/campaigns/8', {
      method: 'PATCH',
      operation_id: 'updateCampaign',
      request_body: '{"campaign":{"cpm":4}}',
      status: 422,
      at: at(2),
    }),
  )
  journal.record(entry('/api/v1/campaigns?page=2', { operation_id: 'listCampaigns', user_id: 2, at: at(3) }))
  journal.record(entry('/api/v1/user', { status: 401, user_id: null, at: at(4) }))
  const paths = (filter: Parameters<typeof journal.entries>[0]) => journal.entries(filter).map((e) => e.path)
  expect(paths({ operation: 'updateCampaign' })).toEqual(['/api/v1/campaigns/7', '/api/v1/campaigns/8'])
  expect(paths({ method: 'patch', path: '/campaigns/7' })).toEqual(['/api/v1/campaigns/7'])
  expect(paths({ path: '/api/v1/campaigns/{id}' })).toEqual(['/api/v1/campaigns/7', '/api/v1/campaigns/8'])
  expect(paths({ path: '/campaigns' })).toEqual(['/api/v1/campaigns?page=2'])
  expect(paths({ path: '/campaigns?page=1' })).toEqual([])
  expect(paths({ path: '/**' })).toHaveLength(4)
  expect(paths({ status: 422 })).toEqual(['/api/v1/campaigns/8'])
  expect(paths({ status: '4xx' })).toEqual(['/api/v1/campaigns/8', '/api/v1/user'])
  expect(paths({ user_id: 2 })).toEqual(['/api/v1/campaigns?page=2'])
  expect(paths({ since: at(3) })).toEqual(['/api/v1/campaigns?page=2', '/api/v1/user'])
  expect(paths({ since: '2026-03-01T11:02:30+01:00' })).toEqual(['/api/v1/campaigns?page=2', '/api/v1/user'])
  expect(paths({ body: { campaign: { cpm: 3 } } })).toEqual(['/api/v1/campaigns/7'])
  expect(paths({ body: { campaign: { cpm: 5 } } })).toEqual([])
  expect(paths({ body: null })).toEqual(['/api/v1/campaigns?page=2', '/api/v1/user'])
  expect(paths({ limit: 2 })).toEqual(['/api/v1/campaigns?page=2', '/api/v1/user'])
  expect(paths({ operation: 'updateCampaign', limit: 1 })).toEqual(['/api/v1/campaigns/8'])
})

it('shows a body nested too deep to serialize again as its text, so reading the journal never overflows', () => {
  const journal = createRequestJournal(3)
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
  journal.record(entry('/a', { request_body: deep, response_body: '{"success":false}' }))
  const entries = journal.entries()
  expect(entries[0]!.request_body).toBe(deep)
  expect(() => JSON.stringify(entries)).not.toThrow()
})

it('takes its body caps as options: each body cut at bodyCap, the oldest bodies dropped past bodiesCap', () => {
  const journal = createRequestJournal(5, { bodyCap: 10, bodiesCap: 25 })
  journal.record(entry('/a', { request_body: '"0123456789abcdef"' }))
  journal.record(entry('/b', { request_body: '"0123"' }))
  journal.record(entry('/c', { request_body: '"4567"' }))
  journal.record(entry('/d', { request_body: '"89ab"' }))
  const [first, ...rest] = journal.entries()
  expect(first).toMatchObject({ path: '/a', request_body: null, truncated: true })
  expect(rest.map((e) => [e.path, e.request_body, e.truncated])).toEqual([
    ['/b', '0123', false],
    ['/c', '4567', false],
    ['/d', '89ab', false],
  ])
})

it('restores entries kept elsewhere with their own seq, the last capacity of them, bodies dropped oldest first past the cap', () => {
  const kept = ['/a', '/b', '/c', '/d'].map((path, i) =>
    keepRecord(entry(path, { response_body: 'x'.repeat(60) }), 41 + i),
  )
  const journal = createRequestJournal(3, { bodiesCap: 100 })
  journal.restore(kept)
  expect(journal.entries().map((e) => [e.seq, e.path, e.response_body === null, e.truncated])).toEqual([
    [42, '/b', true, true],
    [43, '/c', true, true],
    [44, '/d', false, false],
  ])
  journal.record(entry('/e'))
  expect(journal.entries().at(-1)).toMatchObject({ seq: 45, path: '/e' })
})

it('keeps a record as the journal would: path cut, key redacted, body cut', () => {
  const key = 'acs_secret_key_123'
  const kept = keepRecord(entry(`/x?k=${key}`, { request_body: `{"api_key":"${key}"}`, key }), 7, 10)
  expect(kept).toMatchObject({ entry: { seq: 7, path: '/x?k=[redacted]' }, request: '{"api_key…', truncated: true })
})
