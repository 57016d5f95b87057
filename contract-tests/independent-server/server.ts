import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHouseHandler } from './house-server.js'
import type { StyleDeclaration } from './house-conventions.js'
import type { HouseReply } from './house-reply.js'
import { houseStyle, STYLES, type StyleName } from './house-styles.js'
import type { Seeded } from './house-seed.js'
import { createRateLimiter } from './rate-limiter.js'
import { MALFORMED, readBody, TOO_LARGE } from './read-body.js'
import type { Reply } from './reply.js'
import { problem, route } from './routes.js'
import { createSecondHandler } from './second-server.js'
import { independentChoices, type IndependentChoices } from './second-set.js'
import { createStore } from './store.js'

// A second implementation of the Advertising Campaign Service, written only from the interface
// spec, to stand for "a deployment someone else built": the contract suite is tried against it.
// It imports nothing from src/ and nothing from contract-tests/lib.
//
// It keeps to every statement of the spec: the versioned prefix /api/v1 (9); the bare key in
// Authorization, a 401 without acceptable credentials on every operation, the key replaced by
// "Reset API key" (5); the success envelope {success: true, data} (2.1); PATCH /user with
// {"user": {"email"}} answering 200 with a User, 401 or 422 (4.2); POST /campaigns with
// {"campaign": {advert_id, broadcasting_type, cpm, sending_limit}} answering 201 with a Campaign
// (id, advert_title, sending_count, enabled, created_at, updated_at), 401 or 422 (4.3); every
// field of User and Campaign (2.2, 2.3); JSON bodies. Paths are not in the spec (4.1: "not
// shown"); it uses the same ones as openapi/openapi.json, since a deployment with other paths
// could not be judged by that document at all. Everywhere else the spec is silent it chooses
// otherwise than our document: differences.ts lists each difference and the finding it makes.
// With `choices: 'second'` (or INDEPENDENT_CHOICES=second) it makes a second set of choices
// instead (second-set.ts; its table is second-differences.ts). With `style: '<name>'` (or
// INDEPENDENT_STYLE) it serves one of the corpus's house styles instead (house-styles.ts).

/** How to run it. */
export interface IndependentServerOptions {
  /** The API keys of the accounts it holds (two, for the second-account checks). */
  keys: readonly string[]
  /** Requests a minute per account (a token bucket); small for a quick 429. Default 600. */
  perMinute?: number
  /** What creating an advert answers: 201, or 200 for the variant the spec cannot judge. */
  advertCreateStatus?: 200 | 201
  port?: number
  /** Which set of choices it makes: `first` (differences.ts), or `second` (second-differences.ts). Default: the INDEPENDENT_CHOICES environment variable, else `first`. */
  choices?: IndependentChoices
  /**
   * Whether the first set's lists still show what was deleted (its deliberate bug, which the suite
   * must find: differences.ts, deleted-still-listed). Default true; false for a comparison that
   * judges its choices, not its bugs.
   */
  listsDeleted?: boolean
  /**
   * A house style of the corpus (house-styles.ts) instead of a set of choices; its first account
   * starts with the style's seeded records. Default: the INDEPENDENT_STYLE environment variable
   * where no `choices` are given, else none.
   */
  style?: StyleName
  /** A house style given as a value (a mix of the corpus's conventions, say) instead of by name. */
  declaration?: StyleDeclaration
  /** Whether a style's first account starts with its seeded records. Default true. */
  seed?: boolean
}

/** A running server. */
export interface IndependentServer {
  readonly server: Server
  /** e.g. http://127.0.0.1:51234/api/v1 */
  readonly baseUrl: string
  /** A house style's seeded records of the first account (empty for the two sets of choices). */
  readonly seeded: Seeded
  close(): Promise<void>
}

const PREFIX = '/api/v1'

/**
 * Starts the independent server on a loopback port (0: one the OS picks).
 * @example const { baseUrl, close } = await startIndependentServer({ keys: ['key-one-0000000000', 'key-two-0000000000'] })
 */
export async function startIndependentServer(options: IndependentServerOptions): Promise<IndependentServer> {
  const perMinute = options.perMinute ?? 600
  const store = createStore(options.keys, { listsDeleted: options.listsDeleted ?? true })
  const limiter = createRateLimiter(perMinute)
  // The second set answers with its own handler (second-server.ts); the rest of this file is the first set's.
  const second = independentChoices(options.choices) === 'second' ? createSecondHandler(options, PREFIX) : undefined
  // A house style answers with its own handler (house-server.ts), which says its headers and media type.
  const styleName = houseStyle(options.style, { environment: options.choices === undefined })
  const declaration = options.declaration ?? (styleName ? STYLES[styleName] : undefined)
  const house = declaration ? createHouseHandler(declaration, options, PREFIX) : undefined
  const server = createServer((req, res) => {
    if (house) {
      void house.handle(req).then((reply: HouseReply) => send(res, reply, reply.headers ?? {}, reply.contentType))
      return
    }
    ;(second?.handle ?? handle)(req)
      .then(({ reply, headers }) => send(res, reply, headers))
      .catch((error: Error) => send(res, problem(500, 'internal_error', error.message), {}))
  })

  async function handle(req: IncomingMessage): Promise<{ reply: Reply; headers: Record<string, string> }> {
    const url = new URL(req.url ?? '/', 'http://independent.invalid')
    if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`))
      return {
        reply: problem(404, 'resource_not_found', `Nothing at ${url.pathname}; the API is under ${PREFIX}`),
        headers: {},
      }
    // The bare key, nothing before it (spec 5.2); anything else is refused before any other rule, and counts against no limit.
    const account = store.accountByKey(req.headers.authorization ?? '')
    if (!account)
      return {
        reply: problem(401, 'invalid_api_key', 'Send your API key, bare, in the Authorization header'),
        headers: {},
      }
    const admission = limiter.admit(account.id)
    if (!admission.admitted)
      return {
        reply: problem(429, 'too_many_requests', `At most ${perMinute} requests a minute`),
        headers: admission.headers,
      }
    const body = await readBody(req)
    if (body === TOO_LARGE)
      return { reply: problem(413, 'payload_too_large', 'Bodies are at most 1 MiB'), headers: admission.headers }
    if (body === MALFORMED)
      return { reply: problem(400, 'malformed_json', 'The body is not JSON'), headers: admission.headers }
    const segments = url.pathname.slice(PREFIX.length).split('/').filter(Boolean)
    const reply = route({
      store,
      account,
      method: req.method ?? 'GET',
      segments,
      query: url.searchParams,
      body,
      perMinute,
      advertCreateStatus: options.advertCreateStatus ?? 201,
    })
    return { reply, headers: admission.headers }
  }

  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  )
  const { port } = server.address() as AddressInfo
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    seeded: house?.seeded ?? { adverts: [], campaigns: [] },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function send(
  res: ServerResponse,
  reply: Reply,
  headers: Record<string, string>,
  contentType = 'application/json; charset=utf-8',
): void {
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end()
    return
  }
  res.writeHead(reply.status, { ...headers, 'content-type': contentType }).end(JSON.stringify(reply.body))
}
