import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'

/** A Node request (Express's too) whose body, if any, a body reader has put in `body` as bytes. */
export type NodeRequest = IncomingMessage & { body?: unknown; originalUrl?: string }

/**
 * Turns a Node request into a Fetch `Request` for the msw handlers: the one translation from the
 * platform's request (as hono's adapters do), body bytes included. Headers go in as pairs, so
 * the `Request` builds its `Headers` once.
 * @example await getResponse(handlers, toFetchRequest(req))
 */
export function toFetchRequest(req: NodeRequest): Request {
  // The body reader has already decoded a gzip, deflate or br body (and refused any other coding).
  const decoded = req.headers['content-encoding'] !== undefined
  const headers: [string, string][] = []
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (decoded && (name === 'content-encoding' || name === 'content-length'))) continue
    if (Array.isArray(value)) for (const item of value) headers.push([name, item])
    else headers.push([name, value])
  }
  const protocol = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http'
  const url = `${protocol}://${req.headers.host ?? '127.0.0.1'}${req.originalUrl ?? req.url}`
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body) && req.body.length > 0
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(req.body as Buffer) : undefined,
  })
}

/** Writes a Fetch `Response` back to a Node response (Express's too): status, headers and body bytes; Node adds the length. */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}
