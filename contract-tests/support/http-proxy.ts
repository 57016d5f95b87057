import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// Headers that belong to one connection, not to the message (RFC 9110 section 7.6.1).
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
])

/** A running proxy. */
export interface HttpProxy {
  readonly server: Server
  /** e.g. http://127.0.0.1:51234 */
  readonly origin: string
  /** How many requests it has forwarded. */
  readonly forwarded: () => number
  close(): Promise<void>
}

/** A message's headers without those of its connection. */
export function strip(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())))
}

/**
 * A plain node:http reverse proxy to `target` (an origin such as http://127.0.0.1:4010) on a
 * loopback port: it knows nothing of the mock, so whatever is behind it looks like a foreign deployment.
 * @example const proxy = await startHttpProxy('http://127.0.0.1:4010')
 */
export async function startHttpProxy(target: string, port = 0): Promise<HttpProxy> {
  const upstream = new URL(target)
  let forwarded = 0
  const server = createServer((req, res) => {
    forwarded++
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...strip(req.headers), host: upstream.host, via: '1.1 contract-proxy' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, strip(answer.headers))
        answer.pipe(res)
      },
    )
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('upstream timed out')))
    outgoing.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`Bad gateway: ${error.message}`)
    })
    req.pipe(outgoing)
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
  const { port: bound } = server.address() as AddressInfo
  return {
    server,
    origin: `http://127.0.0.1:${bound}`,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
