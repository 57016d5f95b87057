import { ApiError } from '../errors/api-error.js'
import { faultCode } from '../errors/error-codes.js'
import { injectedFault } from '../errors/messages.js'
import type { MockRequest } from '../http/mock-request.js'
import { parsePrefer } from '../http/prefer.js'
import type { Operation } from '../operations/define-operation.js'
import { basePath } from './base-path.js'
import type { MockContext } from './mock-context.js'

// The steps a request takes only when it asks for them (Prefer) or the mock has faults set:
// answerApi calls them then, so a request without either never enters this file.

/** Holds a public-API response for the configured latency, if any. */
export async function holdLatency(ctx: MockContext): Promise<void> {
  const latency = ctx.faults.latencyMs()
  if (latency > 0) await sleep(latency)
}

/**
 * Honours `Prefer: delay=` and `Prefer: code=`, then any fault rule. It runs only after admission,
 * so an unauthenticated request can neither hold a connection open nor learn anything, and a forced
 * error counts and carries its rate-limit headers; it runs before validation and the resolver, so a
 * forced error never changes state.
 */
export async function applyFaults(
  ctx: MockContext,
  request: MockRequest,
  operation: Operation,
  headers: Record<string, string>,
): Promise<void> {
  const prefer = request.header('prefer')
  const { code, delay } = parsePrefer(prefer)
  if (delay !== undefined) {
    preferenceApplied(headers, `delay=${delay}`)
    if (delay > 0) await sleep(delay)
  }
  const forced =
    code !== undefined ? { status: code, reason: `Prefer: code=${code}` } : forcedByRule(ctx, request, operation)
  if (!forced) return
  if (code !== undefined) preferenceApplied(headers, `code=${code}`)
  const forcedCode = faultCode(forced.status)
  if (forcedCode === 'rate_limit_exceeded')
    headers[(ctx.model.headers.retryAfterName ?? 'Retry-After').toLowerCase()] = '1'
  throw new ApiError(forcedCode, injectedFault(forced.status, forced.reason), undefined, undefined, forced.status)
}

/** The error a fault rule forces on this request, matched on the path below the API's base. */
function forcedByRule(ctx: MockContext, request: MockRequest, operation: Operation) {
  if (!ctx.faults.active) return undefined
  const { pathname } = request.url
  const prefix = basePath(ctx.apiBase)
  const path = pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname
  return ctx.faults.forcedError(request.method, path, operation.path)
}

/** Tells the client which of its preferences were honoured (RFC 7240 Preference-Applied). */
function preferenceApplied(headers: Record<string, string>, preference: string): void {
  const current = headers['preference-applied']
  headers['preference-applied'] = current ? `${current}, ${preference}` : preference
}

/** Waits, on any runtime (msw's `delay` would do the same, but the pipeline stays free of msw). */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
