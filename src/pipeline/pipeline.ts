import { assertAdminToken, authenticate } from '../domain/auth.js'
import { httpDate } from '../domain/clock.js'
import { ApiError, internalError } from '../errors/api-error.js'
import { parseId, validate, validateQuery } from '../errors/validate.js'
import { ADMIN_TOKEN_HEADER } from '../http/credentials.js'
import type { MockAnswer, MockRequest } from '../http/mock-request.js'
import { readJsonBody, refuseBody } from '../http/read-body.js'
import type { Operation } from '../operations/define-operation.js'
import type { ApiModel } from '../model/api-model.js'
import type { UserRecord } from '../store/models.js'
import { caches } from '../store/kept-json.js'
import type { MockContext } from './mock-context.js'
import { errorAnswer, routeNotFound } from './error-answer.js'
import { answerWithBase, success } from './success-answer.js'
import { MESSAGES } from '../errors/messages.js'
import { applyFaults, holdLatency } from './fault-steps.js'
import { answerOverride } from './overrides.js'
import type { OperationRoute, PathParams, Route } from './route.js'
import type { RouteIndex, RouteMatch } from './route-index.js'

// One request, top to bottom. answerRequest finds the route; answerApi and answerControlPlane are
// the steps, in the order the README states ("Order of checks"), each a named call. The document
// reads the same steps, as data, from steps.ts.

/** A request's route, found once: the route, its parameters, and whether it is a HEAD answered as its GET. */
export interface Found extends RouteMatch {
  head: boolean
}

/**
 * Finds the route for a request, or undefined when it lies under neither the API nor the control
 * plane. HEAD is answered wherever GET is (RFC 9110 9.3.2).
 * @example findRoute(index, request)?.route.operation?.operationId // 'listCampaigns'
 */
export function findRoute(index: RouteIndex, request: MockRequest): Found | undefined {
  if (request.method !== 'HEAD') {
    const match = index.find(request.method, request.url)
    return match && { ...match, head: false }
  }
  if (!index.isUnderEitherBase(request.url)) return undefined
  const match = index.find('GET', request.url)
  return match && { ...match, head: true }
}

/**
 * Answers a request the mock serves, or undefined when it is not the mock's: the listener's path.
 * @example const answer = await answerRequest(index, request)
 */
export function answerRequest(index: RouteIndex, request: MockRequest): Promise<MockAnswer | undefined> {
  const found = findRoute(index, request)
  return found ? answerFound(found, request) : Promise.resolve(undefined)
}

/** Answers a found route; a HEAD gets its GET's status and headers, the body's length and no body. */
export function answerFound({ route, params, head, allow }: Found, request: MockRequest): Promise<MockAnswer> {
  const answer =
    route.plane === 'api' ? answerApi(route, request, params, allow) : answerControlPlane(route, request, params)
  return head ? answer.then(headAnswer) : answer
}

/** A HEAD's answer: its GET's status and headers, the body's length and no body. */
function headAnswer({ status, headers, body }: MockAnswer): MockAnswer {
  const length = new TextEncoder().encode(body ?? '').byteLength
  return { status, headers: { ...headers, 'content-length': String(length) }, body: null }
}

/**
 * The public API's answer: its steps (apiSteps), their failure as the error answer, then for a
 * success and an error alike the response's headers and the journal entry.
 */
async function answerApi(
  route: Route,
  request: MockRequest,
  params: PathParams,
  allow: readonly string[] = [],
): Promise<MockAnswer> {
  const { ctx } = route
  const at = ctx.clock.now()
  const started = performance.now()
  const headers: Record<string, string> = {}
  const caller: Caller = { user: undefined }
  let answer: MockAnswer
  try {
    answer = await apiSteps(route, request, params, allow, headers, caller)
  } catch (error) {
    answer = failed(ctx, request, error)
  }
  Object.assign(answer.headers, headers)
  // The mock's own time, so a client can read X-RateLimit-Reset against it even after the control plane moved the clock.
  answer.headers.date = httpDate(ctx.clock.now())
  const requestBody = request.hasBody ? await request.text().catch(() => null) : null
  journal(route, request, answer, caller.user, at, started, requestBody)
  return answer
}

/** Who a request acts for, once `authenticate` has said (the journal records it, a failure too). */
interface Caller {
  user: UserRecord | undefined
}

/**
 * The public API's steps: latency, (an unknown route,) authenticate, rate limit, faults and Prefer, override, id, query, body,
 * resolve (public writes one at a time, in the write queue), the success answer.
 */
async function apiSteps(
  route: Route,
  request: MockRequest,
  params: PathParams,
  allow: readonly string[],
  headers: Record<string, string>,
  caller: Caller,
): Promise<MockAnswer> {
  const { ctx } = route
  if (ctx.faults.active) await holdLatency(ctx)
  // A path or method no operation has is answered before the key, unless the profile authenticates it first.
  const { errors } = ctx.profile
  const first = allow.length > 0 ? errors.authenticateUnsupportedMethods : errors.authenticateUnknownRoutes
  if (route.notFound && !first) throw routeNotFound(route, request, allow)
  let user = (caller.user = authenticate(ctx.store, request.header('authorization')))
  // Once its key is checked, an unknown route counts (and says its limits) where the profile says so.
  if (!route.notFound || ctx.profile.rateLimits.countsUnrouted) await admit(ctx, user, headers)
  if (route.notFound) throw routeNotFound(route, request, allow)
  const { operation } = route
  if (ctx.faults.active || request.header('prefer') !== null) await applyFaults(ctx, request, operation, headers)
  const overridden = ctx.overrides.size > 0 ? await answerOverride(route, request, params, headers) : undefined
  if (overridden) return overridden
  const id = readId(params)
  const query = readQuery(operation, request, ctx.model)
  const body = operation.method === 'get' && !operation.body ? undefined : await readBody(route, request)
  const resolved =
    operation.method === 'get'
      ? await route.resolve({ user, id, query, body }, ctx)
      : await ctx.writeQueue(() => {
          // A write re-reads its caller in the queue: one queued before it may have reset the key
          // (then this one is a 401, as the old key must be at once) or changed the user.
          user = caller.user = authenticate(ctx.store, request.header('authorization'))
          return route.resolve({ user, id, query, body }, ctx)
        })
  const answered = success(ctx.model, route, request, resolved)
  return ctx.model.usesBase ? answerWithBase(answered, request, ctx) : answered
}

