import type { StyleDeclaration } from '../../independent-server/house-conventions.js'
import { STYLE_NAMES, STYLES, type StyleName } from '../../independent-server/house-styles.js'
import { startIndependentServer, type IndependentServer } from '../../independent-server/server.js'

// What the corpus tests send a house style and read back: each style started in this process
// with two accounts, and one request at a time, its answer read whole (status, headers, media
// type, JSON body or none).

/** The two accounts every corpus server holds: the first seeded by its style. */
export const CORPUS_KEYS = ['corpus_first_account_0123456789', 'corpus_second_account_0123456789'] as const

/** One answer, read whole. */
export interface CorpusAnswer {
  status: number
  headers: Headers
  /** The media type without parameters, e.g. `application/problem+json`. */
  mediaType: string
  /** The JSON body; undefined when there is none. */
  body: any
}

/** A running style, with a way to send it requests. */
export interface CorpusServer {
  name: StyleName
  style: StyleDeclaration
  server: IndependentServer
  /** Sends a request as the first account (or `as`); a string `body` is sent as it is. */
  send(method: string, path: string, options?: { body?: unknown; as?: string | null }): Promise<CorpusAnswer>
}

/**
 * Starts one style on a loopback port.
 * @example const rails = await startCorpusServer('rails', { perMinute: 3 })
 */
export async function startCorpusServer(
  name: StyleName,
  options: { perMinute?: number; seed?: boolean } = {},
): Promise<CorpusServer> {
  // A quota no test spends unless it asks for a small one.
  const server = await startIndependentServer({ keys: CORPUS_KEYS, style: name, perMinute: 100_000, ...options })
  return {
    name,
    style: STYLES[name],
    server,
    send: (method, path, { body, as } = {}) =>
      send(server.baseUrl, method, path, body, as === undefined ? CORPUS_KEYS[0] : as),
  }
}

/** Starts every style (a fresh server each), for a table of tests over all of them. */
export async function startCorpus(options: { perMinute?: number } = {}): Promise<CorpusServer[]> {
  return Promise.all(STYLE_NAMES.map((name) => startCorpusServer(name, options)))
}

async function send(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  key: string | null,
): Promise<CorpusAnswer> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { authorization: key }),
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(text === undefined ? {} : { body: text }),
    signal: AbortSignal.timeout(10_000),
  })
  const raw = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    mediaType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    body: raw === '' ? undefined : JSON.parse(raw),
  }
}

/** Creates an advert as an account (the first unless told) and answers its id; anything but a 201 is an Error. */
export async function createAdvert(server: CorpusServer, title = 'Corpus advert', as?: string): Promise<number> {
  const answer = await server.send('POST', '/adverts', { body: { advert: { title } }, ...(as ? { as } : {}) })
  if (answer.status !== 201) throw new Error(`${server.name}: POST /adverts answered ${answer.status}`)
  return answer.body.data.id as number
}

/** Creates a campaign on an advert of the first account and answers its id. */
export async function createCampaign(server: CorpusServer, advertId: number, changes: object = {}): Promise<number> {
  const campaign = { advert_id: advertId, broadcasting_type: 'active_ad', cpm: 2.5, sending_limit: 1000, ...changes }
  const answer = await server.send('POST', '/campaigns', { body: { campaign } })
  if (answer.status !== 201) throw new Error(`${server.name}: POST /campaigns answered ${answer.status}`)
  return answer.body.data.id as number
}
