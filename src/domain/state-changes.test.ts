import { getResponse } from 'msw'
import { expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../surface/create-mock-api.js'
import { DEMO_API_KEY } from '../store/fixtures.js'
import type { StateChangeReason } from './state-changes.js'

const send = async (api: MockApi, method: string, path: string, body?: unknown) => {
  const headers: Record<string, string> = { authorization: DEMO_API_KEY }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const request = new Request(`http://mock.test${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await getResponse(api.handlers, request))!.status
}

async function recording() {
  const api = await createMockApi()
  const heard: StateChangeReason[] = []
  api.subscribe(({ reason }) => void heard.push(reason))
  return { api, heard }
}

it('tells listeners of every acknowledged write, and of nothing a read or a refused write did', async () => {
  const { api, heard } = await recording()
  expect(await send(api, 'GET', '/api/v1/campaigns')).toBe(200)
  expect(await send(api, 'POST', '/api/v1/adverts', { advert: { title: '' } })).toBe(422)
  expect(await send(api, 'DELETE', '/api/v1/campaigns/999')).toBe(404)
  expect(heard).toEqual([])
  expect(await send(api, 'POST', '/api/v1/adverts', { advert: { title: 'Heard' } })).toBe(201)
  expect(await send(api, 'POST', '/api/v1/campaigns/1/toggle')).toBe(200)
  expect(heard).toEqual(['write', 'write'])
})

it('tells them of resets, seeds, imports, control-plane writes and settings, once each', async () => {
  const { api, heard } = await recording()
  const state = api.exportState()
  await api.topUp(1, { amount_usd: 5 })
  await api.seed({ source: 'fixtures' })
  await api.importState(state)
  await api.setFaults({ latency: { min_ms: 1 } })
  await api.moveClock({ advance_ms: 1 })
  await api.reset()
  expect(await send(api, 'POST', '/__admin/reset')).toBe(200)
  expect(heard).toEqual(['write', 'seed', 'import', 'settings', 'settings', 'reset', 'reset'])
})

it('acknowledges a write only after its listeners are done, and sees the write complete', async () => {
  const api = await createMockApi()
  let release!: () => void
  const seen: number[] = []
  api.subscribe(() => {
    seen.push(api.context.store.counts().adverts)
    return new Promise<void>((resolve) => (release = resolve))
  })
  let answered = false
  const write = send(api, 'POST', '/api/v1/adverts', { advert: { title: 'Slow save' } }).then((status) => {
    answered = true
    return status
  })
  await expect.poll(() => seen.length).toBe(1)
  expect(seen).toEqual([5])
  expect(answered).toBe(false)
  release()
  expect(await write).toBe(201)
})

it('reports a failing listener without failing the write or silencing the others', async () => {
  const api = await createMockApi()
  const heard: string[] = []
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    api.subscribe(() => {
      throw new Error('disk full')
    })
    const unsubscribe = api.subscribe(({ reason }) => void heard.push(reason))
    expect(await send(api, 'POST', '/api/v1/adverts', { advert: { title: 'Still written' } })).toBe(201)
    unsubscribe()
    expect(await send(api, 'POST', '/api/v1/adverts', { advert: { title: 'Unheard' } })).toBe(201)
  } finally {
    console.error = original
  }
  expect(heard).toEqual(['write'])
  expect(errors).toHaveLength(2)
  expect(String((errors[0] as unknown[])[0])).toContain('a state listener failed after a write')
  expect(api.context.store.counts().adverts).toBe(6)
})

it('holds an acknowledgement given to waitUntil without holding the writes after it, which share the wait', async () => {
  const api = await createMockApi()
  let release!: () => void
  const save = new Promise<void>((resolve) => (release = resolve))
  const sizesHeard: number[] = []
  api.subscribe((change) => {
    sizesHeard.push(api.context.store.counts().adverts)
    change.waitUntil(save)
  })
  const answered: number[] = []
  const writes = [1, 2, 3].map((n) =>
    send(api, 'POST', '/api/v1/adverts', { advert: { title: `Held ${n}` } }).then(
      (status) => void answered.push(status),
    ),
  )
  // All three ran (the queue was not held), none was answered before the save settled.
  await expect.poll(() => sizesHeard).toEqual([5, 6, 7])
  expect(answered).toEqual([])
  release()
  await Promise.all(writes)
  expect(answered).toEqual([201, 201, 201])
})

it('reports a rejected waitUntil promise and acknowledges the write all the same', async () => {
  const api = await createMockApi()
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    api.subscribe((change) => change.waitUntil(Promise.reject(new Error('disk full'))))
    expect(await send(api, 'POST', '/api/v1/adverts', { advert: { title: 'Written anyway' } })).toBe(201)
  } finally {
    console.error = original
  }
  expect(errors).toHaveLength(1)
  expect(api.context.store.counts().adverts).toBe(5)
})
