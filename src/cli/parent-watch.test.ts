import { afterEach, expect, it, vi } from 'vitest'
import { PARENT_POLL_MS, watchParent } from './parent-watch.js'

afterEach(() => {
  vi.useRealTimers()
})

/** A watch of parent 42 over a parent id and a liveness the test sets, on fake timers; answers what it reported. */
function watching(parent = 42) {
  vi.useFakeTimers()
  const world = { ppid: parent, alive: true }
  const gone: number[] = []
  const unwatch = watchParent(parent, (pid) => gone.push(pid), {
    ppid: () => world.ppid,
    isAlive: () => world.alive,
  })
  return { world, gone, unwatch, tick: (times = 1) => vi.advanceTimersByTime(PARENT_POLL_MS * times) }
}

it('says nothing while the parent is there', () => {
  const { gone, tick } = watching()
  tick(10)
  expect(gone).toEqual([])
})

it('reports once, within one poll, when the process is handed to another parent (Linux re-parents an orphan)', () => {
  const { world, gone, tick } = watching()
  world.ppid = 1
  tick()
  tick(5)
  expect(gone).toEqual([42])
})

it('reports when the parent is gone though the id stays (Windows keeps it)', () => {
  const { world, gone, tick } = watching()
  world.alive = false
  tick()
  expect(gone).toEqual([42])
})

it('watches no parent that cannot exit first (pid 0 or 1), and stops watching when asked', () => {
  const init = watching(1)
  init.world.ppid = 7
  init.tick(3)
  expect(init.gone).toEqual([])
  const asked = watching()
  asked.unwatch()
  asked.world.ppid = 1
  asked.tick(3)
  expect(asked.gone).toEqual([])
})
