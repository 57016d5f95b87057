import { delay, type PathParams } from 'msw'
import { assertAdminToken, authenticate } from '../domain/auth.js'
import { isoTimestamp } from '../domain/clock.js'
import { ApiError, internalError } from '../errors/api-error.js'
import { FAULT_ERROR_CODES, type ErrorCode } from '../errors/error-codes.js'
import { injectedFault, MESSAGES } from '../errors/messages.js'
import { parseId, validate, validateQuery } from '../errors/validate.js'
import { ADMIN_TOKEN_HEADER, redactKey } from '../http/credentials.js'
import { parsePrefer } from '../http/prefer.js'
import { RATE_LIMIT_HEADERS, rateLimitHeaders } from '../http/rate-limit-headers.js'
import { readJsonBody, refuseBody } from '../http/read-body.js'
import { errorResponse, successResponse } from '../http/respond.js'
import { hasIdParam, type Operation } from '../operations/define-operation.js'
import { basePath } from './base-path.js'
import type { MockContext } from './mock-context.js'
import type { RequestState, Resolver, Route, Step, StepOutput, StepOutputs, Target } from './route.js'

// One request, top to bottom: runPipeline runs the STEPS below in the order the README states
// ("Order of checks"), each only where its operation's declaration says it applies, each adding
// what it produces to the request's state; then the envelope, the response's headers and the
// journal. The document asks the same STEPS for the error codes they can raise.

/**
 * Answers one request: the public API's latency first, then every step of the route in order,
 * the success envelope with the operation's status, or the error envelope for whatever failed;
 * last, for the public API, its headers and the journal entry. The control plane has neither
 * latency, headers nor journal.
 */
export async function runPipeline(
  route: Route,
  request: Request,
  params: PathParams,
  url = new URL(request.url),
): Promise<Response> {
  const { ctx, plane } = route
  const at = ctx.clock.now()
  const started = performance.now()
  const state: RequestState = { request, url, params, headers: {} }
  const response = await answerSafely(async () => {
    if (plane === 'api') await holdLatency(ctx)
    // authenticate, rate limit, faults and Prefer, id, query, body, resolve: those of STEPS that apply.
    for (const { adds, run } of route.runs) {
      let value = run(state)
      if (value instanceof Promise) value = await value
      if (adds) keep(state, adds, value)
    }
    return successResponse(route.operation?.response.status ?? 200, state.result!.data, state.result!.pagination)
  })
  if (plane === 'api') {
    addResponseHeaders(ctx, state, response)
    journal(route, state, response, at, started)
  }
  return response
}

const isUserOperation = ({ plane, operation }: Target) => plane === 'api' && operation !== undefined

/** Declares a step, its value typed by the field it adds. */
const defineStep = <const Adds extends StepOutput | undefined = undefined>(declared: Step<Adds>): Step<Adds> => declared

