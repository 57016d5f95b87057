// The `./express` entry point: the standalone listener and the Express app, each in its own module
// (Fetch translation in to-fetch-request.ts, the request handler and edge every request crosses in
// request-listener.ts, app assembly in express-app.ts with its edge as middleware in express-edge.ts,
// the listener's lifecycle in listener.ts), exported here by name.
export { createExpressApp, mswMiddleware } from '../listener/express-app.js'
export type { ExpressRequestLike, MockExpressApp, MockMiddleware } from '../listener/mock-express-app.js'
export { startListener, type Listener, type ListenerOptions } from '../listener/listener.js'
export { BODY_LIMIT } from '../listener/request-listener.js'
export { toFetchRequest } from '../listener/to-fetch-request.js'
