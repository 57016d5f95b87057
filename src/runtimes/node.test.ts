import { afterEach, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../store/fixtures.js'
import { generateDataset } from '../store/generate-dataset.js'
import { startNodeMock, type NodeMock } from './node.js'

let mock: NodeMock | undefined
afterEach(() => mock?.close())

const user = async (mock: NodeMock) =>
  (await fetch(`${mock.baseUrl}/user`, { headers: { Authorization: mock.apiKey } })).json()

it('gives the demo key of the default fixtures', async () => {
  mock = await startNodeMock()
  expect(mock.apiKey).toBe(DEMO_API_KEY)
  expect((await user(mock)).data.id).toBe(1)
})

it('gives the key of the first user of a generated dataset, generated on demand', async () => {
  mock = await startNodeMock({ generate: { users: 3, seed: 4 } })
  expect(mock.apiKey).toBe(generateDataset({ users: 3, seed: 4 }).users[0]!.api_key)
  expect((await user(mock)).data.id).toBe(1)
})

it('follows the first user when its key is reset', async () => {
  mock = await startNodeMock()
  const reset = await fetch(`${mock.baseUrl}/user/reset_api_key`, {
    method: 'POST',
    headers: { Authorization: mock.apiKey },
  })
  expect(mock.apiKey).toBe((await reset.json()).data.api_key)
  expect(mock.apiKey).not.toBe(DEMO_API_KEY)
})

it('refuses fixtures and generate together', async () => {
  await expect(
    startNodeMock({ fixtures: { users: [], adverts: [], campaigns: [] }, generate: { users: 1 } }),
  ).rejects.toThrow(/either `fixtures` or `generate`/)
})

it('refuses a second mock while the first runs, naming where the first was started; after close() one starts again', async () => {
  mock = await startNodeMock({ generate: { users: 2, seed: 9 } })
  const first = mock
  await expect(startNodeMock()).rejects.toThrow(
    /^startNodeMock: a mock is already running in this process, started at .*node\.test\.ts:\d+:\d+.*Close it first/,
  )
  // The first one still answers its own key.
  expect((await user(first)).data.id).toBe(1)
  await first.close()
  mock = await startNodeMock()
  expect((await user(mock)).data.id).toBe(1)
  await first.close() // closing a stale mock again frees nothing that is not its own
  await expect(startNodeMock()).rejects.toThrow(/already running/)
})