/** The steps, in order: authenticate, rate limit, faults and Prefer, id, query, body, resolve. */
export const STEPS: readonly Step[] = [
  defineStep({
    name: 'authenticate',
    adds: 'user',
    applies: isUserOperation,
    codes: () => ['unauthorized'],
    prepare:
      ({ ctx }) =>
      (state) =>
        authenticate(ctx.store, state.request.headers.get('authorization')),
  }),
  defineStep({
    name: 'admin token',
    applies: ({ plane }) => plane === 'admin',
    codes: () => ['admin_forbidden'],
    prepare:
      ({ ctx }) =>
      (state) =>
        assertAdminToken(ctx.adminToken, state.request.headers.get(ADMIN_TOKEN_HEADER), ADMIN_TOKEN_HEADER),
  }),
  defineStep({
    // Checked and counted in one synchronous step, so concurrent requests cannot pass a limit together.
    name: 'rate limit',
    applies: isUserOperation,
    codes: () => ['rate_limit_exceeded'],
    prepare:
      ({ ctx }) =>
      (state) =>
        admit(ctx, state),
  }),
  defineStep({
    // Forced errors are the caller's own request (a fault rule, Prefer), not documented per operation.
    name: 'faults and Prefer',
    applies: isUserOperation,
    codes: () => [],
    prepare: ({ ctx, operation }) => {
      const prefix = basePath(ctx.apiBase)
      return (state) => applyFaults(ctx, state, prefix, operation!)
    },
  }),
  defineStep({
    name: 'id',
    adds: 'id',
    applies: ({ operation }) => operation !== undefined && hasIdParam(operation),
    codes: () => ['not_found'],
    prepare: () => (state) => parseId(String(state.params.id)),
  }),
  defineStep({
    name: 'query',
    adds: 'query',
    applies: ({ operation }) => operation?.query !== undefined,
    codes: () => ['validation_failed'],
    prepare: ({ operation }) => {
      const schema = operation!.query!
      return (state) => validateQuery(schema, Object.fromEntries(state.url.searchParams))
    },
  }),
  defineStep({
    name: 'body',
    adds: 'body',
    applies: ({ operation }) => operation !== undefined,
    // A body that cannot be read: not JSON (415), undecodable (400: invalid_json, or bad_request when the
    // listener cannot even decompress it), over 1 MiB (413), then the schema (422). A body sent to an
    // operation that takes none is a 422, unless the listener's body reader refuses it first (400, 413,
    // 415); a GET cannot carry one (fetch refuses, the listener drops it unread).
    codes: ({ body, method }) =>
      body
        ? ['unsupported_media_type', 'invalid_json', 'bad_request', 'payload_too_large', 'validation_failed']
        : method === 'get'
          ? []
          : ['unsupported_media_type', 'bad_request', 'payload_too_large', 'validation_failed'],
    prepare: ({ operation }) => {
      const schema = operation!.body
      if (!schema) return (state) => refuseBody(state.request)
      const optional = schema.safeParse(undefined).success
      return async (state) => validate(schema, await readJsonBody(state.request, { optional }), 'request body')
    },
  }),
  defineStep({
    // Public writes queue behind each other (and behind control-plane writes, which queue inside the
    // control plane). A write re-reads its caller in the queue: one queued before it may have reset the
    // key (then this one is a 401, as the old key must be at once) or changed the user.
    name: 'resolve',
    adds: 'result',
    applies: () => true,
    codes: (operation) => operation.errors ?? [],
    prepare: ({ ctx, plane, operation }, resolve) => {
      if (plane === 'admin' || !operation || operation.method === 'get') return resolve
      return (state) =>
        ctx.writeQueue(() => {
          state.user = authenticate(ctx.store, state.request.headers.get('authorization'))
          return resolve(state)
        })
    },
  }),
]

/**
 * Prepares a route: the steps that apply to its target, bound to it, in order, then `resolve` with
 * what they added (`Input`: for an operation, the fields its declaration gives it; see OperationInput).
 */
export function createRoute<Input extends Partial<StepOutputs>>(
  ctx: MockContext,
  target: Target,
  resolve: Resolver<Input>,
): Route {
  const route = { ...target, ctx }
  // The one place the table meets the types: the steps that apply to `target` add what `Input` names
  // (each step's `adds`, checked against every declared operation in pipeline.test.ts).
  const resolveAdded = resolve as Resolver
  return {
    ...route,
    runs: STEPS.filter((step) => step.applies(target)).map((step) => ({
      adds: step.adds,
      run: step.prepare(route, resolveAdded),
    })),
  }
}

/** Keeps a step's value in the field it adds. */
function keep<Field extends StepOutput>(state: Partial<StepOutputs>, field: Field, value: StepOutputs[Field]): void {
  state[field] = value
}

/** An operation as a target: its declaration (`auth`) says which plane it is on. */
export function targetOf(operation: Operation): Target {
  return { plane: operation.auth === 'admin' ? 'admin' : 'api', operation }
}

/**
 * Every error code an operation can answer with, in the order its steps check them: the OpenAPI
 * document's error responses, asked of the same steps the pipeline runs.
 * @example operationErrorCodes(getCampaign) // ['unauthorized', 'rate_limit_exceeded', 'not_found']
 */
