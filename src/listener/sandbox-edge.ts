import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import { ADMIN_TOKEN_HEADER } from '../http/credentials.js'
import type { MockAnswer, MockRequest } from '../http/mock-request.js'
import { errorAnswer } from '../pipeline/error-answer.js'
import { DEFAULT_TENANT, TENANT_NAME, type Sandbox, type TenantMock } from '../persistence/redis/sandbox.js'
import { StoreError } from '../persistence/redis/store-error.js'
import type { MockApi } from '../surface/create-mock-api.js'
import { CORS_HEADERS, createRequestListener, type InFlight, type RequestEdge } from './request-listener.js'
import type { MockExpressApp } from './mock-express-app.js'

// The listener's edge when the state is shared in Redis (--store): which tenant a request is for
// (`/t/<name>/…`, the default tenant otherwise), and around the pipeline's answer, what makes it
// the shared state's: catch up first (with the journal, for the control plane), run a control-plane
// write in one write turn, wait for the counts and journal entry to reach Redis; and when Redis
// failed meanwhile, a 503 in the error shape with Retry-After instead, never an answer it cannot vouch for.

/** Seconds a client is told to wait after a 503 of the store: Redis reconnects within a second. */
export const STORE_RETRY_AFTER_SECONDS = 1

/** The path of sandbox-wide answers (not a tenant's): `/__sandbox/health`, `/__sandbox/tenants/<name>`. */
export const SANDBOX_PATH = '/__sandbox'

/**
 * The listener's request handler over a sandbox: `/__sandbox/…` answered here, everything else by the
 * tenant's mock through the edge.
 * @example createServer(createSandboxListener(listener.sandbox!, createListenerApp(listener.api), []))
 */
export function createSandboxListener(
  sandbox: Sandbox,
  app: MockExpressApp,
  expressPaths: readonly string[],
  inFlight?: InFlight,
): RequestListener {
  const mocks = createRequestListener(sandbox.default.api, app, expressPaths, inFlight, sandboxEdge(sandbox))
  return (req, res) => {
    if (req.url === SANDBOX_PATH || req.url?.startsWith(`${SANDBOX_PATH}/`)) return answerSandbox(sandbox, req, res)
    return mocks(req, res)
  }
}

/** The edge: the tenant a URL names, and the shared state's steps around its answer. */
function sandboxEdge(sandbox: Sandbox): RequestEdge {
  const byApi = new WeakMap<MockApi, TenantMock>()
  return {
    async mockFor(url) {
      const name = tenantOf(url)
      const tenant = await sandbox.tenant(name)
      byApi.set(tenant.api, tenant)
      return tenant.api
    },
    async answer(api, request, answer) {
      const tenant = byApi.get(api) ?? sandbox.default
      const admin = request.url.pathname.startsWith(tenant.adminPath)
      if (admin && tenant.name !== DEFAULT_TENANT) {
        const refused = refusedToken(sandbox, tenant, request)
        if (refused) return refused
      }
      const { shared } = tenant
      let disturbances = 0
      let answered: MockAnswer | undefined
      try {
        // The journal is read back only for the requests that read it (or count what they clear).
        await shared.sync({ journal: admin && request.url.pathname.endsWith('/requests') })
        disturbances = shared.disturbances
        const write = request.method !== 'GET' && request.method !== 'HEAD'
        answered = admin && write ? await shared.writeTurn(answer) : await answer()
        await shared.settle()
      } catch (error) {
        if (error instanceof StoreError) return unavailable(api, request, error.message)
        throw error
      }
      // Redis failed, or the state was loaded whole, while this was answered: the answer may rest on
      // what did not reach Redis, or on a state half loaded.
      if (shared.disturbances !== disturbances) return unavailable(api, request)
      tenant.lastUsed = Date.now()
      return answered
    },
    refused(error, url) {
      const { model } = sandbox.default.api.context
      if (error instanceof TenantNameError) return errorAnswer(new ApiError('bad_request', error.message), model)
      if (error instanceof StoreError) return unavailableAnswer(sandbox.default.api, url.pathname, error.message)
      throw error
    },
  }
}

/** The tenant a URL names: the segment after `/t/`, or the default tenant. */
function tenantOf(url: URL): string {
  if (!url.pathname.startsWith('/t/')) return DEFAULT_TENANT
  const name = url.pathname.slice(3).split('/')[0] ?? ''
  if (!TENANT_NAME.test(name) || name === DEFAULT_TENANT) throw new TenantNameError(name)
  return name
}

