// A request and its answer as plain values, the same from every transport: the listener builds
// them from Node's request with no Fetch object, msw from its Fetch `Request` (fromFetchRequest),
// and gives the answer back as a Fetch `Response` (toFetchResponse).

/** A request as the pipeline reads it. Nothing is read before a step asks for it. */
export interface MockRequest {
  /** In upper case. */
  readonly method: string
  readonly url: URL
  /** A header's value by its lower-case name, or null (as Fetch's `Headers.get`). */
  header(name: string): string | null
  /** Every header, by lower-case name: read only to build a Fetch `Request` for an in-process override. */
  headerEntries(): Iterable<[string, string]>
  /** Whether a body came with the request at all; when false, no body reader runs. */
  readonly hasBody: boolean
  /** The body as text, decoded as UTF-8 ('' for none); read once, however often asked (the journal asks again). */
  text(): Promise<string>
}

/**
 * What the pipeline answers: the status, the headers (lower-case names) and the body's text (null for
 * none). Status 0 is a network error (an override's `HttpResponse.error()`): no answer at all.
 */
export interface MockAnswer {
  status: number
  headers: Record<string, string>
  body: string | null
  /** Where the body was written from JSON kept unchanged (a page, a record): the same object answers it again. */
  kept?: KeptBody
}

/**
 * A body written from kept JSON that nothing has changed since: while it holds, the same object
 * (and the same text) answers again, so an edge may keep what it derives from the text (its
 * encoded bytes) under it.
 */
export interface KeptBody {
  readonly text: string
}

/**
 * A Fetch `Request` as the pipeline reads it: msw's and a user's Fetch objects stay as they are.
 * @example await answerRequest(index, fromFetchRequest(new Request('http://x.test/api/v1/user')))
 */
export function fromFetchRequest(request: Request, url = new URL(request.url)): MockRequest {
  let text: Promise<string> | undefined
  return {
    method: request.method.toUpperCase(),
    url,
    header: (name) => request.headers.get(name),
    headerEntries: () => request.headers.entries(),
    hasBody: request.body !== null,
    text: () => (text ??= request.text()),
  }
}

/** An answer as a Fetch `Response`, for msw and the Express app (status 0: `Response.error()`). */
export function toFetchResponse({ status, headers, body }: MockAnswer): Response {
  return status === 0 ? Response.error() : new Response(body, { status, headers })
}

/**
 * A MockRequest as a Fetch `Request`, for what must meet real Fetch objects (an in-process
 * override's resolver): built only then, never on the way of a request no override answers.
 */
export async function asFetchRequest(request: MockRequest): Promise<Request> {
  const body = request.hasBody ? await request.text() : undefined
  return new Request(request.url, { method: request.method, headers: [...request.headerEntries()], body })
}

/** A Fetch `Response` as an answer: what an in-process override's resolver gave (`Response.error()`: status 0). */
export async function fromFetchResponse(response: Response): Promise<MockAnswer> {
  if (response.type === 'error') return { status: 0, headers: {}, body: null }
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  return { status: response.status, headers, body: response.body === null ? null : await response.text() }
}
