import { ApiError } from '../errors/api-error.js'
import { MESSAGES } from '../errors/messages.js'
import type { UserRecord } from '../store/models.js'
import type { Store } from '../store/store.js'

/**
 * Finds the user whose API key this is: the bare value a client sent (spec section 5), white
 * space around it ignored; a missing, scheme-prefixed (`Bearer <key>`) or unknown one is a 401.
 * @example authenticate(store, request.header('authorization'))
 */
export function authenticate(store: Store, apiKey: string | null): UserRecord {
  const value = apiKey?.trim() ?? ''
  if (value === '') throw new ApiError('unauthorized', MESSAGES.unauthorized.missing())
  const scheme = /^(\w+)\s+\S/.exec(value)?.[1]
  if (scheme) throw new ApiError('unauthorized', MESSAGES.unauthorized.scheme(scheme))
  const user = store.userByApiKey(value)
  if (!user) throw new ApiError('unauthorized', MESSAGES.unauthorized.invalid())
  return user
}

/**
 * Lets a control-plane caller through when the mock has no admin token or the caller sent it;
 * otherwise a 403 that names where the token goes. A user's API key is never looked at.
 * @example assertAdminToken(ctx.adminToken, request.header('x-admin-token'), 'x-admin-token')
 */
export function assertAdminToken(expected: string | undefined, given: string | null, header: string): void {
  if (expected !== undefined && given !== expected)
    throw new ApiError('admin_forbidden', MESSAGES.admin_forbidden.token(header))
}
