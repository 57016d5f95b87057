import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { createMockApi, type MockApi, type MockApiOptions } from '../create-mock-api.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { basePath } from '../handlers/base-path.js'
import { errorResponse } from '../http/respond.js'
import { documentPaths } from './docs-routes.js'
import { createListenerApp } from './express-app.js'
import { isLoopbackHost } from './is-loopback-host.js'
import { createRequestListener } from './request-listener.js'

/** Options of startListener: those of createMockApi, plus where to listen. */
export interface ListenerOptions extends MockApiOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. Any host other than loopback needs `adminToken`, so the control plane is never open to a network. */
  host?: string
}

/** A running standalone listener. */
export interface Listener {
  readonly api: MockApi
  readonly server: Server
  /** e.g. http://127.0.0.1:4010 */
  readonly origin: string
  /** The API below the origin, e.g. http://127.0.0.1:4010/api/v1 (from the `apiBase` option). */
  readonly baseUrl: string
  close(): Promise<void>
}

/**
 * Starts the mock behind an HTTP listener: the API and the control plane answered by the mock's
 * handler without Express (request-listener.ts), everything else by the Express app with the docs
 * routes, on the port and host asked for, answering CONNECT too; `close()` drops open connections and stops it.
 * @example const listener = await startListener({ port: 0 }); console.log(listener.baseUrl)
 */
export async function startListener({ port = 4010, host = '127.0.0.1', ...options }: ListenerOptions = {}): Promise<Listener> {
  if (!isLoopbackHost(host) && !options.adminToken) {
    throw new Error(
      `Refusing to listen on ${host} without an admin token: /__admin would let anyone on the network reset or rewrite the mock. Pass an admin token (--admin-token <token>) or bind to 127.0.0.1.`,
    )
  }
  const api = await createMockApi(options)
  const app = createListenerApp(api)
  const server = createServer(createRequestListener(api, app, Object.values(documentPaths(api))))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy())
    void refuseConnect(req, socket)
  })
  const address = server.address() as AddressInfo
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  return {
    api,
    server,
    origin,
    baseUrl: origin + basePath(api.context.apiBase),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * Node hands a CONNECT to the server's `connect` event, never to Express, and without a
 * listener drops the connection: answer it as any other method no operation has, then close.
 */
async function refuseConnect(req: IncomingMessage, socket: Duplex): Promise<void> {
  const response = errorResponse(new ApiError('route_not_found', MESSAGES.route_not_found.proxy(req.method ?? 'CONNECT', req.url ?? '')))
  const body = Buffer.from(await response.arrayBuffer())
  const head = [`HTTP/1.1 ${response.status} Not Found`, `Content-Type: ${response.headers.get('content-type')}`]
  head.push(`Content-Length: ${body.length}`, 'Connection: close', '', '')
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n')), body]))
}
