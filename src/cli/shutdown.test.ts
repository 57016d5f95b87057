import { EventEmitter } from 'node:events'
import { expect, it } from 'vitest'
import type { Listener } from '../listener/listener.js'
import { stopOnSignals } from './shutdown.js'

/** A listener that records what the shutdown asked of it, a clock the test moves, and the signals it sends. */
function harness(inFlight = 1) {
  const calls: string[] = []
  let now = 0
  const signals = new EventEmitter()
  const listener = {
    inFlight,
    server: { closeAllConnections: () => calls.push('cut') },
    close: async ({ graceMs }: { graceMs: number }) => void calls.push(`close ${graceMs}`),
  } as unknown as Listener
  const lines: string[] = []
  let stop: ReturnType<typeof stopOnSignals> = () => {}
  const exited = new Promise<number>((exit) => {
    stop = stopOnSignals(listener, {
      signals: signals as unknown as NodeJS.Process,
      now: () => now,
      log: (line) => lines.push(line),
      exit,
    })
  })
  return {
    calls,
    lines,
    exited,
    stop,
    send(signal: NodeJS.Signals, at: number) {
      now = at
      signals.emit(signal, signal)
    },
  }
}

it('closes with a grace period on the first signal and exits 0 once closed', async () => {
  const { calls, lines, exited, send } = harness()
  send('SIGINT', 0)
  expect(await exited).toBe(0)
  expect(calls).toEqual(['close 10000'])
  expect(lines).toEqual([
    '\nSIGINT received, closing the listener: finishing 1 request in flight (at most 10 s; Ctrl+C again to stop at once).',
  ])
})

it('takes the same signal again within a second for the same Ctrl+C (npm and the terminal both send it)', () => {
  const { calls, send } = harness()
  send('SIGINT', 0)
  send('SIGINT', 1)
  send('SIGINT', 999)
  expect(calls).toEqual(['close 10000'])
})

it('cuts what is in flight on the same signal later, or on another signal', () => {
  const later = harness()
  later.send('SIGINT', 0)
  later.send('SIGINT', 1_500)
  expect(later.calls).toEqual(['close 10000', 'cut'])
  const other = harness()
  other.send('SIGTERM', 0)
  other.send('SIGINT', 10)
  expect(other.calls).toEqual(['close 10000', 'cut'])
})

it('says nothing of requests in flight when there are none', () => {
  const { lines, send } = harness(0)
  send('SIGTERM', 0)
  expect(lines).toEqual(['\nSIGTERM received, closing the listener.'])
})

it('closes the same way when the process that started it has exited, and a signal after that cuts what is in flight', async () => {
  const { calls, lines, exited, stop, send } = harness(2)
  stop('parent 4242')
  stop('parent 4242')
  send('SIGTERM', 10)
  expect(await exited).toBe(0)
  expect(calls).toEqual(['close 10000', 'cut'])
  expect(lines).toEqual([
    '\nThe process that started the mock (pid 4242) has exited, closing the listener: finishing 2 requests in flight (at most 10 s; SIGTERM to stop at once).',
  ])
})
