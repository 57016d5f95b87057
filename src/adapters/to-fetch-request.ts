import type { ServerResponse } from 'node:http'
import type { ExpressRequestLike } from './mock-express-app.js'

/**
 * Turns an Express request into a Fetch `Request` for the msw handlers: the one translation
 * from the platform's request (as hono's adapters do), body bytes included.
 * @example await getResponse(handlers, toFetchRequest(req))
 */
export function toFetchRequest(req: ExpressRequestLike): Request {
  const url = `${req.protocol}://${req.get('host') ?? '127.0.0.1'}${req.originalUrl}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  // express.raw has already decoded a gzip, deflate or br body (and refused any other coding).
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding')
    headers.delete('content-length')
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body) && req.body.length > 0
  return new Request(url, { method: req.method, headers, body: hasBody ? new Uint8Array(req.body) : undefined })
}

/** Writes a Fetch `Response` back through Node's response (Express's is one): status, headers and body bytes. */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}
