import { describeResponse, failureFor, FlowStopped, isSuccess, type CheckContext, type Flow } from '../check.js'
import type { ControlPlane, ControlPlaneUser, TierLimits } from '../control-plane.js'
import type { ContractDocument, DocumentedOperation } from '../document.js'
import { remainingOf, type ApiRequest, type Credentials } from '../http-client.js'
import type { Exchange } from '../types.js'

/** Options the rate-limit flow needs from the run. */
export interface RateLimitFlowOptions {
  controlPlane?: ControlPlane
  /** Most requests the flow may spend exhausting a window on a live deployment. */
  maxRequests: number
  /** How to wait out Retry-After: the mock's clock, or a real sleep. */
  wait: (seconds: number) => Promise<void>
}

const TINY_PER_MINUTE = 5

/**
 * Past the per-minute allowance the API answers 429 with Retry-After, and admits requests
 * again once that many seconds have passed. Against the mock: an account of a tier the control
 * plane shrinks to 5 a minute (restored afterwards), and the clock moved instead of waiting.
 * Against a live deployment: the run's own key, only when the window is small enough to spend.
 */
export function rateLimitEnforcement(options: RateLimitFlowOptions): Flow {
  return {
    name: 'rate_limit_enforcement',
    profiles: ['contract'],
    description: 'Past the allowance: 429 with Retry-After; after Retry-After seconds: admitted again.',
    promises: rateLimitPromises,
    operations: [],
    async run(ctx) {
      if (!ctx.profiles.has('contract')) return
      const target = spendingOperation(ctx.document)
      if (!target) {
        ctx.state.notes.push('rate_limit_enforcement: skipped, the document has no secured GET without parameters to spend the window with')
        return
      }
      const plane = options.controlPlane
      if (!plane) return exhaust(ctx, target, 'primary', options)
      const tiers = await plane.tiers()
      const [tier, limits] = Object.entries(tiers).sort(([, a], [, b]) => a.per_minute - b.per_minute)[0] ?? []
      if (!tier || !limits) throw new Error('The control plane lists no tiers')
      const user: ControlPlaneUser = await plane.createUser({ tier })
      await plane.setTiers({ [tier]: { ...limits, per_minute: TINY_PER_MINUTE } satisfies TierLimits })
      try {
        await exhaust(ctx, target, { authorization: user.api_key, label: 'other' }, options)
      } finally {
        await plane.setTiers({ [tier]: limits })
      }
    },
  }
}

/** The rate-limit flow judges the operation it spends the window with. */
const rateLimitPromises: Flow['promises'] = (operation, profile, document) => profile === 'contract' && spendingOperation(document) === operation

/**
 * The request that spends the window: a secured GET with nothing to fill in, preferring one whose
 * answer does not carry the api_key (spec 2.2: a failure prints the answer) and that has no parameters.
 */
function spendingOperation(document: ContractDocument): DocumentedOperation | undefined {
  const carriesKey = (operation: DocumentedOperation) => {
    const pointer = operation.responses.find((response) => /^2/.test(response.key))?.schemaPointer
    return pointer !== undefined && JSON.stringify(document.dereference(document.at(pointer))).includes('"api_key"')
  }
  const rank = (operation: DocumentedOperation) => (carriesKey(operation) ? 2 : 0) + (operation.parameters.length > 0 ? 1 : 0)
  const candidates = document.operations.filter((o) => o.method === 'get' && o.secured && !o.path.includes('{') && o.parameters.every((p) => !p.required))
  return candidates.sort((a, b) => rank(a) - rank(b))[0]
}

/** A window that rolls over mid-count restarts the count; more rollovers than this is a failure. */
const MAX_WINDOW_ROLLOVERS = 2

type Send = (purpose: string) => Promise<Exchange>