export function operationErrorCodes(operation: Operation): ErrorCode[] {
  const target = targetOf(operation)
  return [...new Set(STEPS.filter((step) => step.applies(target)).flatMap((step) => step.codes(operation)))]
}

/** Runs a resolver and turns any failure into the error envelope: ApiErrors as they are, anything else as a 500. */
async function answerSafely(answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer()
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error)
    console.error('[ad-campaign-mock] unexpected error:', error)
    return errorResponse(internalError())
  }
}

/** Holds a public-API response for the configured latency, if any. */
async function holdLatency(ctx: MockContext): Promise<void> {
  const latency = ctx.faults.latencyMs()
  if (latency > 0) await delay(latency)
}

/** Counts the request against the caller's limits, or refuses it (429, not counted); either way the headers say where they stand. */
function admit(ctx: MockContext, state: RequestState): void {
  const user = state.user!
  const decision = ctx.rateLimiter.consume(user.id, ctx.tiers[user.api_tier], ctx.clock.now())
  Object.assign(state.headers, rateLimitHeaders(decision))
  if (!decision.allowed) {
    const { window, limit } = decision.binding
    throw new ApiError(
      'rate_limit_exceeded',
      MESSAGES.rate_limit_exceeded.tier(user.api_tier, limit, window, decision.retryAfterSeconds),
    )
  }
}

/**
 * Honours `Prefer: delay=` and `Prefer: code=`, then any fault rule. It runs only after admission,
 * so an unauthenticated request can neither hold a connection open nor learn anything, and a forced
 * error counts and carries its rate-limit headers; it runs before validation and the resolver, so a
 * forced error never changes state.
 */
async function applyFaults(ctx: MockContext, state: RequestState, prefix: string, operation: Operation): Promise<void> {
  const { code, delay: preferredDelay } = parsePrefer(state.request.headers.get('prefer'))
  if (preferredDelay !== undefined) {
    preferenceApplied(state, `delay=${preferredDelay}`)
    if (preferredDelay > 0) await delay(preferredDelay)
  }
  const { pathname } = state.url
  const forced =
    code !== undefined
      ? { status: code, reason: `Prefer: code=${code}` }
      : ctx.faults.forcedError(
          state.request.method,
          pathname.startsWith(prefix) ? pathname.slice(prefix.length) || '/' : pathname,
          operation.path,
        )
  if (!forced) return
  if (code !== undefined) preferenceApplied(state, `code=${code}`)
  if (forced.status === 429) state.headers[RATE_LIMIT_HEADERS.retryAfter.name] = '1'
  throw new ApiError(FAULT_ERROR_CODES[forced.status], injectedFault(forced.status, forced.reason))
}

/** Tells the client which of its preferences were honoured (RFC 7240 Preference-Applied). */
function preferenceApplied(state: RequestState, preference: string): void {
  const current = state.headers['Preference-Applied']
  state.headers['Preference-Applied'] = current ? `${current}, ${preference}` : preference
}

/** Adds the headers the steps gave the request (rate limits, Preference-Applied) and the mock's Date to a public-API response. */
function addResponseHeaders(ctx: MockContext, state: RequestState, response: Response): void {
  for (const [name, value] of Object.entries(state.headers)) response.headers.set(name, value)
  // The mock's own time, so a client can read X-RateLimit-Reset against it even after the control plane moved the clock.
  response.headers.set('Date', new Date(ctx.clock.now()).toUTCString())
}

/** Records a public-API request in the journal, as it was answered. */
function journal(
  { ctx, operation }: Route,
  state: RequestState,
  response: Response,
  at: number,
  started: number,
): void {
  const { pathname, search } = state.url
  ctx.journal.record({
    at: isoTimestamp(at),
    method: state.request.method,
    path: redactKey(pathname + search, state.request.headers.get('authorization')),
    status: response.status,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    user_id: state.user?.id ?? null,
    operation_id: operation?.operationId ?? null,
  })
}
