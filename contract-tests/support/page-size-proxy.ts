import { createServer, request as forward, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { strip } from './http-proxy.js'

// A node:http proxy in front of a deployment that changes one silent choice: the page size a list
// answers when the request names none. Every list request without per_page is sent on with the
// per_page `perPageFor` gives (its argument counts those requests from 0); everything else goes
// through as it came. The deployment behind it knows nothing of it.

/** A running proxy. */
export interface PageSizeProxy {
  readonly server: Server
  /** The API below the proxy, e.g. http://127.0.0.1:51234/api/v1. */
  readonly baseUrl: string
  /** How many requests it has forwarded, of every kind. */
  readonly forwarded: () => number
  close(): Promise<void>
}

/**
 * Starts the proxy on a loopback port in front of `baseUrl` (ending with /api/v1).
 * @example const proxy = await startPageSizeProxy(server.baseUrl, (n) => (n % 2 === 0 ? 10 : 40)) // two page sizes, in turn
 */
export async function startPageSizeProxy(
  baseUrl: string,
  perPageFor: (listRequest: number) => number | undefined,
): Promise<PageSizeProxy> {
  const upstream = new URL(baseUrl)
  let forwarded = 0
  let lists = 0
  const server = createServer((req, res) => {
    forwarded++
    const url = new URL(req.url ?? '/', upstream.origin)
    if (req.method === 'GET' && /\/(adverts|campaigns)\/?$/.test(url.pathname) && !url.searchParams.has('per_page')) {
      const perPage = perPageFor(lists++)
      if (perPage !== undefined) url.searchParams.set('per_page', String(perPage))
    }
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url.pathname + url.search,
        headers: { ...strip(req.headers), host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, strip(answer.headers))
        answer.pipe(res)
      },
    )
    outgoing.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`Bad gateway: ${error.message}`)
    })
    req.pipe(outgoing)
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/+$/, '')}`,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
