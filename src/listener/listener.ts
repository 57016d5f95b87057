import { createServer, STATUS_CODES, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { createMockApi, type MockApi, type MockApiOptions } from '../surface/create-mock-api.js'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { basePath } from '../pipeline/base-path.js'
import { MAX_HEADER_BYTES } from '../http/request-limits.js'
import type { MockAnswer } from '../http/mock-request.js'
import { errorAnswer } from '../pipeline/error-answer.js'
import type { ApiModel } from '../model/api-model.js'
import { documentPaths } from './docs-routes.js'
import { createListenerApp } from './express-app.js'
import { isLoopbackHost } from './is-loopback-host.js'
import { createRequestListener, InFlight } from './request-listener.js'
import { createRequestLog, type RequestLogOptions } from './request-log.js'
import { persistToFile, type StateFile, type StateFileOptions } from '../persistence/state-file.js'
import { startSandbox, type Sandbox } from '../persistence/redis/sandbox.js'
import { createSandboxListener } from './sandbox-edge.js'

/** Options of startListener: those of createMockApi, plus where to listen. */
export interface ListenerOptions extends Omit<MockApiOptions, 'store'> {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. Any host other than loopback needs `adminToken`, so the control plane is never open to a network. */
  host?: string
  /** One line per request served (time, method, path, status, duration, user id), never the key. Off by default. */
  requestLog?: RequestLogOptions | false
  /** Keep the state in a JSON file across restarts (see persistToFile): loaded at start, saved after every write and at close. */
  state?: StateFileOptions
  /**
   * Share the state with every listener given the same Redis URL (`redis://host:port/db`): a team
   * sandbox of several replicas, with tenants under `/t/<name>/` (docs/sandbox.md). Not with `state`.
   */
  store?: string
  /** Milliseconds a named tenant of the store lives unused (default one day). */
  tenantTtlMs?: number
}

/** Options of Listener.close. */
export interface CloseOptions {
  /**
   * How long requests already in flight may take to finish before their connections are cut,
   * in milliseconds. Default 0: cut at once.
   */
  graceMs?: number
}

/** A running standalone listener. */
export interface Listener {
  readonly api: MockApi
  readonly server: Server
  /** e.g. http://127.0.0.1:4010 */
  readonly origin: string
  /** The API below the origin, e.g. http://127.0.0.1:4010/api/v1 (from the `apiBase` option). */
  readonly baseUrl: string
  /** Requests received and not yet answered (or abandoned). */
  readonly inFlight: number
  /** The state file, when the `state` option is set. */
  readonly stateFile?: StateFile
  /** The shared store and its tenants, when the `store` option is set. */
  readonly sandbox?: Sandbox
  /**
   * Stops accepting connections, lets requests in flight finish within `graceMs`, cuts what is
   * left, saves the state file if there is one, and resolves once the server is closed.
   */
  close(options?: CloseOptions): Promise<void>
}

/**
 * Starts the mock behind an HTTP listener: the API and the control plane answered by the mock's
 * handler without Express (request-listener.ts), everything else by the Express app with the docs
 * routes, on the port and host asked for, answering CONNECT too; `close()` drops open connections and stops it.
 * @example const listener = await startListener({ port: 0 }); console.log(listener.baseUrl)
 */
export async function startListener({
  port = 4010,
  host = '127.0.0.1',
  ...options
}: ListenerOptions = {}): Promise<Listener> {
  if (!isLoopbackHost(host) && !options.adminToken) {
    throw new Error(
      `Refusing to listen on ${host} without an admin token: /__admin would let anyone on the network reset or rewrite the mock. Pass an admin token (--admin-token <token>) or bind to 127.0.0.1.`,
    )
  }
  const { requestLog, state, store, tenantTtlMs, ...mockOptions } = options
  if (store !== undefined && state) throw new TypeError('startListener: pass either `store` or `state`, not both')
  // Before listening: a store that cannot be used stops the start, as a state file that cannot be loaded does.
  const sandbox = store === undefined ? undefined : await startSandbox(store, mockOptions, { tenantTtlMs })
  const api = sandbox ? sandbox.default.api : await createMockApi(mockOptions)
  // Before listening: a state file that cannot be loaded stops the start, and no request sees the fixtures first.
  const stateFile = state && (await persistToFile(api, state))
  const app = createListenerApp(api)
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES })
  const inFlight = new InFlight(server)
  const expressPaths = Object.values(documentPaths(api))
  server.on(
    'request',
    sandbox
      ? createSandboxListener(sandbox, app, expressPaths, inFlight)
      : createRequestListener(api, app, expressPaths, inFlight),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    await stateFile?.stop()
    await sandbox?.close()
    throw error
  })
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy())
    refuseConnect(req, socket, api.context.model)
  })
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) =>
    answerClientError(error, socket, api.context.model),
  )
  if (requestLog) server.prependListener('request', createRequestLog(api, requestLog))
  let closing: Promise<void> | undefined
  const address = server.address() as AddressInfo
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  return {
    api,
    server,
    origin,
    baseUrl: origin + basePath(api.context.apiBase),
    get inFlight() {
      return inFlight.count
    },
    stateFile,
    sandbox,
    close({ graceMs = 0 } = {}) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve, reject) =>
          server.close((error) => (error ? reject(error) : resolve())),
        )
        inFlight.startClosing()
        server.closeIdleConnections()
        if (graceMs > 0) await inFlight.drained(graceMs)
        server.closeAllConnections()
        await closed
        await stateFile?.stop()
        await sandbox?.close()
      })()
      return closing
    },
  }
}

/**
 * What Node's HTTP parser refuses before any handler runs (a malformed request line, headers over
 * its limit, a request too slow to arrive) gets an answer in the error shape instead of Node's
 * bare status line.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket, model: ApiModel): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && !socket.readable)) {
    socket.destroy()
    return
  }
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('headers_too_large', MESSAGES.headers_too_large.listener(MAX_HEADER_BYTES))
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('request_timeout', MESSAGES.request_timeout.listener())
        : new ApiError('bad_request', MESSAGES.bad_request.malformed(error.message.replace(/^Parse Error: /, '')))
  writeRaw(socket, errorAnswer(apiError, model))
}

/**
 * Node hands a CONNECT to the server's `connect` event, never to Express, and without a
 * listener drops the connection: answer it as any other method no operation has, then close.
 */
function refuseConnect(req: IncomingMessage, socket: Duplex, model: ApiModel): void {
  const proxy = MESSAGES.route_not_found.proxy(req.method ?? 'CONNECT', req.url ?? '')
  writeRaw(socket, errorAnswer(new ApiError('route_not_found', proxy), model))
}

/** Writes a whole response on a bare socket, outside Express, and closes the connection. */
function writeRaw(socket: Duplex, answer: MockAnswer): void {
  const body = Buffer.from(answer.body ?? '')
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    `Content-Type: ${answer.headers['content-type']}`,
  ]
  head.push(`Content-Length: ${body.length}`, 'Connection: close', '', '')
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n')), body]))
}
