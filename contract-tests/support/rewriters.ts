import type { CheckName } from '../lib/checks/check-names.js'
import type { FetchLike } from './in-process.js'

/** Rewrites one request/response pair on its way through the real mock. */
export type Rewriter = (request: Request, next: FetchLike) => Promise<Response>

/** A deliberately broken variant of the mock and the check that must catch it. */
export interface BrokenVariant {
  name: string
  caughtBy: CheckName
  /** Caught by that check and by no other one. */
  alone?: boolean
  rewrite: Rewriter
}

/** Runs `rewrite` on the public API only; the control plane goes straight through. */
export function breakMock(handle: FetchLike, rewrite: Rewriter): FetchLike {
  return (request) => (new URL(request.url).pathname.includes('/api/v1') ? rewrite(request, handle) : handle(request))
}

/** The response with its JSON body changed (and, given, another status). */
export async function withJson(
  response: Response,
  change: (body: any) => unknown,
  status = response.status,
): Promise<Response> {
  const text = await response.text()
  const body = text ? change(JSON.parse(text)) : undefined
  return new Response(body === undefined ? text : JSON.stringify(body), { status, headers: response.headers })
}

/** The response with another status, same body and headers. */
export async function withStatus(response: Response, status: number): Promise<Response> {
  return new Response(await response.text(), { status, headers: response.headers })
}

/** A server that answers `to` wherever the real one answers `from`, with the same body and headers. */
export function answerStatusAs(from: number, to: number): Rewriter {
  return async (request, next) => {
    const response = await next(request)
    return response.status === from ? withStatus(response, to) : response
  }
}

/** Whether a response is a 2xx. */
export const isSuccess = (response: Response) => response.status >= 200 && response.status < 300

/** Every campaign object in a body (one, or a list's items). */
export function eachCampaign(body: any, change: (campaign: Record<string, unknown>) => void): any {
  const items = Array.isArray(body?.data) ? body.data : [body?.data]
  for (const item of items) if (item && typeof item === 'object' && 'advert_title' in item) change(item)
  return body
}

/** A rewriter with state of its own, made fresh for each run. */
export function stateful(create: () => Rewriter): Rewriter {
  let rewrite: Rewriter | undefined
  return (request, next) => (rewrite ??= create())(request, next)
}

/**
 * A server that compares keys carelessly: a refused key that `near` finds close enough to one that
 * worked (all but its last characters, all but its case) is taken as that key.
 * @example takesNearKeys((good, key) => good.toLowerCase() === key.toLowerCase())
 */
export function takesNearKeys(near: (good: string, key: string) => boolean): Rewriter {
  return stateful(() => {
    const goodKeys = new Set<string>()
    return async (request, next) => {
      const retry = request.clone()
      const response = await next(request)
      const key = request.headers.get('authorization')
      if (isSuccess(response) && key) goodKeys.add(key)
      const taken = key && response.status === 401 ? [...goodKeys].find((good) => near(good, key)) : undefined
      if (!taken) return response
      retry.headers.set('authorization', taken)
      return next(retry)
    }
  })
}
