import type { Exchange } from '../../contract-tests/lib/client/exchange.js'
import type { TwinFile } from '../profile/twin-file.js'
import { findCode } from './derive-error.js'
import type { LearnRequest } from './learn-context.js'

// The twin proves itself before it is written: it is started on the captured account and sent every
// request the learner sent the deployment, in the same order (the keys mapped to the twin's, the ids
// of what the learner created mapped to the twin's), and each answer is compared with the
// deployment's: the status, the rate-limit and media-type header names, the body's shape, and the
// error code. `twin --check` compares a deployment with its twin the same way.

/** A twin served for the replay: where its API and control plane answer, and how to stop it. */
export interface ServedTwin {
  baseUrl: string
  adminUrl: string
  close(): Promise<void>
}

/** Starts a twin from a file (the CLI starts the listener; tests may start it in-process). */
export type ServeTwin = (twin: TwinFile) => Promise<ServedTwin>

/** One exchange the twin answered otherwise, and why (where the learner knows). */
export interface ReplayDifference {
  request: string
  what: string
  reason: string
}

/** What the replay found. */
export interface ReplayReport {
  replayed: number
  same: number
  differences: ReplayDifference[]
}

/** Why an exchange may differ, given what the learner could not learn: a test of a line (`status`, `code`…) and its reason. */
export type Explain = (exchange: Exchange, what: string) => string | undefined

/** Header names the comparison reads: the rate-limit family, and the body's media type by itself. */
const COMPARED_HEADER = /ratelimit|rate-limit|x-rate|retry-after|^allow$/i

/**
 * Replays the learner's requests against the twin and compares each answer with the deployment's.
 * @example const report = await replayTwin(twin, learned.sent, async (file) => ({ baseUrl: url, adminUrl: url, close: async () => {} }))
 */
export async function replayTwin(
  twin: TwinFile,
  sent: readonly { request: LearnRequest; exchange: Exchange }[],
  serve: ServeTwin,
  explain: Explain = () => undefined,
  /** Whether a list's length counts: not where the twin was learned from another state of the account (`twin --check`). */
  { lengths = true }: { lengths?: boolean } = {},
): Promise<ReplayReport> {
  const served = await serve(roomyTiers(twin))
  try {
    const keys = { primary: twin.account.user.api_key, second: await secondUser(served) }
    const ids: IdMap = new Map()
    const differences: ReplayDifference[] = []
    let same = 0
    let previous: string | undefined
    for (const { request, exchange } of sent) {
      const answer = await send(served.baseUrl, request, keys, ids)
      mapCreated(request, exchange, answer, ids)
      const found = compare(exchange, answer, lengths)
      if (found.length === 0) same++
      // A difference right after another follows from it where nothing else explains it (a cascade the twin did not copy).
      const after = previous && `follows the difference of ${previous} just before`
      for (const what of found)
        differences.push({
          request: describe(request),
          what,
          reason: explain(exchange, what) ?? after ?? 'not explained',
        })
      previous = found.length > 0 ? describe(request) : undefined
    }
    return { replayed: sent.length, same, differences }
  } finally {
    await served.close()
  }
}

/** The twin with every tier roomy: the replay sends in a second what learning spread over windows, and compares shapes, not limits. */
function roomyTiers(twin: TwinFile): TwinFile {
  const tiers = Object.fromEntries(
    Object.keys(twin.profile.rateLimits.tiers).map((name) => [
      name,
      { per_minute: 1_000_000, per_day: 100_000_000, max_topups: 1_000 },
    ]),
  )
  return { ...twin, profile: { ...twin.profile, rateLimits: { ...twin.profile.rateLimits, tiers } } }
}

