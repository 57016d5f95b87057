import type { IncomingMessage } from 'node:http'

// A request's JSON body as both sets of choices read it: at most 1 MiB, none when empty.

/** The most a body may hold. */
const MAX_BODY = 1024 * 1024

/** The body was larger than MAX_BODY. */
export const TOO_LARGE = Symbol('too large')
/** The body was not JSON. */
export const MALFORMED = Symbol('malformed')

/**
 * The body parsed, undefined when empty, or TOO_LARGE / MALFORMED.
 * @example const body = await readBody(req); if (body === MALFORMED) return problem(400, …)
 */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) return TOO_LARGE
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return MALFORMED
  }
}
