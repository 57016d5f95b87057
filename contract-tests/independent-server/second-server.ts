import type { IncomingMessage } from 'node:http'
import { MALFORMED, readBody, TOO_LARGE } from './read-body.js'
import type { Reply } from './reply.js'
import { createWindowLimiter } from './second-rate-limiter.js'
import { secondProblem, secondRoute } from './second-routes.js'
import { SECOND_SET } from './second-set.js'
import { createSecondStore } from './second-store.js'

// The second set's request path, top to bottom: the prefix, the path and its methods (404, 405
// with Allow, before the key is looked at, as a router does), the bare key (401), the quota (429),
// the body (413, 400 INVALID_JSON), then the operation. server.ts sends what it answers.

/** The methods of each path below /api/v1 (`:id` is any one segment). */
const PATHS: ReadonlyArray<[pattern: RegExp, methods: readonly string[]]> = [
  [/^\/user$/, ['GET', 'PATCH']],
  [/^\/user\/balance$/, ['GET']],
  [/^\/user\/reset_api_key$/, ['POST']],
  [/^\/(adverts|campaigns)$/, ['GET', 'POST']],
  [/^\/(adverts|campaigns)\/[^/]+$/, ['GET', 'PATCH', 'DELETE']],
  [/^\/campaigns\/[^/]+\/toggle$/, ['POST']],
]

/** An answer, with the headers beside the body's. */
export interface Answer {
  reply: Reply
  headers: Record<string, string>
}

/**
 * The second set's handler over a store of its own: one account per key, `perMinute` requests a
 * minute each (the growth tier's 900 unless given).
 * @example const { handle } = createSecondHandler({ keys: ['sk_one', 'sk_two'] }, '/api/v1')
 */
export function createSecondHandler(
  { keys, perMinute }: { keys: readonly string[]; perMinute?: number },
  prefix: string,
) {
  const limit = perMinute ?? SECOND_SET.tier.perMinute
  const store = createSecondStore(keys)
  const limiter = createWindowLimiter(limit)
  const { codes } = SECOND_SET

  async function answer(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://independent.invalid')
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined
    const methods = path === undefined ? undefined : PATHS.find(([pattern]) => pattern.test(path))?.[1]
    const method = req.method ?? 'GET'
    if (!path || !methods)
      return { reply: secondProblem(404, codes.notFound, `Nothing at ${url.pathname}`), headers: {} }
    if (!methods.includes(method))
      return {
        reply: secondProblem(405, codes.methodNotAllowed, `${method} is not allowed here; use ${methods.join(', ')}`),
        headers: { allow: methods.join(', ') },
      }
    const account = store.accountByKey(req.headers.authorization ?? '')
    if (!account)
      return { reply: secondProblem(401, codes.unauthenticated, 'A valid API key is required'), headers: {} }
    const { admitted, headers } = limiter.admit(account.id)
    if (!admitted)
      return { reply: secondProblem(429, codes.rateLimited, `At most ${limit} requests a minute`), headers }
    const body = await readBody(req)
    if (body === TOO_LARGE) return { reply: secondProblem(413, codes.tooLarge, 'Bodies are at most 1 MiB'), headers }
    if (body === MALFORMED)
      return { reply: secondProblem(400, codes.invalidJson, 'The body is not valid JSON'), headers }
    const segments = path.split('/').filter(Boolean)
    const reply = secondRoute({ store, account, method, segments, query: url.searchParams, body, perMinute: limit })
    return { reply, headers }
  }

  return {
    /** Answers a request; never rejects (a failure is a 500 INTERNAL). */
    async handle(req: IncomingMessage): Promise<Answer> {
      try {
        return await answer(req)
      } catch (error) {
        return { reply: secondProblem(500, codes.internal, (error as Error).message), headers: {} }
      }
    },
  }
}
