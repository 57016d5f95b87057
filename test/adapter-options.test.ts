import { expect, it } from 'vitest'
import { startListener } from '../src/runtimes/express.js'
import { startNodeMock } from '../src/runtimes/node.js'
import { generateDataset } from '../src/store/generate-dataset.js'

// The adapters take the base URL and the demo key from the options the mock was started with,
// never from the defaults: another dataset, another apiBase or adminBase.

it('hands out the demo key of the fixtures it loaded, and a base URL under apiBase (in-process)', async () => {
  const fixtures = generateDataset({ seed: 3, users: 2 })
  const mock = await startNodeMock({ fixtures, apiBase: '*/api/v2', onUnhandledRequest: 'error' })
  try {
    expect(mock.apiKey).toBe(fixtures.users[0]!.api_key)
    expect(mock.baseUrl).toBe('http://ad-campaign-mock.test/api/v2')
    const response = await fetch(`${mock.baseUrl}/user`, { headers: { Authorization: mock.apiKey } })
    expect(response.status).toBe(200)
    expect((await response.json()).data.id).toBe(fixtures.users[0]!.id)
  } finally {
    mock.close()
  }
})

it('serves the API, its documents and the docs page under apiBase and adminBase, with the loaded key (listener)', async () => {
  const fixtures = generateDataset({ seed: 4, users: 1 })
  const listener = await startListener({ port: 0, fixtures, apiBase: '*/v2', adminBase: '*/control' })
  try {
    expect(listener.baseUrl).toBe(`${listener.origin}/v2`)
    const key = fixtures.users[0]!.api_key
    expect((await fetch(`${listener.baseUrl}/user`, { headers: { Authorization: key } })).status).toBe(200)
    const document = await (await fetch(`${listener.baseUrl}/openapi.json`)).json()
    expect(document.servers[0].url).toBe(listener.baseUrl)
    const admin = await (await fetch(`${listener.origin}/control/openapi.json`)).json()
    expect(admin.servers[0].url).toBe(`${listener.origin}/control`)
    const script = await (await fetch(`${listener.origin}/docs/init.js`)).text()
    expect(script).toContain('"/v2/openapi.json"')
    expect(script).toContain('"/control/openapi.json"')
    expect(script).toContain(`preauthorizeApiKey("ApiKeyAuth", "${key}")`)
  } finally {
    await listener.close()
  }
})
