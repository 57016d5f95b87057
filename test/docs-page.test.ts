import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startListener, type Listener } from '../src/runtimes/express.js'
import { DEMO_API_KEY } from '../src/store/fixtures.js'
import { loadDocument } from './support/openapi-document.js'

// The docs page must work with no network: the page and every asset it references come from the
// listener itself (Swagger UI vendored into dist/ by the build); no URL points anywhere else.

let listener: Listener
beforeAll(async () => {
  listener = await startListener({ port: 0, host: '127.0.0.1' })
})
afterAll(() => listener.close())

const get = (path: string) => fetch(new URL(path, listener.origin))

const CONTENT_TYPES: Record<string, RegExp> = {
  '.css': /^text\/css/,
  '.js': /^(text|application)\/javascript/,
  '.png': /^image\/png/,
}

it('serves /docs and every asset it references from the listener, with the right content types', async () => {
  const page = await get('/docs')
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await page.text()
  const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
  expect(references.length).toBeGreaterThanOrEqual(5)
  expect(
    references.filter((ref) => !ref.startsWith('/')),
    'references off this listener',
  ).toEqual([])

  const fetched = new Set<string>()
  const queue = [...references]
  while (queue.length > 0) {
    const ref = queue.shift()!
    if (fetched.has(ref)) continue
    fetched.add(ref)
    const response = await get(ref)
    expect(response.status, ref).toBe(200)
    const extension = ref.slice(ref.lastIndexOf('.'))
    expect(response.headers.get('content-type'), ref).toMatch(CONTENT_TYPES[extension]!)
    if (extension === '.js' || extension === '.css') {
      const text = await response.text()
      // Swagger UI's source maps are not vendored, and no file names one (devtools would ask for it).
      expect(text, ref).not.toMatch(/[#@] sourceMappingURL=/)
      // No stylesheet pulls fonts or images from the network.
      if (extension === '.css') expect([...text.matchAll(/url\((?!["']?data:)([^)]*)\)/g)].map((m) => m[1])).toEqual([])
    }
  }
  expect([...fetched].some((ref) => ref.endsWith('swagger-ui-bundle.js'))).toBe(true)
})

it('points "try it" at this listener, with the demo key pre-filled and no online validator', async () => {
  const script = await (await get('/docs/init.js')).text()
  expect(script).toContain('"/api/v1/openapi.json"')
  expect(script).toContain('"/__admin/openapi.json"')
  expect(script).toContain(`preauthorizeApiKey("ApiKeyAuth", "${DEMO_API_KEY}")`)
  expect(script).toContain('"validatorUrl":null')
  expect(script).not.toMatch(/https?:\/\//)

  const served = await (await get('/api/v1/openapi.json')).json()
  expect(served.servers[0].url).toBe(`${listener.origin}/api/v1`)
  expect(served.components.securitySchemes.ApiKeyAuth).toMatchObject({
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
  })
})

it('serves the documents built from the code: the same as the committed ones but for this server', async () => {
  const committed = (await loadDocument()).raw as { servers?: unknown[] }
  const strip = (doc: { servers?: unknown[] }) => ({ ...doc, servers: doc.servers?.slice(-committed.servers!.length) })

  const json = await get('/api/v1/openapi.json')
  expect(json.headers.get('content-type')).toMatch(/^application\/json/)
  expect(strip(await json.json())).toEqual(committed)

  const yaml = await get('/api/v1/openapi.yaml')
  expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/)
  expect(strip(parse(await yaml.text()))).toEqual(committed)

  const admin = await get('/__admin/openapi.json')
  expect(strip(await admin.json())).toEqual({
    ...(await loadDocument('openapi/admin.openapi.json')).raw,
    servers: expect.any(Array),
  })
})