/** The control plane's steps: admin token, id, query, body, resolve; no latency, headers or journal. */
async function answerControlPlane(route: Route, request: MockRequest, params: PathParams): Promise<MockAnswer> {
  const { ctx } = route
  try {
    assertAdminToken(ctx.adminToken, request.header(ADMIN_TOKEN_HEADER), ADMIN_TOKEN_HEADER)
    if (route.notFound) throw routeNotFound(route, request)
    const { operation } = route
    const id = readId(params)
    const query = readQuery(operation, request)
    const body = await readBody(route, request)
    return success(ctx.model, route, request, await route.resolve({ user: undefined, id, query, body }, ctx))
  } catch (error) {
    return failed(ctx, request, error)
  }
}

/** A failure as the error answer: ApiErrors as they are, anything else as a 500. */
function failed(ctx: MockContext, request: MockRequest, error: unknown): MockAnswer {
  const scene = { request: { method: request.method, path: request.url.pathname }, now: () => ctx.clock.now() }
  if (error instanceof ApiError) return errorAnswer(error, ctx.model, scene)
  console.error('[ad-campaign-mock] unexpected error:', error)
  return errorAnswer(internalError(), ctx.model, scene)
}

/**
 * Counts the request against the caller's limits, or refuses it (429, not counted); either way the
 * headers say where they stand. Checked and counted in one step (synchronous in memory, one script
 * in a shared store), so concurrent requests cannot pass a limit together.
 */
async function admit(ctx: MockContext, user: UserRecord, headers: Record<string, string>): Promise<void> {
  const decision = await ctx.rateLimiter.consume(user.id, ctx.tiers[user.api_tier], ctx.clock.now())
  ctx.model.headers.write(decision, headers)
  if (!decision.allowed) {
    const { window, limit } = decision.binding
    throw new ApiError(
      'rate_limit_exceeded',
      MESSAGES.rate_limit_exceeded.tier(user.api_tier, limit, window, decision.retryAfterSeconds),
    )
  }
}

/** The path's id, where the operation's path has one (the index gave it then): a malformed one is a 404. */
function readId(params: PathParams): number | undefined {
  return params.id === undefined ? undefined : parseId(params.id)
}

/**
 * The query, validated by the operation's schema, where it declares one. Validation is pure, so a
 * query string met before is answered from a small cache of what it validated to (never mutated).
 */
function readQuery(operation: Operation, request: MockRequest, model?: ApiModel): unknown {
  if (!operation.query) return undefined
  const { search } = request.url
  let cache = validQueries.get(operation)
  const known = caches.enabled ? cache?.get(search) : undefined
  if (known !== undefined) return known
  const validated = validateQuery(operation.query, Object.fromEntries(request.url.searchParams))
  // A public list's paging under the profile's names, read back as the mock's.
  const query = model && operation.response.list ? model.lists.pageQuery(validated as object) : validated
  if (!caches.enabled) return query
  if (!cache) validQueries.set(operation, (cache = new Map()))
  if (cache.size >= MAX_CACHED_QUERIES) cache.clear()
  cache.set(search, query)
  return query
}

/** Query strings each operation has validated, and what to: at most MAX_CACHED_QUERIES each. */
const validQueries = new WeakMap<Operation, Map<string, unknown>>()
const MAX_CACHED_QUERIES = 256

/**
 * The body, validated by the operation's schema. One that cannot be read: not JSON (415),
 * undecodable (400), over 1 MiB (413), then the schema (422). A body sent to an operation that
 * takes none is a 422; a GET's is never read (fetch cannot send one, the listener drops it unread).
 */
async function readBody(
  { operation, plane, refuseBody: wordRefusal }: OperationRoute,
  request: MockRequest,
): Promise<unknown> {
  const schema = operation.body
  if (!schema) return operation.method === 'get' ? undefined : refuseBody(request, { emptyObject: plane === 'admin' })
  const optional = schema.safeParse(undefined).success
  const value = await readJsonBody(request, { optional })
  try {
    return validate(schema, value, 'request body')
  } catch (error) {
    throw wordRefusal && error instanceof ApiError ? wordRefusal(error) : error
  }
}

/** Records a public-API request in the journal, as it was answered, with both bodies (the journal keeps keys out). */
function journal(
  { ctx, operation }: Route,
  request: MockRequest,
  answer: MockAnswer,
  user: UserRecord | undefined,
  at: number,
  started: number,
  requestBody: string | null,
): void {
  const { pathname, search } = request.url
  // As answered: the journal redacts the key and writes the time only when it is read.
  ctx.journal.record({
    at,
    method: request.method,
    path: pathname + search,
    status: answer.status,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    user_id: user?.id ?? null,
    operation_id: operation?.operationId ?? null,
    request_body: requestBody,
    response_body: answer.body,
    key: request.header('authorization'),
  })
}
