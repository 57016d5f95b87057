import { expect, it } from 'vitest'
import { createOverrides, type OverrideSpec } from './overrides.js'

const data = (operation: string, times: number | null = null): OverrideSpec<string> => ({
  operation,
  times,
  delay_ms: 0,
  answer: { status: 503, headers: {}, untyped: true },
})

it('restores the overrides given as data, keeps in-process resolvers, and never hands out an id again', () => {
  const overrides = createOverrides<string>()
  overrides.add(data('getUser'))
  const resolver = overrides.add({ ...data('listAdverts'), answer: { resolver: 'handler' } })
  overrides.restore([{ ...data('getCampaign', 2), id: 9, hits: 1 }], 9)
  expect(overrides.list().map(({ id, operation, hits }) => [id, operation, hits])).toEqual([
    [9, 'getCampaign', 1],
    [resolver.id, 'listAdverts', 0],
  ])
  expect(overrides.size).toBe(2)
  expect(overrides.lastId).toBe(9)
  expect(overrides.add(data('getUser')).id).toBe(10)
  expect(overrides.take('getCampaign', {})?.id).toBe(9)
  expect(overrides.list().some(({ id }) => id === 9)).toBe(false)
})
