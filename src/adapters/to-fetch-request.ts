import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'

/**
 * Turns an Express request into a Fetch `Request` for the msw handlers: the one translation
 * from the platform's request (as hono's adapters do), body bytes included.
 * @example await getResponse(handlers, toFetchRequest(req))
 */
export function toFetchRequest(req: ExpressRequest): Request {
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

/** Writes a Fetch `Response` back through Express: status, headers and body bytes. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status)
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}