async function exhaust(ctx: CheckContext, target: DocumentedOperation, credentials: Credentials, options: RateLimitFlowOptions): Promise<void> {
  const send: Send = (purpose) =>
    ctx.client.send({ method: target.method.toUpperCase() as ApiRequest['method'], path: target.path, credentials, purpose: `rate_limit_enforcement: ${purpose}`, retryOnRateLimit: false })
  const first = await send('read the window')
  if (first.response.status === 429) return recover(ctx, target, first, send, options)
  // The window is planned with a remaining count: X-RateLimit-Remaining, or the IETF RateLimit header's r.
  if (remainingOf(first.response.headers) === undefined) {
    throw new FlowStopped(`rate_limit_enforcement could not plan: ${target.label} answered no remaining count (X-RateLimit-Remaining or RateLimit r=)`, [target.label])
  }
  const limited = await spendWindow(ctx, target, first, send, options, MAX_WINDOW_ROLLOVERS)
  return recover(ctx, target, limited, send, options)
}

/**
 * Spends what the answers say is left, until the 429 that ends it; stops (not exercised) when
 * more is left than the run may spend. X-RateLimit-Remaining must count down within one window
 * (a risen count with a new X-RateLimit-Reset means the window started again: count afresh); a
 * count from the RateLimit header alone may also rise as a bucket refills, so only the budget bounds it.
 */
async function spendWindow(ctx: CheckContext, target: DocumentedOperation, first: Exchange, send: Send, options: RateLimitFlowOptions, rolloversLeft: number): Promise<Exchange> {
  let last = first
  for (let sent = 0; sent < options.maxRequests; sent++) {
    const left = remainingOf(last.response.headers) ?? 0
    if (left + 1 > options.maxRequests - sent) {
      throw new FlowStopped(`rate_limit_enforcement did not spend the window: ${left} requests left is more than the ${options.maxRequests - sent} the run may still spend`, [target.label])
    }
    const previous = last
    last = await send(`request ${sent + 2} (${left} left)`)
    if (last.response.status === 429) return last
    const [before, now] = [Number(previous.response.headers['x-ratelimit-remaining']), Number(last.response.headers['x-ratelimit-remaining'])]
    if (!Number.isFinite(before) || !Number.isFinite(now) || now < before) continue
    const newWindow = last.response.headers['x-ratelimit-reset'] !== previous.response.headers['x-ratelimit-reset']
    if (newWindow && rolloversLeft > 0) return spendWindow(ctx, target, last, send, options, rolloversLeft - 1)
    throw failureFor('rate_limit_enforcement', 'contract', last, 'X-RateLimit-Remaining does not count down', `${before} then ${now}`, `${before - 1}`)
  }
  throw failureFor('rate_limit_enforcement', 'contract', last, `No 429 after ${options.maxRequests} requests`, describeResponse(last), '429 once the allowance is spent')
}

async function recover(ctx: CheckContext, target: DocumentedOperation, limited: Exchange, send: Send, options: RateLimitFlowOptions): Promise<void> {
  ctx.ran(target.label, 'rate_limit_enforcement')
  checkErrorCode(ctx, target, limited)
  const retryAfter = Number(limited.response.headers['retry-after'])
  // A missing Retry-After is response_headers_conformance's failure; the flow waits a whole window.
  await options.wait(Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.max(1, retryAfter) : 61)
  const again = await send('after Retry-After')
  if (!isSuccess(again.response.status)) {
    throw failureFor('rate_limit_enforcement', 'contract', again, 'Still refused after Retry-After', describeResponse(again), `a 2xx after waiting Retry-After (${limited.response.headers['retry-after'] ?? 'missing'}) seconds`)
  }
}

/**
 * The 429's error: the code the document's examples state for it, else a code and a message.
 * A code its schema pins is response_schema_conformance's to judge, not judged twice here.
 */
function checkErrorCode(ctx: CheckContext, target: DocumentedOperation, limited: Exchange): void {
  const error = (limited.response.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
  const documented = ctx.document.response(target, 429)
  const stated = documented ? ctx.document.errorCode(documented) : undefined
  if (stated?.in === 'schema') return
  const code = stated?.code
  if (code !== undefined && error?.code !== code) {
    throw failureFor('rate_limit_enforcement', 'contract', limited, 'The 429 has another error code than the document states', describeResponse(limited), `error.code "${code}" (${documented?.key} ${documented?.description})`)
  }
  if (code === undefined && (typeof error?.code !== 'string' || typeof error.message !== 'string')) {
    throw failureFor('rate_limit_enforcement', 'contract', limited, 'The 429 does not say what failed', describeResponse(limited), '{"success": false, "error": {"code": string, "message": string}}')
  }
}
