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
  /** Whether a body came with the request at all; when false, no body reader runs. */
  readonly hasBody: boolean
  /** The body as text, decoded as UTF-8 ('' for none); read once, however often asked (the journal asks again). */
  text(): Promise<string>
}

/** What the pipeline answers: the status, the headers (lower-case names) and the body's text (null for none). */
export interface MockAnswer {
  status: number
  headers: Record<string, string>
  body: string | null
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
    hasBody: request.body !== null,
    text: () => (text ??= request.text()),
  }
}

/** An answer as a Fetch `Response`, for msw and the Express app. */
export function toFetchResponse({ status, headers, body }: MockAnswer): Response {
  return new Response(body, { status, headers })
}
