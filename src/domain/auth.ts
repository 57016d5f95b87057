import { ApiError } from '../http/api-error.js'
import type { UserRecord } from '../store/models.js'
import type { Store } from '../store/store.js'

/**
 * Finds the user whose API key is the bare value of the Authorization header (spec
 * section 5), or throws a 401 that says what to send instead.
 */
export function authenticate(store: Store, authorization: string | null): UserRecord {
  const value = authorization?.trim() ?? ''
  if (value === '') {
    throw new ApiError('unauthorized', 'Missing API key: send it bare in the Authorization header')
  }
  const scheme = /^(\w+)\s+\S/.exec(value)?.[1]
  if (scheme) {
    throw new ApiError('unauthorized', `Send the bare API key in the Authorization header, without "${scheme} "`)
  }
  const user = store.userByApiKey(value)
  if (!user) throw new ApiError('unauthorized', 'Invalid API key')
  return user
}

/** Header that carries the control-plane token, when one is configured. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token'

/**
 * Lets a control-plane request through when no admin token is set or the request
 * carries it. The Authorization header is never looked at, so a user key opens nothing.
 */
export function assertAdmin(ctx: { adminToken?: string }, request: Request): undefined {
  if (ctx.adminToken === undefined) return undefined
  if (request.headers.get(ADMIN_TOKEN_HEADER) !== ctx.adminToken) {
    throw new ApiError('admin_forbidden', `The control plane needs the admin token in the ${ADMIN_TOKEN_HEADER} header`)
  }
  return undefined
}
