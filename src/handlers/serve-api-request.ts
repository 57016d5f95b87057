import { delay } from 'msw'
import { authenticate } from '../domain/auth.js'
import { isoTimestamp } from '../domain/clock.js'
import { ApiError } from '../http/api-error.js'
import { FAULT_ERROR_CODES } from '../schemas/admin.js'
import { parsePrefer } from '../http/prefer.js'
import { rateLimitHeaders, RATE_LIMIT_HEADERS } from '../http/rate-limit-headers.js'
import type { MockContext } from '../mock-context.js'
import type { Operation } from '../operations/define-operation.js'
import type { UserRecord } from '../store/models.js'
import { handleSafely } from './handle-safely.js'

/** What the steps of one public-API request learn on the way, for the response and the journal. */
export interface Exchange {
  userId: number | undefined
  /** Headers added to the response, success or error: the rate-limit headers, Preference-Applied. */
  headers: Record<string, string>
}

/**
 * Runs one request to the public API: holds the response for any configured latency,
 * runs the steps, adds the exchange's headers to whatever came out, and
 * records the request in the journal. The control plane never comes through here.
 */
export async function serveApiRequest(
  ctx: MockContext,
  request: Request,
  operation: Operation | undefined,
  run: (exchange: Exchange) => Promise<Response>,
): Promise<Response> {
  const started = performance.now()
  const at = ctx.clock.now()
  const exchange: Exchange = { userId: undefined, headers: {} }
  const response = await handleSafely(async () => {
    const latency = ctx.faults.latencyMs()
    if (latency > 0) await delay(latency)
    return run(exchange)
  })
  for (const [name, value] of Object.entries(exchange.headers)) response.headers.set(name, value)
  // The mock's own time, so a client can read X-RateLimit-Reset against it even after the control plane moved the clock.
  response.headers.set('Date', new Date(ctx.clock.now()).toUTCString())
  const url = new URL(request.url)
  ctx.journal.record({
    at: isoTimestamp(at),
    method: request.method,
    path: redactKey(url.pathname + url.search, request.headers.get('authorization')),
    status: response.status,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    user_id: exchange.userId ?? null,
    operation_id: operation?.operationId ?? null,
  })
  return response
}

/**
 * Authenticates the caller, then checks and counts the request against their rate limits
 * in one synchronous step (nothing is awaited between the check and the count). A request
 * that fails authentication counts against nobody; a refused one is a 429 and is not counted.
 */
export function admitUser(ctx: MockContext, request: Request, exchange: Exchange): UserRecord {
  const user = authenticate(ctx.store, request.headers.get('authorization'))
  exchange.userId = user.id
  const decision = ctx.rateLimiter.consume(user.id, ctx.tiers[user.api_tier], ctx.clock.now())
  Object.assign(exchange.headers, rateLimitHeaders(decision))
  if (!decision.allowed) {
    const { window, limit } = decision.binding
    throw new ApiError(
      'rate_limit_exceeded',
      `Rate limit exceeded: the ${user.api_tier} tier admits ${limit} requests per ${window}; retry in ${decision.retryAfterSeconds} s`,
    )
  }
  return user
}

/**
 * Honours the request's `Prefer: delay=` and `Prefer: code=`, then any fault rule. It runs
 * only after admission, so an unauthenticated request can neither hold a connection open
 * nor learn anything, and a forced error counts and carries its rate-limit headers; it
 * runs before validation and the resolver, so a forced error never changes state.
 */
export async function applyFaults(ctx: MockContext, request: Request, operation: Operation, exchange: Exchange): Promise<void> {
  const { code, delay: preferredDelay } = parsePrefer(request.headers.get('prefer'))
  if (preferredDelay !== undefined) {
    preferenceApplied(exchange, `delay=${preferredDelay}`)
    if (preferredDelay > 0) await delay(preferredDelay)
  }
  const forced =
    code !== undefined
      ? { status: code, reason: `Prefer: code=${code}` }
      : ctx.faults.forcedError(request.method, pathBelow(ctx.apiBase, new URL(request.url).pathname), operation.path)
  if (!forced) return
  if (code !== undefined) preferenceApplied(exchange, `code=${code}`)
  if (forced.status === 429) exchange.headers[RATE_LIMIT_HEADERS.retryAfter.name] = '1'
  throw new ApiError(FAULT_ERROR_CODES[forced.status], `Injected fault: forced ${forced.status} by ${forced.reason}`)
}

/** Keeps a key out of the journal even when a client also puts it in the URL by mistake. */
function redactKey(path: string, authorization: string | null): string {
  const key = authorization?.trim() ?? ''
  return key.length >= 8 ? path.replaceAll(encodeURIComponent(key), '[redacted]').replaceAll(key, '[redacted]') : path
}

/** Tells the client which of its preferences were honoured (RFC 7240 Preference-Applied). */
function preferenceApplied(exchange: Exchange, preference: string): void {
  const current = exchange.headers['Preference-Applied']
  exchange.headers['Preference-Applied'] = current ? `${current}, ${preference}` : preference
}

/** The path below the API base, e.g. `/campaigns/7` for `/api/v1/campaigns/7`. */
function pathBelow(apiBase: string, pathname: string): string {
  const prefix = new URL(apiBase.replace(/^\*/, 'http://any.invalid')).pathname.replace(/\/$/, '')
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname
}
