import { http, type HttpHandler } from 'msw'
import { createAccount } from '../domain/accounts.js'
import { presentUser } from '../domain/present.js'
import { ApiError } from '../http/api-error.js'
import { readJsonBody, validate } from '../http/parse-input.js'
import { successResponse } from '../http/respond.js'
import type { MockContext } from '../mock-context.js'
import { NewUserInput } from '../schemas/admin.js'
import { handleSafely } from './handle-safely.js'

/** Header that carries the control-plane token, when one is configured. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token'

/**
 * The control plane for tests and tools, under /__admin. It never looks at the
 * Authorization header, so a user's API key opens nothing here.
 */
export function adminHandlers(ctx: MockContext): HttpHandler[] {
  const guarded = (resolve: (request: Request) => Promise<Response>) =>
    ({ request }: { request: Request }) =>
      handleSafely(async () => {
        assertAdmin(ctx, request)
        return resolve(request)
      })

  return [
    http.post(
      `${ctx.adminBase}/users`,
      guarded(async (request) => {
        const input = validate(NewUserInput, (await readJsonBody(request, { optional: true })) ?? {}, 'request body')
        const user = await createAccount(ctx, input)
        return successResponse(201, presentUser(user, ctx.tiers))
      }),
    ),
    http.post(
      `${ctx.adminBase}/reset`,
      guarded(async () => {
        await ctx.store.load(ctx.fixtures)
        return successResponse(200, counts(ctx))
      }),
    ),
    http.all(
      `${ctx.adminBase}/*`,
      guarded(async (request) => {
        throw new ApiError('route_not_found', `No control operation ${request.method} ${new URL(request.url).pathname}`)
      }),
    ),
  ]
}

function assertAdmin(ctx: MockContext, request: Request): void {
  if (ctx.adminToken === undefined) return
  if (request.headers.get(ADMIN_TOKEN_HEADER) !== ctx.adminToken) {
    throw new ApiError('admin_forbidden', `The control plane needs the admin token in the ${ADMIN_TOKEN_HEADER} header`)
  }
}

function counts(ctx: MockContext) {
  return { users: ctx.store.users.size, adverts: ctx.store.adverts.size, campaigns: ctx.store.campaigns.size }
}