/** A `/t/<name>/` whose name is not one a tenant may have. */
class TenantNameError extends Error {
  constructor(name: string) {
    super(
      `"${name}" is not a tenant name: 1 to 63 lower-case letters, digits, - and _, starting with a letter or digit (not "${DEFAULT_TENANT}")`,
    )
  }
}

/** A named tenant's control plane opens with the sandbox's token or the tenant's own; a 403 otherwise. */
function refusedToken(sandbox: Sandbox, tenant: TenantMock, request: MockRequest): MockAnswer | undefined {
  const given = request.header(ADMIN_TOKEN_HEADER)
  const expected = sandbox.default.api.context.adminToken
  if (expected === undefined || given === expected || given === sandbox.tokenFor(tenant.name)) return undefined
  const error = new ApiError('admin_forbidden', MESSAGES.admin_forbidden.token(ADMIN_TOKEN_HEADER))
  return errorAnswer(error, tenant.api.context.model, scene(tenant.api, request))
}

function scene(api: MockApi, request: MockRequest) {
  return { request: { method: request.method, path: request.url.pathname }, now: () => api.context.clock.now() }
}

const STORE_AWAY = 'The shared store (Redis) cannot be reached; the sandbox answers again once it is back.'

/** The 503 of a store that failed: the model's error answer, `service_unavailable`, with Retry-After. */
function unavailable(api: MockApi, request: MockRequest, detail?: string): MockAnswer {
  return unavailableAnswer(api, request.url.pathname, detail, request.method)
}

function unavailableAnswer(api: MockApi, path: string, detail = STORE_AWAY, method = 'GET'): MockAnswer {
  const { model, clock } = api.context
  const answer = errorAnswer(new ApiError('service_unavailable', detail), model, {
    request: { method, path },
    now: () => clock.now(),
  })
  answer.headers[model.headers.retryAfterName ?? 'Retry-After'] = String(STORE_RETRY_AFTER_SECONDS)
  return answer
}

/**
 * `GET /__sandbox/health`: this replica is up, and whether Redis answers (200 either way, for a
 * liveness probe; readiness is `/__admin/health`, a 503 while Redis is away). `GET
 * /__sandbox/tenants/<name>`: with the sandbox's admin token, the tenant's own token and its URLs.
 */
async function answerSandbox(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown) =>
    void res
      .writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body))
  // Refusals in the error shape the model gives them, as every other answer's.
  const refuse = (error: ApiError) => {
    const answer = errorAnswer(error, sandbox.default.api.context.model)
    void res.writeHead(answer.status, { ...CORS_HEADERS, ...answer.headers }).end(answer.body)
  }
  const path = (req.url ?? '').split('?')[0]!
  const token = req.headers[ADMIN_TOKEN_HEADER]
  const expected = sandbox.default.api.context.adminToken
  if (req.method !== 'GET')
    return refuse(
      new ApiError(
        'method_not_allowed',
        MESSAGES.method_not_allowed.allowed(req.method ?? '', path, ['GET']),
        undefined,
        ['GET'],
      ),
    )
  if (path === `${SANDBOX_PATH}/health`) {
    const redis = await sandbox.store.connection.command(['PING']).then(
      () => 'up',
      () => 'down',
    )
    return send(200, { success: true, data: { status: 'ok', store: sandbox.store.where.shown, redis } })
  }
  const name = /^\/__sandbox\/tenants\/([^/]+)$/.exec(path)?.[1] ?? ''
  if (!TENANT_NAME.test(name) || name === DEFAULT_TENANT)
    return refuse(new ApiError('route_not_found', `No sandbox route ${path}`))
  if (expected !== undefined && token !== expected)
    return refuse(new ApiError('admin_forbidden', MESSAGES.admin_forbidden.token(ADMIN_TOKEN_HEADER)))
  const host = `http://${req.headers.host ?? '127.0.0.1'}`
  return send(200, {
    success: true,
    data: {
      tenant: name,
      base_url: `${host}/t/${name}/api/v1`,
      admin_url: `${host}/t/${name}/__admin`,
      admin_token: sandbox.tokenFor(name) ?? null,
      ttl_seconds: sandbox.tenantTtlMs / 1000,
    },
  })
}
