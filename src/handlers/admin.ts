import { http, type HttpHandler } from 'msw'
import { assertAdmin } from '../domain/auth.js'
import { createAccount } from '../domain/accounts.js'
import { presentUser } from '../domain/present.js'
import { ApiError } from '../http/api-error.js'
import type { MockContext } from '../mock-context.js'
import { createUser, reset } from '../operations/admin.js'
import { handleSafely } from './handle-safely.js'
import { implementOperation } from './implement-operation.js'

/** The control plane for tests and tools, under /__admin. */
export function adminHandlers(ctx: MockContext): HttpHandler[] {
  return [
    implementOperation(ctx, createUser, async ({ body }) => ({
      data: presentUser(await createAccount(ctx, body ?? {}), ctx.tiers),
    })),
    implementOperation(ctx, reset, async () => {
      await ctx.store.load(ctx.fixtures)
      const { users, adverts, campaigns } = ctx.store
      return { data: { users: users.size, adverts: adverts.size, campaigns: campaigns.size } }
    }),
    http.all(`${ctx.adminBase}/*`, ({ request }) =>
      handleSafely(async () => {
        assertAdmin(ctx, request)
        throw new ApiError('route_not_found', `No control operation ${request.method} ${new URL(request.url).pathname}`)
      }),
    ),
  ]
}
