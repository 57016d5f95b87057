import { RequestHandler } from 'msw'
import { fromFetchRequest, toFetchResponse, type MockRequest } from '../http/mock-request.js'
import { answerFound, findRoute, type Found } from '../pipeline/pipeline.js'
import type { OperationRoute } from '../pipeline/route.js'
import type { RouteIndex } from '../pipeline/route-index.js'

/** What parsing a request found: its route, and the request as the pipeline reads it. */
interface Parsed {
  found: Found
  request: MockRequest
}

/**
 * The whole mock as one msw request handler: it finds the one route for a request through an
 * index built once, instead of msw trying one handler per operation in turn (each of which would
 * parse the request's cookies and compile its path pattern again), and answers it through the
 * pipeline. HEAD is answered wherever GET is. Works wherever msw does: setupServer, setupWorker,
 * getResponse. The listener does without it: it asks the same index and pipeline with no Fetch
 * objects at all.
 * @example setupServer(...api.handlers) // api.handlers is [new MockHandler(index, routes)]
 */
export class MockHandler extends RequestHandler<{ header: string }, Parsed | undefined, { parsed: Parsed }> {
  /** The operations it serves, in the order they are declared. */
  readonly routes: readonly OperationRoute[]
  /** Finds a request's route: the listener's way in. */
  readonly index: RouteIndex

  constructor(index: RouteIndex, routes: readonly OperationRoute[]) {
    super({
      info: { header: 'ad-campaign-mock (public API and control plane)' },
      resolver: async ({ parsed }) => toFetchResponse(await answerFound(parsed.found, parsed.request)),
    })
    this.index = index
    this.routes = routes
  }

  override async parse({ request }: { request: Request }): Promise<Parsed | undefined> {
    const mockRequest = fromFetchRequest(request)
    const found = findRoute(this.index, mockRequest)
    return found && { found, request: mockRequest }
  }

  predicate({ parsedResult }: { parsedResult: Parsed | undefined }): boolean {
    return parsedResult !== undefined
  }

  protected override extendResolverArgs({ parsedResult }: { parsedResult: Parsed | undefined }): { parsed: Parsed } {
    // msw calls the resolver only where predicate() held, so the request was parsed.
    return { parsed: parsedResult as Parsed }
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
