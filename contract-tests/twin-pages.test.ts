import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startListener, type Listener } from '../src/listener/listener.js'
import type { TwinFile } from '../src/profile/twin-file.js'
import { learnTwin } from '../src/twin/learn-twin.js'
import { TWIN_DATASET, TWIN_KEY_1, TWIN_KEY_2 } from './support/twin-fixtures.js'

// A deployment built on a web framework that never routes an unknown path to the API: Express's own
// HTML page answers it (`Cannot GET /api/v1/x`, text/html), whatever the key; and it answers a new
// advert 200 (the spec shows only POST /campaigns's 201). The twin learns the page as a text with
// the method and path as slots, in its media type, and the create's status; its replay finds every
// exchange answered alike; the twin then answers a path it was never asked about with that page.

const PAGE = (method: string, path: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`
const ROUTED = /^\/api\/v1\/(user(\/balance|\/reset_api_key)?|adverts(\/\d+)?|campaigns(\/\d+(\/toggle)?)?)(\?.*)?$/

let mock: Listener
let deployment: Server
let baseUrl: string
beforeAll(async () => {
  mock = await startListener({ port: 0, fixtures: TWIN_DATASET })
  deployment = createServer(async (req, res) => {
    const url = req.url ?? '/'
    if (!ROUTED.test(url) || req.method === 'PUT') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE(req.method ?? 'GET', url))
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(mock.origin + url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const headers = Object.fromEntries(answer.headers)
    for (const name of ['content-length', 'transfer-encoding', 'content-encoding', 'connection']) delete headers[name]
    const created = req.method === 'POST' && url.endsWith('/adverts') && answer.status === 201
    res.writeHead(created ? 200 : answer.status, headers).end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => deployment.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(deployment.address() as { port: number }).port}/api/v1`
})
afterAll(async () => {
  deployment.close()
  await mock.close()
})

it("learns an unknown route answered by the framework's HTML page and a create answered 200, and serves them", async () => {
  const serve = async (twin: TwinFile) => {
    const listener = await startListener({ port: 0, twin })
    return { baseUrl: listener.baseUrl, adminUrl: `${listener.origin}/__admin`, close: () => listener.close() }
  }
  const { twin, replay } = await learnTwin({ baseUrl, key: TWIN_KEY_1, key2: TWIN_KEY_2, serve })
  expect(twin.profile.errors.media).toEqual({ route_not_found: 'text/html; charset=utf-8' })
  expect(twin.profile.errors.bodies.route_not_found).toEqual({ $text: PAGE('{method}', '{path}') })
  expect(twin.profile.resources.statuses).toEqual({ createAdvert: 200 })
  expect(replay?.differences).toEqual([])
  const served = await startListener({ port: 0, twin })
  try {
    const answer = await fetch(`${served.baseUrl}/never-asked?x=1`, { method: 'DELETE' })
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await answer.text()).toBe(PAGE('DELETE', '/api/v1/never-asked'))
    const made = await fetch(`${served.baseUrl}/adverts`, {
      method: 'POST',
      headers: { authorization: twin.account.user.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ advert: { title: 'Made' } }),
    })
    expect(made.status).toBe(200)
    // The API's own errors stay JSON.
    const missing = await fetch(`${served.baseUrl}/adverts/999999`, {
      headers: { authorization: twin.account.user.api_key },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/json/)
  } finally {
    await served.close()
  }
}, 30_000)
