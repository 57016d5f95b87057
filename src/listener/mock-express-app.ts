import type { IncomingMessage, Server, ServerResponse } from 'node:http'

// The listener's public types, written without Express's: a consumer typechecks against them with
// no @types/express installed. Express's own Request, Response and app satisfy each of them.

/**
 * The Express app that serves the mock: a Node request listener that can listen on its own, be
 * mounted in another Express app (`app.use(mockApp)`) or handed to `http.createServer`.
 * @example createExpressApp(await createMockApi()).listen(4010)
 */
export interface MockExpressApp {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void
  /** Starts an HTTP server for this app, as Express's `app.listen` does. */
  listen(port: number, hostname: string, callback?: (error?: Error) => void): Server
  listen(port?: number, callback?: (error?: Error) => void): Server
}

/** What the Fetch translation reads of an Express request (Express's `Request` is one). */
export interface ExpressRequestLike extends IncomingMessage {
  readonly protocol: string
  readonly originalUrl: string
  /** The raw body bytes, as `express.raw()` leaves them. */
  readonly body?: unknown
  get(name: string): string | undefined
}

/** Express middleware, typed without Express: mount it with `app.use(...)`. */
export type MockMiddleware = (
  req: ExpressRequestLike,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => Promise<void>
