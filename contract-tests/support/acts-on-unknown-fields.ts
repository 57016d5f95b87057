import { isSuccess, stateful, withJson, type Rewriter } from './rewriters.js'

/**
 * A deployment that accepts unknown fields and acts on them, as a careless one does: PATCH /user
 * applies every field of `user` it is sent (an unknown one is kept on the account and answered
 * with it from then on, `balance_usd` overrides the balance), and moves updated_at whenever it
 * accepts one. What the suite must never change without CONTRACT_ALLOW_DESTRUCTIVE (issue 31):
 * after a default run its account is as it was. `applied` lists what it was made to apply.
 */
export function actsOnUnknownFields(): { rewrite: Rewriter; applied: string[] } {
  const applied: string[] = []
  const rewrite = stateful(() => {
    const extras = new Map<string, Record<string, unknown>>()
    return async (request, next) => {
      const key = request.headers.get('authorization') ?? ''
      const isUser = /\/user$/.test(new URL(request.url).pathname)
      if (request.method === 'PATCH' && isUser) {
        const body = parsed(await request.clone().text())
        const inner = body && typeof body.user === 'object' && body.user !== null ? body.user : undefined
        const { email, ...unknown } = (inner ?? {}) as Record<string, unknown>
        if (inner && Object.keys(unknown).length > 0) {
          const read = await next(new Request(request.url, { method: 'GET', headers: request.headers }))
          if (read.status !== 200) return read
          applied.push(...Object.keys(unknown))
          const stamp = { ...unknown, updated_at: new Date(Date.now() + 1000).toISOString() }
          extras.set(key, { ...extras.get(key), ...stamp })
          if (email === undefined)
            return withJson(read, (json) => ({ ...json, data: { ...json.data, ...extras.get(key) } }))
          request = new Request(request, { body: JSON.stringify({ user: { email } }) })
        }
      }
      const response = await next(request)
      const own = extras.get(key)
      if (!own || !isUser || !isSuccess(response)) return response
      return withJson(response, (json) => ({ ...json, data: { ...json.data, ...own } }))
    }
  })
  return { rewrite, applied }
}

/** The body as JSON, or null when it does not parse (the mock refuses it as it would). */
function parsed(text: string): { user?: unknown } | null {
  try {
    return JSON.parse(text) as { user?: unknown } | null
  } catch {
    return null
  }
}
