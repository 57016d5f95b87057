import { afterEach, expect, it } from 'vitest'
import { startNodeMock, type NodeMock } from '../src/runtimes/node.js'
import { listenerTransport } from './support/listener-transport.js'
import { frozenClock } from './support/frozen-clock.js'

// A reset puts the clock back where the mock started it: a test that stops it (the 429 recipe)
// leaves no stopped clock to the next test, which once ran on 1 March 2026 without saying so.

let mock: NodeMock | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

const nearNow = (epochMs: number) => Math.abs(epochMs - Date.now()) < 5_000

it('follows real time again after a reset, whether the clock was set (stopped) or advanced', async () => {
  mock = await startNodeMock()
  await mock.api.moveClock({ set: '2026-03-01T10:00:15.000Z' })
  await mock.reset()
  expect(mock.api.clock()).toMatchObject({ frozen: false })
  expect(nearNow(mock.api.clock().epoch_ms)).toBe(true)
  await mock.api.moveClock({ advance_seconds: 86_400 })
  await mock.reset()
  expect(nearNow(mock.api.clock().epoch_ms)).toBe(true)
})

it('stands at the same instant again after a reset when the mock was started with a stopped clock', async () => {
  mock = await startNodeMock({ clock: frozenClock('2026-05-01T12:00:00.000Z') })
  await mock.api.moveClock({ resume: true })
  await mock.api.moveClock({ advance_seconds: 600 })
  await mock.reset()
  expect(mock.api.clock()).toEqual({
    now: '2026-05-01T12:00:00.000Z',
    epoch_ms: Date.parse('2026-05-01T12:00:00.000Z'),
    frozen: true,
  })
})

it('is what POST /__admin/reset does over HTTP too, and the next request is stamped with real time', async () => {
  const t = await listenerTransport()
  try {
    await t.send({ method: 'POST', path: '/__admin/clock', body: { set: '2026-03-01T10:00:15Z' } })
    expect((await t.send({ method: 'POST', path: '/__admin/reset' })).status).toBe(200)
    const clock = (await t.send({ method: 'GET', path: '/__admin/clock' })).body.data
    expect(clock.frozen).toBe(false)
    expect(nearNow(clock.epoch_ms)).toBe(true)
  } finally {
    await t.close()
  }
})