/** A second account in the twin, for what the learner asked with the second key. */
async function secondUser(served: ServedTwin): Promise<string> {
  const response = await fetch(`${served.adminUrl}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  const body = (await response.json()) as { data?: { api_key?: string } }
  return body.data?.api_key ?? 'no-second-account'
}

/** What the twin answered, as the comparison reads it. */
interface Answer {
  status: number
  headers: Record<string, string>
  json: unknown
}

/** Sends one of the learner's requests to the twin, its key and the ids it names mapped. */
async function send(
  baseUrl: string,
  request: LearnRequest,
  keys: { primary: string; second: string },
  ids: ReadonlyMap<string, number>,
): Promise<Answer> {
  const path = request.path.replace(
    /\/(adverts|campaigns)\/(\d+)/g,
    (_all, kind: string, id: string) => `/${kind}/${ids.get(`${kind}:${id}`) ?? id}`,
  )
  const url = new URL(baseUrl + path)
  for (const [name, value] of Object.entries(request.query ?? {}))
    url.searchParams.set(name, name === 'advert_id' ? String(ids.get(`adverts:${value}`) ?? value) : String(value))
  const headers: Record<string, string> = {}
  const credentials = request.credentials ?? 'primary'
  if (credentials === 'primary' || credentials === 'second') headers.authorization = keys[credentials]
  else if (typeof credentials === 'object') headers.authorization = credentials.authorization
  let body: string | undefined
  if (request.rawBody !== undefined) {
    body = request.rawBody
    headers['content-type'] = request.contentType ?? 'application/json'
  } else if (request.body !== undefined) {
    body = JSON.stringify(mapIds(request.body, ids))
    headers['content-type'] = 'application/json'
  }
  const response = await fetch(url, { method: request.method, headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), json }
}

/** A body with every `advert_id` the learner's advert had at the deployment as the twin's. */
function mapIds(value: unknown, ids: ReadonlyMap<string, number>): unknown {
  if (Array.isArray(value)) return value.map((item) => mapIds(item, ids))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === 'advert_id' && typeof child === 'number' ? (ids.get(`adverts:${child}`) ?? child) : mapIds(child, ids),
    ]),
  )
}

/** A record the learner created: the deployment's id mapped to the twin's. */
function mapCreated(request: LearnRequest, exchange: Exchange, answer: Answer, ids: IdMap): void {
  const kind = /^\/(adverts|campaigns)\/?$/.exec(request.path)?.[1]
  if (!kind || request.method !== 'POST' || exchange.response.status >= 300 || answer.status >= 300) return
  const theirs = (exchange.response.json as { data?: { id?: unknown } } | undefined)?.data?.id
  const ours = (answer.json as { data?: { id?: unknown } } | undefined)?.data?.id
  if (typeof theirs === 'number' && typeof ours === 'number') ids.set(`${kind}:${theirs}`, ours)
}

/** The deployment's ids of what the learner created (`adverts:1003`: a kind's ids may repeat another's) to the twin's. */
type IdMap = Map<string, number>

/** How the twin's answer differs from the deployment's, in a few words each; none when it is the same. */
function compare(exchange: Exchange, answer: Answer, lengths: boolean): string[] {
  const found: string[] = []
  const { response } = exchange
  if (response.status !== answer.status) found.push(`status ${answer.status}, not ${response.status}`)
  const names = (headers: Record<string, string>) =>
    Object.keys(headers)
      .map((name) => name.toLowerCase())
      .filter((name) => COMPARED_HEADER.test(name))
      .sort()
      .join(', ')
  if (names(response.headers) !== names(answer.headers))
    found.push(`headers ${names(answer.headers) || 'none'}, not ${names(response.headers) || 'none'}`)
  const media = (headers: Record<string, string>) => (headers['content-type'] ?? '').split(';')[0]!.trim()
  if (response.json !== undefined && media(response.headers) !== media(answer.headers))
    found.push(`media type ${media(answer.headers)}, not ${media(response.headers)}`)
  const [theirs, ours] = [shapeOf(response.json, lengths), shapeOf(answer.json, lengths)]
  if (theirs !== ours) found.push(`body ${ours}, not ${theirs}`)
  // The envelope's flags (`success`, `has_more`), beside the shape: a flag the twin writes otherwise is no shape's difference.
  for (const [key, value] of flagsOf(response.json))
    if (flagsOf(answer.json).get(key) !== undefined && flagsOf(answer.json).get(key) !== value)
      found.push(`${key} ${String(!value)}, not ${String(value)}`)
  if (response.status >= 400) {
    const [code, wanted] = [findCode(answer.json as never), findCode(response.json as never)]
    if (code !== wanted) found.push(`code ${code ?? 'none'}, not ${wanted ?? 'none'}`)
  }
  return found
}

/** The top-level true-or-false members of a body, by key. */
function flagsOf(body: unknown): Map<string, boolean> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return new Map()
  return new Map(Object.entries(body).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'))
}

/** A body's shape: its keys and the types of their values, arrays by their items' shape and length. */
export function shapeOf(value: unknown, lengths = true): string {
  if (value === undefined) return 'no body'
  if (value === null) return 'null'
  if (Array.isArray(value))
    return `[${lengths ? `${value.length}:` : ''}${[...new Set(value.map((item) => shapeOf(item, lengths)))].join('|')}]`
  if (typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${key}:${shapeOf((value as Record<string, unknown>)[key], lengths)}`)
      .join(',')}}`
  return typeof value
}

/** A request in one line: `PATCH /campaigns/7 (the second key)`. */
function describe(request: LearnRequest): string {
  const who =
    request.credentials === 'second'
      ? ' (the second key)'
      : request.credentials === 'none'
        ? ' (no key)'
        : typeof request.credentials === 'object'
          ? ' (a wrong key)'
          : ''
  const query =
    request.query && Object.keys(request.query).length > 0
      ? `?${new URLSearchParams(Object.entries(request.query).map(([k, v]) => [k, String(v)]))}`
      : ''
  return `${request.method} ${request.path}${query}${who}`
}
