import { RequestHandler } from 'msw'
import { runPipeline } from '../pipeline/pipeline.js'
import type { Route } from '../pipeline/route.js'
import type { RouteIndex, RouteMatch } from '../pipeline/route-index.js'

/** What parsing a request found: the route, and the request it runs (a HEAD runs as its GET). */
interface Found {
  match: RouteMatch
  request: Request
  url: URL
  head: boolean
}

/**
 * The whole mock as one msw request handler: it finds the one route for a request through an
 * index built once, instead of msw trying one handler per operation in turn (each of which would
 * parse the request's cookies and compile its path pattern again), and answers it through the
 * pipeline. HEAD is answered wherever GET is (RFC 9110 9.3.2): as that GET to authentication,
 * rate limits and the journal, with its status and headers, its body's Content-Length and no body.
 * Works wherever msw does: setupServer, setupWorker, getResponse.
 * @example setupServer(...api.handlers) // api.handlers is [new MockHandler(index, routes)]
 */
export class MockHandler extends RequestHandler<{ header: string }, Found | undefined, { found: Found }> {
  /** The operations it serves, in the order they are declared. */
  readonly routes: readonly Route[]
  readonly #index: RouteIndex

  constructor(index: RouteIndex, routes: readonly Route[]) {
    super({
      info: { header: 'ad-campaign-mock (public API and control plane)' },
      resolver: ({ found }) => respond(found),
    })
    this.#index = index
    this.routes = routes
  }

  /**
   * Answers a request as msw's `run` does for this handler (parse, then the resolver), without
   * the bookkeeping the mock's routes never use (a copy of the request kept for logging, an abort
   * listener for cleanups); `undefined` when the request is not the mock's. The listener calls it.
   */
  async answer(request: Request): Promise<Response | undefined> {
    const found = await this.parse({ request })
    return found && respond(found)
  }

  /** Whether a URL lies at or below the API or the control plane, where this handler answers. */
  serves(url: URL): boolean {
    return this.#index.isUnderEitherBase(url)
  }

  override async parse({ request }: { request: Request }): Promise<Found | undefined> {
    const url = new URL(request.url)
    if (request.method.toUpperCase() !== 'HEAD') {
      const match = this.#index.find(request.method, url)
      return match && { match, request, url, head: false }
    }
    if (!this.#index.isUnderEitherBase(url)) return undefined
    const get = new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal })
    const match = this.#index.find('GET', url)
    return match && { match, request: get, url, head: true }
  }

  predicate({ parsedResult }: { parsedResult: Found | undefined }): boolean {
    return parsedResult !== undefined
  }

  protected override extendResolverArgs({ parsedResult }: { parsedResult: Found | undefined }): { found: Found } {
    return { found: parsedResult! }
  }

  /** Prints a mocked request in the browser console, as msw's own handlers do. */
  log({ request, response }: { request: Request; response: Response }): void {
    const time = new Date().toTimeString().slice(0, 8)
    const color = response.status < 300 ? '#69AB32' : response.status < 400 ? '#F0BB4B' : '#E95F5D'
    console.groupCollapsed(
      `[MSW] ${time} ${request.method} ${request.url} (%c${response.status} ${response.statusText}%c)`,
      `color:${color}`,
      'color:inherit',
    )
    console.log('Request', request)
    console.log('Handler:', this)
    console.log('Response', response)
    console.groupEnd()
  }
}

/** Runs the route's pipeline; for a HEAD, keeps the GET's status and headers, states its length and drops the body. */
async function respond({ match, request, url, head }: Found): Promise<Response> {
  const response = await runPipeline(match.route, request, match.params, url)
  if (!head) return response
  const headers = new Headers(response.headers)
  if (!headers.has('content-length')) headers.set('content-length', String((await response.arrayBuffer()).byteLength))
  return new Response(null, { status: response.status, statusText: response.statusText, headers })
}
